import { z } from 'zod';
import { OrganizationNameMaxLength, ProductNameMaxLength } from './instance.constants.js';

export const EntraIdSettingsSchema = z.object({
  clientId: z.string(),
  tenantId: z.string(),
  instance: z.string(),
  /** The OpenID authority the browser signs in with (Entra ID or any other provider). */
  authority: z.string(),
  scopes: z.array(z.string()),
});

export const InstanceDefaultsSchema = z.object({ defaultBrandKey: z.string() });

export const InstanceSettingsSchema = z.object({
  name: z.string(),
  organizationName: z.string(),
  entraIdSettings: EntraIdSettingsSchema.nullable(),
  defaults: InstanceDefaultsSchema,
  localSignInEnabled: z.boolean(),
  allowUserCreatedGptSystems: z.boolean(),
  showInstanceSettingsPage: z.boolean(),
  hipaaMode: z.boolean(),
  /** the account menu's release notes link (RELEASE_NOTES_URL); null hides it */
  releaseNotesUrl: z.string().nullable(),
  /** file names of uploaded favicons (GET /InstanceSettings/favicons/{fileName}); empty uses the shipped one */
  favicons: z.array(z.string()),
  /** changes whenever an administrator changes a setting; clients add it as a query to bust the 7-day cache */
  settingsVersion: z.string(),
});
export type InstanceSettings = z.infer<typeof InstanceSettingsSchema>;

export const BuildInfoSchema = z.object({
  version: z.string(),
  buildId: z.string(),
  commitHash: z.string(),
  timestamp: z.string(),
});
export type BuildInfo = z.infer<typeof BuildInfoSchema>;

export const FeatureFlagSchema = z.object({ name: z.string(), enabled: z.boolean() });
export const FeatureListSchema = z.object({ items: z.array(FeatureFlagSchema) });
export type FeatureFlag = z.infer<typeof FeatureFlagSchema>;

export const HealthSchema = z.object({ status: z.enum(['Healthy', 'Unhealthy', 'Degraded']) });
export type Health = z.infer<typeof HealthSchema>;

/** One engine's part of the readiness check; NotConfigured: this installation does not use it (Redis without REDIS_URL). */
export const ReadinessCheckSchema = z.enum(['Healthy', 'Unhealthy', 'NotConfigured']);
export const ReadinessSchema = z.object({
  status: z.enum(['Healthy', 'Unhealthy']),
  checks: z.object({ database: ReadinessCheckSchema, redis: ReadinessCheckSchema, storage: ReadinessCheckSchema }),
});
export type Readiness = z.infer<typeof ReadinessSchema>;

export const ApiKeyStatusSchema = z.object({ hasApiKey: z.boolean(), lastModifiedAt: z.string().nullable() });
export type ApiKeyStatus = z.infer<typeof ApiKeyStatusSchema>;

export const ApiKeyUpdateSchema = z.object({ apiKey: z.string().trim().min(1, 'The key is required').max(1000) });
export type ApiKeyUpdate = z.infer<typeof ApiKeyUpdateSchema>;

export const ApiKeyProviderParamsSchema = z.object({ provider: z.enum(['bing', 'braveSearch', 'claude']) });

export const ClaudeEnabledSchema = z.object({ enabled: z.boolean() });
export type ClaudeEnabled = z.infer<typeof ClaudeEnabledSchema>;

export const HipaaSettingsSchema = z.object({ enabled: z.boolean() });
export type HipaaSettings = z.infer<typeof HipaaSettingsSchema>;

export const GptInstanceSettingsSchema = z.object({
  allowUserCreatedGptSystems: z.boolean(),
  showInstanceSettingsPage: z.boolean(),
  /** whether personal agents may have a public endpoint (docs/public-chat.md); false unless an administrator allows it */
  allowPersonalPublicEndpoints: z.boolean().optional(),
  featureFlags: z.array(FeatureFlagSchema),
});
export type GptInstanceSettings = z.infer<typeof GptInstanceSettingsSchema>;

export const GptInstanceSettingsUpdateSchema = z.object({
  allowUserCreatedGptSystems: z.boolean().optional(),
  showInstanceSettingsPage: z.boolean().optional(),
  allowPersonalPublicEndpoints: z.boolean().optional(),
  featureFlags: z.array(FeatureFlagSchema).optional(),
});
export type GptInstanceSettingsUpdate = z.infer<typeof GptInstanceSettingsUpdateSchema>;

export const BrandingSettingsSchema = z.object({
  name: z.string().trim().min(1, 'The product name is required').max(ProductNameMaxLength),
  organizationName: z.string().trim().min(1, 'The organization name is required').max(OrganizationNameMaxLength),
});
export type BrandingSettings = z.infer<typeof BrandingSettingsSchema>;

export const FaviconSchema = z.object({ fileName: z.string(), contentType: z.string(), sizeBytes: z.number().int(), createdAt: z.string() });
export type Favicon = z.infer<typeof FaviconSchema>;
export const FaviconListSchema = z.object({ items: z.array(FaviconSchema), continuationToken: z.null() });
export type FaviconList = z.infer<typeof FaviconListSchema>;
export const FaviconParamsSchema = z.object({
  fileName: z.string().regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/, 'Use a plain file name (letters, digits, dot, dash, underscore)'),
});
export const FaviconUploadQuerySchema = z.object({
  fileName: z
    .string()
    .regex(/^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}$/, 'Use a plain file name (letters, digits, dot, dash, underscore)')
    .optional(),
});
