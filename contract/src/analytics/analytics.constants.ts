// The analytics' periods and audiences (docs/analytics.md), zod-free so that the web's period picker reads the same
// list and default as the server.

/** In the order a picker offers them. */
export const ReportingPeriods = ['Last24Hours', 'Last7Days', 'Last30Days', 'Last90Days', 'Last365Days', 'AllTime'] as const;
export type ReportingPeriod = (typeof ReportingPeriods)[number];
/** the period of a call that names none */
export const DefaultReportingPeriod: ReportingPeriod = 'Last30Days';

/** Public: visitors of public endpoints; Private: signed-in people. */
export const AnalyticsPrivacies = ['Public', 'Private'] as const;
export type AnalyticsPrivacy = (typeof AnalyticsPrivacies)[number];
