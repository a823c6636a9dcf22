// Small statistics for benchmark samples (milliseconds).
export const percentile = (samples: number[], p: number): number => {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank]!;
};

export const summary = (samples: number[]) => ({
  n: samples.length,
  p50: round(percentile(samples, 50)),
  p95: round(percentile(samples, 95)),
  p99: round(percentile(samples, 99)),
});

export const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Runs `task` `count` times with at most `concurrency` in flight, all starting together per wave. */
export async function waves<T>(count: number, concurrency: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = [];
  for (let start = 0; start < count; start += concurrency) {
    const batch = Array.from({ length: Math.min(concurrency, count - start) }, (_, k) => task(start + k));
    out.push(...(await Promise.all(batch)));
  }
  return out;
}

/**
 * Holds `concurrency` tasks in flight for `durationMs`, as that many clients would: each starts its next
 * task when its last one ends. The clients' first starts are spread evenly over `rampMs` (so that they do
 * not all arrive in one instant), and only tasks started after the ramp are returned.
 */
export async function held<T>(concurrency: number, rampMs: number, durationMs: number, task: () => Promise<T>): Promise<T[]> {
  const begin = performance.now();
  const steady = begin + rampMs;
  const end = steady + durationMs;
  const out: T[] = [];
  const client = async (k: number) => {
    await new Promise((r) => setTimeout(r, (k * rampMs) / concurrency));
    while (performance.now() < end) {
      const startedAt = performance.now();
      const result = await task();
      if (startedAt >= steady) out.push(result);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, k) => client(k)));
  return out;
}
