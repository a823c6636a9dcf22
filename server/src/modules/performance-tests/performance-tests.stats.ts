// What a performance test run measured, from its answers' samples (docs/performance-tests.md): percentiles of time to
// first token, duration and tokens per second, errors, cost and a per-second timeline for the chart.
import type { PerformanceTestPercentiles, PerformanceTestResults, PerformanceTestSecond } from '@atrium/contract';

/** One question of a run; times in ms from the run's start. */
export interface AnswerSample {
  startedMs: number;
  /** null while it is being answered */
  endedMs: number | null;
  /** time to first token, as the chat engine measured it (null: no token came) */
  timeToFirstTokenMs: number | null;
  durationMs: number | null;
  inputTokens: number;
  outputTokens: number;
  /** why it failed (null: answered) */
  error: string | null;
}

/** The nearest-rank percentile of ascending values (p in 0..100). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1]!;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function percentiles(values: readonly number[]): PerformanceTestPercentiles | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)), p99: round(percentile(sorted, 99)) };
}

const costOf = (tokens: number, pricePerMillion: number | null) => (pricePerMillion === null ? 0 : (tokens * pricePerMillion) / 1_000_000);

export interface Prices {
  inputPricePerMillionTokens: number | null;
  outputPricePerMillionTokens: number | null;
}

export function tokenCost(inputTokens: number, outputTokens: number, prices: Prices): number | null {
  if (prices.inputPricePerMillionTokens === null && prices.outputPricePerMillionTokens === null) return null;
  return round(costOf(inputTokens, prices.inputPricePerMillionTokens) + costOf(outputTokens, prices.outputPricePerMillionTokens), 6);
}

/** The results of the samples so far, `elapsedMs` after the run started. */
export function summarise(samples: readonly AnswerSample[], elapsedMs: number, prices: Prices): PerformanceTestResults {
  const ended = samples.filter((s) => s.endedMs !== null);
  const failed = ended.filter((s) => s.error !== null);
  const answered = ended.filter((s) => s.error === null);
  const messages = new Map<string, number>();
  for (const s of failed) {
    // the same failure with a different reference (a segment id) is the same failure
    const message = s.error!.replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, '…');
    messages.set(message, (messages.get(message) ?? 0) + 1);
  }
  const speeds = answered.flatMap((s) => {
    if (s.timeToFirstTokenMs === null || s.durationMs === null || s.outputTokens === 0) return [];
    const streamingMs = s.durationMs - s.timeToFirstTokenMs;
    // an answer that came in one piece has no streaming time to divide by
    return streamingMs > 0 ? [(s.outputTokens * 1000) / streamingMs] : [];
  });
  const inputTokens = ended.reduce((n, s) => n + s.inputTokens, 0);
  const outputTokens = ended.reduce((n, s) => n + s.outputTokens, 0);
  return {
    completed: answered.length,
    errors: failed.length,
    errorMessages: [...messages].map(([message, count]) => ({ message, count })).sort((a, b) => b.count - a.count),
    timeToFirstTokenMs: percentiles(answered.flatMap((s) => (s.timeToFirstTokenMs === null ? [] : [s.timeToFirstTokenMs]))),
    durationMs: percentiles(answered.flatMap((s) => (s.durationMs === null ? [] : [s.durationMs]))),
    tokensPerSecond: percentiles(speeds),
    throughputTokensPerSecond: elapsedMs > 0 ? round((outputTokens * 1000) / elapsedMs) : 0,
    inputTokens,
    outputTokens,
    cost: tokenCost(inputTokens, outputTokens, prices),
    elapsedSeconds: round(elapsedMs / 1000),
    timeline: timeline(samples, elapsedMs),
  };
}

/** One row per second from the start to `elapsedMs`. */
export function timeline(samples: readonly AnswerSample[], elapsedMs: number): PerformanceTestSecond[] {
  const seconds = Math.max(1, Math.ceil(elapsedMs / 1000));
  const rows = Array.from({ length: seconds }, (_, second) => ({
    second,
    started: 0,
    completed: 0,
    errors: 0,
    outputTokens: 0,
    inFlight: 0,
    ttfts: [] as number[],
  }));
  const at = (ms: number) => rows[Math.min(seconds - 1, Math.max(0, Math.floor(ms / 1000)))]!;
  for (const s of samples) {
    at(s.startedMs).started++;
    if (s.endedMs !== null) {
      const row = at(s.endedMs);
      row.completed++;
      if (s.error !== null) row.errors++;
      row.outputTokens += s.outputTokens;
    }
    if (s.timeToFirstTokenMs !== null && s.error === null) at(s.startedMs + s.timeToFirstTokenMs).ttfts.push(s.timeToFirstTokenMs);
    // in flight at the end of each second from its start until it ended
    const last = s.endedMs === null ? seconds - 1 : Math.floor(s.endedMs / 1000) - 1;
    for (let i = Math.floor(s.startedMs / 1000); i <= Math.min(last, seconds - 1); i++) rows[i]!.inFlight++;
  }
  return rows.map(({ ttfts, ...row }) => ({
    ...row,
    timeToFirstTokenMs: ttfts.length
      ? round(
          percentile(
            [...ttfts].sort((a, b) => a - b),
            50,
          ),
        )
      : null,
  }));
}
