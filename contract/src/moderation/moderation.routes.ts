// Paths of Admin moderation reports (docs/moderation.md), exported as ModerationRoutes (see ../routes.ts). A person
// reports an answer with a POST to the list's path; the rest are the moderators'.

export const reports = '/admin/moderationReports';
export const report = '/admin/moderationReports/:moderationReportId';
/** the reported segment with the segments around it in its conversation */
export const reportSegments = '/admin/moderationReports/:moderationReportId/conversationSegments';
/** the agents that have reports, for the list's filter */
export const reportFacets = '/admin/moderationReports/facets';
