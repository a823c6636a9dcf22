// Usage limits (docs/usage-limits.md) without zod, for the browser bundle as well as the server.

/** The share of a limit or budget from which the threshold message (or the budget warning) reaches the person. */
export const UsageThresholdRatio = 0.8;

/** The tokens from which a limit's threshold message shows: 80% of the limit, rounded down. */
export const usageThreshold = (limit: number): number => Math.floor(limit * UsageThresholdRatio);

/**
 * The messages of an agent's tokenLimitSettings when its configuration leaves them empty. A person's own limit
 * (tokensPerUserPerDay) and the agent's (tokensPerDay) have their own.
 */
export const DefaultUsageMessages = {
  thresholdTokensPerDayMessage: "You're nearing the daily usage limit for this Agent.",
  thresholdTokensPerUserPerDayMessage: "You're nearing your daily usage limit for this Agent.",
  limitReachedTokensPerDayMessage: 'The daily usage limit has been reached for this Agent.',
  limitReachedTokensPerUserPerDayMessage: "You've reached your daily usage limit for this Agent.",
} as const;

/** A role's monthly budget: Soft warns once the month's tokens pass its threshold, Hard also refuses once they reach it. */
export const RoleBudgetEnforcements = ['Soft', 'Hard'] as const;
export type RoleBudgetEnforcement = (typeof RoleBudgetEnforcements)[number];

/** What a person reads about their role's monthly token budget. */
export const RoleBudgetMessages = {
  threshold: "You're nearing your monthly usage budget.",
  exceeded: "You've used up your monthly usage budget.",
  reached: "You've reached your monthly usage budget. You can ask again next month.",
} as const;

/** The most tokens a limit or budget may name. */
export const UsageLimitMaxTokens = 1_000_000_000_000;

export const UsageLimitErrorCodes = {
  /** a question refused because a daily limit of the agent or the person's monthly budget is reached (403) */
  limitReached: 'usage_limit_reached',
  /**
   * a question of a person near their daily limit with an agent or their Hard monthly budget that waited for their
   * answer still being written, which did not end in time (429): asked again once it has ended, it is checked anew
   */
  answerInProgress: 'usage_limit_answer_in_progress',
} as const;

/** What a person reads when their question waited in vain for their answer still being written (429). */
export const UsageAnswerInProgressMessage =
  'Your previous answer is still being written, and you are close to your usage limit. Wait for it to finish, then ask again.';

/**
 * The response header of a chat stream that carries the notice of a limit or budget near its end (URI-encoded
 * text): the turn goes ahead, and the web shows the notice beside it.
 */
export const UsageNoticeHeader = 'x-usage-notice';

/** The most agents or users one usage call answers for (an admin list's page). */
export const UsageQueryMaxIds = 100;
