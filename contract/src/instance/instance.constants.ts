// Instance settings constants shared by server and browser (zod-free).

/** The search providers whose keys the instance settings hold (PUT/GET/DELETE …/{provider}/apiKey). */
export const SearchKeyProviders = ['bing', 'braveSearch'] as const;
export type SearchKeyProvider = (typeof SearchKeyProviders)[number];

/** Every key the admin API manages; claude's makes the Anthropic provider usable. */
export const InstanceApiKeyProviders = ['bing', 'braveSearch', 'claude'] as const;
export type InstanceApiKeyProvider = (typeof InstanceApiKeyProviders)[number];

export const FaviconMaxBytes = 512 * 1024;
export const FaviconContentTypes = ['image/x-icon', 'image/png', 'image/svg+xml'] as const;

/** The Claude models a Claude key offers when it creates the Anthropic connection. */
export const ClaudeKeyDefaultModels = ['claude-sonnet-4-5'] as const;

/** The product and organization names of the instance's branding settings. */
export const ProductNameMaxLength = 100;
export const OrganizationNameMaxLength = 200;

/** The instance settings tabs of docs/product.md §2 (/admin/instanceSettings/{tab}). */
export const InstanceSettingsTabs = ['apiKeys', 'hipaa', 'branding', 'agents'] as const;
export type InstanceSettingsTab = (typeof InstanceSettingsTabs)[number];

/** localStorage key of the instance settings version the browser last saw change (busts the 7-day cache). */
export const InstanceSettingsVersionKey = 'instanceSettingsVersion';

/** How many days a retention setting may keep something: a day at least, a hundred years at most (docs/retention.md). */
export const RetentionMinDays = 1;
export const RetentionMaxDays = 36_500;
/** The kinds of data the retention settings keep for a number of days (null: forever). */
export const RetentionKinds = ['signedInConversationDays', 'publicConversationDays', 'uploadDays', 'traceLogDays'] as const;
export type RetentionKind = (typeof RetentionKinds)[number];
/** What HIPAA mode keeps, until an administrator sets the retention settings (docs/retention.md). */
export const HipaaRetentionDefaults: Record<RetentionKind, number> = {
  signedInConversationDays: 90,
  publicConversationDays: 30,
  uploadDays: 30,
  traceLogDays: 30,
};
