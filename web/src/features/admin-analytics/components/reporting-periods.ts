// The reporting periods in the order the picker offers them, and the server's default. The contract keeps its own
// list in a schema file, which the browser entry exports as types only (no zod in the web bundle); the record
// below makes the type check fail if the contract gains or loses a period.
import type { ReportingPeriod } from '@atrium/contract';

const order: Record<ReportingPeriod, number> = { Last24Hours: 0, Last7Days: 1, Last30Days: 2, Last90Days: 3, Last365Days: 4, AllTime: 5 };

export const ReportingPeriodChoices = (Object.keys(order) as ReportingPeriod[]).sort((a, b) => order[a] - order[b]);

/** as the server's when `reportingPeriod` is left out */
export const DefaultPeriod: ReportingPeriod = 'Last30Days';
