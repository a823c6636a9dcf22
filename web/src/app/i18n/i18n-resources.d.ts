// Types i18next's keys from the JSON texts: the bundled en-US.json and every feature's `<feature>.texts.json`
// (each under its own top-level key), all in the one `translation` namespace. A key missing from them, or
// misspelt, fails `npm run typecheck` (i18n.types.test.ts proves it still does). A new `*.texts.json`
// joins the intersection below.
import 'i18next';
import type enUS from './locales/en-US.json';
import type adminUiTexts from '../../components/admin/admin-ui.texts.json';
import type agentConfigTexts from '../../components/agent-config/agent-config.texts.json';
import type agentDataSourcesTexts from '../../components/agent-config/agent-data-sources.texts.json';
import type formsTexts from '../../components/forms/forms.texts.json';
import type usageLimitsTexts from '../../components/usage-limits/usage-limits.texts.json';
import type accessPoliciesTexts from '../../features/admin-access-policies/access-policies.texts.json';
import type adminAnalyticsTexts from '../../features/admin-analytics/admin-analytics.texts.json';
import type adminAgentsTexts from '../../features/admin-agents/admin-agents.texts.json';
import type adminAuditTexts from '../../features/admin-audit/admin-audit.texts.json';
import type adminModerationTexts from '../../features/admin-moderation/admin-moderation.texts.json';
import type adminPerformanceTestsTexts from '../../features/admin-performance-tests/admin-performance-tests.texts.json';
import type adminBrandsTexts from '../../features/admin-brands/admin-brands.texts.json';
import type guidelinesTexts from '../../features/admin-guidelines/guidelines.texts.json';
import type adminKnowledgeTexts from '../../features/admin-knowledge/admin-knowledge.texts.json';
import type adminInstanceSettingsTexts from '../../features/admin-instance-settings/admin-instance-settings.texts.json';
import type adminModelsTexts from '../../features/admin-models/admin-models.texts.json';
import type adminShellTexts from '../../features/admin-shell/admin-shell.texts.json';
import type adminUserRolesTexts from '../../features/admin-user-roles/admin-user-roles.texts.json';
import type adminUsersTexts from '../../features/admin-users/admin-users.texts.json';
import type guidelinesConsentTexts from '../../features/chat-conversation/components/guidelines-consent.texts.json';
import type citationChipsTexts from '../../features/chat-conversation/components/citation-chips.texts.json';
import type chatNoticesTexts from '../../features/chat-conversation/chat-notices.texts.json';
import type reportAnswerTexts from '../../features/chat-conversation/report-answer.texts.json';
import type readAloudTexts from '../../features/chat-conversation/read-aloud.texts.json';
import type speechAvatarTexts from '../../features/chat-conversation/speech-avatar/speech-avatar.texts.json';
import type chatUnavailableTexts from '../../features/chat-conversation/chat-unavailable.texts.json';
import type uploadsTexts from '../../features/chat-conversation/uploads.texts.json';
import type publicChatTexts from '../../features/public-chat/public-chat.texts.json';
import type personalAgentsTexts from '../../features/chat-shell/personal-agents.texts.json';
import type personalAgentFilesTexts from '../../features/chat-shell/personal-agent-files.texts.json';
import type sourcesTexts from '../../features/sources/sources.texts.json';
import type tourTexts from '../../features/tour/tour.texts.json';
import type userPromptsTexts from '../../features/user-prompts/user-prompts.texts.json';

export type Texts = typeof enUS &
  typeof adminUiTexts &
  typeof agentConfigTexts &
  typeof agentDataSourcesTexts &
  typeof formsTexts &
  typeof usageLimitsTexts &
  typeof accessPoliciesTexts &
  typeof adminAnalyticsTexts &
  typeof adminAgentsTexts &
  typeof adminAuditTexts &
  typeof adminModerationTexts &
  typeof adminPerformanceTestsTexts &
  typeof adminBrandsTexts &
  typeof guidelinesTexts &
  typeof adminKnowledgeTexts &
  typeof adminInstanceSettingsTexts &
  typeof adminModelsTexts &
  typeof adminShellTexts &
  typeof adminUserRolesTexts &
  typeof adminUsersTexts &
  typeof guidelinesConsentTexts &
  typeof citationChipsTexts &
  typeof chatNoticesTexts &
  typeof reportAnswerTexts &
  typeof readAloudTexts &
  typeof speechAvatarTexts &
  typeof chatUnavailableTexts &
  typeof uploadsTexts &
  typeof personalAgentsTexts &
  typeof publicChatTexts &
  typeof personalAgentFilesTexts &
  typeof sourcesTexts &
  typeof tourTexts &
  typeof userPromptsTexts;

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'translation';
    resources: { translation: Texts };
  }
}
