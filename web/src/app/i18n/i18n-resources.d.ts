// Types i18next's keys from the JSON texts: the bundled en-US.json and every feature's `<feature>.texts.json`
// (each under its own top-level key), all in the one `translation` namespace. A key missing from them, or
// misspelt, fails `npm run typecheck` (i18n.types.test.ts proves it still does). A new `*.texts.json`
// joins the intersection below.
import 'i18next';
import type enUS from './locales/en-US.json';
import type adminUiTexts from '../../components/admin/admin-ui.texts.json';
import type agentConfigTexts from '../../components/agent-config/agent-config.texts.json';
import type accessPoliciesTexts from '../../features/admin-access-policies/access-policies.texts.json';
import type adminAgentsTexts from '../../features/admin-agents/admin-agents.texts.json';
import type adminAuditTexts from '../../features/admin-audit/admin-audit.texts.json';
import type adminBrandsTexts from '../../features/admin-brands/admin-brands.texts.json';
import type guidelinesTexts from '../../features/admin-guidelines/guidelines.texts.json';
import type adminInstanceSettingsTexts from '../../features/admin-instance-settings/admin-instance-settings.texts.json';
import type adminShellTexts from '../../features/admin-shell/admin-shell.texts.json';
import type adminUserRolesTexts from '../../features/admin-user-roles/admin-user-roles.texts.json';
import type adminUsersTexts from '../../features/admin-users/admin-users.texts.json';
import type guidelinesConsentTexts from '../../features/chat-conversation/components/guidelines-consent.texts.json';
import type uploadsTexts from '../../features/chat-conversation/uploads.texts.json';
import type personalAgentsTexts from '../../features/chat-shell/personal-agents.texts.json';
import type tourTexts from '../../features/tour/tour.texts.json';
import type userPromptsTexts from '../../features/user-prompts/user-prompts.texts.json';

export type Texts = typeof enUS &
  typeof adminUiTexts &
  typeof agentConfigTexts &
  typeof accessPoliciesTexts &
  typeof adminAgentsTexts &
  typeof adminAuditTexts &
  typeof adminBrandsTexts &
  typeof guidelinesTexts &
  typeof adminInstanceSettingsTexts &
  typeof adminShellTexts &
  typeof adminUserRolesTexts &
  typeof adminUsersTexts &
  typeof guidelinesConsentTexts &
  typeof uploadsTexts &
  typeof personalAgentsTexts &
  typeof tourTexts &
  typeof userPromptsTexts;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Texts };
  }
}
