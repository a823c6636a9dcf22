// Paths of the admin analytics (docs/analytics.md), exported as AnalyticsRoutes (see ../routes.ts). Every chart call is
// a GET with `reportingPeriod` (and `gptSystemId` where named) answering an AnalyticsChart.
const base = '/admin/analytics/conversations';

export const averageConversationLength = `${base}/AverageConversationLength`;
export const conversationsByBrand = `${base}/ConversationsByBrand`;
export const conversationsByGptSystem = `${base}/ConversationsByGptSystem`;
export const conversationsByHour = `${base}/ConversationsByHour`;
export const conversationsByModel = `${base}/ConversationsByModel`;
export const conversationsByPrivacy = `${base}/ConversationsByPrivacy`;
export const conversationsByReportingPeriod = `${base}/ConversationsByReportingPeriod`;
export const tokensByBrand = `${base}/TokensByBrand`;
export const tokensByGptSystem = `${base}/TokensByGptSystem`;
export const tokensByHour = `${base}/TokensByHour`;
export const tokensByModel = `${base}/TokensByModel`;
export const tokensByPrivacy = `${base}/TokensByPrivacy`;
export const tokensByReportingPeriod = `${base}/TokensByReportingPeriod`;
export const usersByBrand = `${base}/UsersByBrand`;
export const usersByGptSystem = `${base}/UsersByGptSystem`;
export const usersByHourOfDay = `${base}/UsersByHourOfDay`;
export const usersByReportingPeriod = `${base}/UsersByReportingPeriod`;
/** with `gptSystemId` */
export const gptSystemConversationsByPeriod = `${base}/GptSystemConversationsByPeriod`;
/** with `gptSystemId` */
export const gptSystemConversationSegmentFeedBackByPeriod = `${base}/GptSystemConversationSegmentFeedBackByPeriod`;
/** GET (`reportingPeriod`): estimated cost per deployment at its prices per million tokens, an AnalyticsCosts */
export const costs = '/admin/analytics/costs';
/** GET: CSV of tokens and cost per user and month, and unique users and conversations per day */
export const exportCsv = '/admin/analytics/export';
/** POST: rolls up the segments since the last run now (the job does so every minute), answering the rollup state */
export const rollup = '/admin/analytics/rollup';
