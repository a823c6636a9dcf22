// Wire shapes of performance tests (docs/performance-tests.md): an administrator estimates and starts a load test of
// an agent, follows its progress, reads its results and compares two runs.
import { z } from 'zod';
import { listOf, PageQuerySchema } from '../common/list.schemas.js';
import { PerformanceTestLimits as L, PerformanceTestStatuses } from './performance-tests.constants.js';

const int = (name: string, min: number, max: number) =>
  z
    .number({ message: `${name} must be a number` })
    .int(`${name} must be a whole number`)
    .min(min, `${name} must be at least ${min}`)
    .max(max, `${name} must be at most ${max}`);

/** POST /admin/performanceTests/estimate and POST /admin/performanceTests. */
export const PerformanceTestInputSchema = z
  .object({
    gptSystemId: z.string().uuid(),
    virtualUsers: int('Virtual users', 1, L.maxVirtualUsers),
    questionsPerUser: int('Questions per user', 1, L.maxQuestionsPerUser),
    rampUpSeconds: int('Ramp-up', 0, L.maxRampUpSeconds),
    questions: z
      .array(z.string().trim().min(1, 'A question is empty').max(L.maxQuestionLength, `A question may have at most ${L.maxQuestionLength} characters`))
      .min(1, 'Add at least one question')
      .max(L.maxQuestionSet, `At most ${L.maxQuestionSet} questions`),
  })
  .refine((v) => v.virtualUsers * v.questionsPerUser <= L.maxTotalQuestions, {
    path: ['questionsPerUser'],
    message: `Virtual users × questions per user may be at most ${L.maxTotalQuestions}`,
  });
export type PerformanceTestInput = z.input<typeof PerformanceTestInputSchema>;

/** What a run is expected to cost: its tokens at the deployment's prices (null cost when it has none). */
export const PerformanceTestEstimateSchema = z.object({
  gptSystemId: z.string().uuid(),
  gptSystemName: z.string(),
  deploymentName: z.string(),
  deploymentDisplayName: z.string(),
  totalQuestions: z.number().int(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  inputPricePerMillionTokens: z.number().nullable(),
  outputPricePerMillionTokens: z.number().nullable(),
  /** in the prices' currency; null when the deployment has no prices */
  cost: z.number().nullable(),
});
export type PerformanceTestEstimate = z.infer<typeof PerformanceTestEstimateSchema>;

const Percentiles = z.object({ p50: z.number(), p95: z.number(), p99: z.number() });
export type PerformanceTestPercentiles = z.infer<typeof Percentiles>;

/** One second of a run, counted from its start. */
export const PerformanceTestSecondSchema = z.object({
  second: z.number().int(),
  /** questions asked in this second */
  started: z.number().int(),
  /** answers that ended in this second, with or without error */
  completed: z.number().int(),
  errors: z.number().int(),
  /** the answers' output tokens, counted in the second each answer ended */
  outputTokens: z.number().int(),
  /** questions being answered at the end of this second */
  inFlight: z.number().int(),
  /** the median time to first token of the answers whose first token came in this second */
  timeToFirstTokenMs: z.number().nullable(),
});
export type PerformanceTestSecond = z.infer<typeof PerformanceTestSecondSchema>;

export const PerformanceTestResultsSchema = z.object({
  completed: z.number().int(),
  errors: z.number().int(),
  /** each error's message and how often it came */
  errorMessages: z.array(z.object({ message: z.string(), count: z.number().int() })),
  /** of the answers that sent a first token */
  timeToFirstTokenMs: Percentiles.nullable(),
  durationMs: Percentiles.nullable(),
  /** each answer's output tokens per second of its streaming (after its first token) */
  tokensPerSecond: Percentiles.nullable(),
  /** all output tokens over the run's time so far */
  throughputTokensPerSecond: z.number(),
  inputTokens: z.number().int(),
  outputTokens: z.number().int(),
  /** at the deployment's prices when the run started; null when it had none */
  cost: z.number().nullable(),
  elapsedSeconds: z.number(),
  timeline: z.array(PerformanceTestSecondSchema),
});
export type PerformanceTestResults = z.infer<typeof PerformanceTestResultsSchema>;

const Person = z.object({ userId: z.string().uuid(), displayName: z.string() });

export const PerformanceTestSchema = z.object({
  performanceTestId: z.string().uuid(),
  gptSystemId: z.string().uuid().nullable(),
  /** the agent's name when the run was made */
  gptSystemName: z.string(),
  deploymentName: z.string(),
  status: z.enum(PerformanceTestStatuses),
  virtualUsers: z.number().int(),
  questionsPerUser: z.number().int(),
  rampUpSeconds: z.number().int(),
  questions: z.array(z.string()),
  estimate: PerformanceTestEstimateSchema.omit({ gptSystemId: true, gptSystemName: true, deploymentName: true }),
  /** what has been measured so far (null before the first answer) */
  results: PerformanceTestResultsSchema.nullable(),
  /** why a Failed run failed */
  error: z.string().nullable(),
  createdBy: Person.nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
  cancelRequestedAt: z.string().nullable(),
});
export type PerformanceTest = z.infer<typeof PerformanceTestSchema>;

/** The list leaves out each run's questions and timeline. */
export const PerformanceTestSummarySchema = PerformanceTestSchema.omit({ questions: true, results: true }).extend({
  results: PerformanceTestResultsSchema.omit({ timeline: true, errorMessages: true }).nullable(),
});
export type PerformanceTestSummary = z.infer<typeof PerformanceTestSummarySchema>;
export const PerformanceTestListSchema = listOf(PerformanceTestSummarySchema);
export type PerformanceTestList = z.infer<typeof PerformanceTestListSchema>;

export const PerformanceTestListQuerySchema = PageQuerySchema.extend({ gptSystemId: z.string().uuid().optional() });
export type PerformanceTestListQuery = z.input<typeof PerformanceTestListQuerySchema>;

export const PerformanceTestParamsSchema = z.object({ performanceTestId: z.string().uuid() });

export const PerformanceTestCountSchema = z.object({ count: z.number().int() });
export type PerformanceTestCount = z.infer<typeof PerformanceTestCountSchema>;

export const PerformanceTestCompareQuerySchema = z.object({ baseId: z.string().uuid(), otherId: z.string().uuid() });
export type PerformanceTestCompareQuery = z.infer<typeof PerformanceTestCompareQuerySchema>;

/** other − base for each figure both runs have (null when one lacks it); negative times are faster. */
const Delta = z.number().nullable();
export const PerformanceTestComparisonSchema = z.object({
  base: PerformanceTestSchema,
  other: PerformanceTestSchema,
  differences: z.object({
    timeToFirstTokenMs: z.object({ p50: Delta, p95: Delta, p99: Delta }),
    tokensPerSecond: z.object({ p50: Delta, p95: Delta, p99: Delta }),
    throughputTokensPerSecond: Delta,
    /** errors per answer, 0 to 1 */
    errorRate: Delta,
  }),
});
export type PerformanceTestComparison = z.infer<typeof PerformanceTestComparisonSchema>;
