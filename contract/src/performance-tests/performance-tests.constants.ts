// Performance test constants without zod (docs/performance-tests.md): the bounds of a run, its states and the
// estimate's assumptions, for the server's validation and the browser's form alike.

/** What one run may ask at most; the server refuses more (400) and stops a run that outlasts maxDurationSeconds. */
export const PerformanceTestLimits = {
  maxVirtualUsers: 50,
  maxQuestionsPerUser: 20,
  /** virtual users × questions each */
  maxTotalQuestions: 500,
  maxRampUpSeconds: 300,
  /** a run still going after this long is stopped and ends as Completed with what it measured */
  maxDurationSeconds: 900,
  /** questions in the question set */
  maxQuestionSet: 50,
  maxQuestionLength: 2000,
} as const;

export const PerformanceTestStatuses = ['Queued', 'Running', 'Completed', 'Cancelled', 'Failed'] as const;
export type PerformanceTestStatus = (typeof PerformanceTestStatuses)[number];

/** Queued and Running runs hold the instance's one slot. */
export const ActivePerformanceTestStatuses: readonly PerformanceTestStatus[] = ['Queued', 'Running'];

/**
 * The estimate's assumptions: a question's input is its text (about four characters a token) plus the agent's
 * system prompt and this overhead; an answer is the agent's maxTokens, or this many when it sets none.
 */
export const PerformanceTestEstimateAssumptions = {
  charactersPerToken: 4,
  promptOverheadTokens: 50,
  defaultAnswerTokens: 500,
} as const;
