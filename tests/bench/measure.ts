/** Timing and reporting helpers shared by the benchmarks (no assertions: they report, never fail on time). */

export const now = () => performance.now();

/** Milliseconds `work` took. */
export async function timed(work: () => Promise<unknown>): Promise<number> {
  const start = now();
  await work();
  return now() - start;
}

/** Nearest-rank percentile of a sample (p in 0..100). */
export function percentile(samples: readonly number[], p: number): number {
  if (!samples.length) return NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

export const median = (samples: readonly number[]) => percentile(samples, 50);

export const ms = (value: number) => (Number.isFinite(value) ? (value >= 100 ? value.toFixed(0) : value.toFixed(1)) : '—');
export const ratio = (value: number) => (Number.isFinite(value) ? `${value.toFixed(2)}×` : '—');
export const mb = (bytes: number) => (Number.isFinite(bytes) ? (bytes / 1024 / 1024).toFixed(0) : '—');
export const thousands = (n: number) => Math.round(n).toLocaleString('en-US');

/** A markdown table; cells are already formatted. */
export function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** A small deterministic generator, so every run asks for the same pages. */
export function sequence(seed: number) {
  let state = seed >>> 0 || 1;
  return (max: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return ((state >>> 0) % max) + 1;
  };
}

/** Durations of `runs` calls of `fn`, after `warmup` unmeasured ones. */
export async function sample(runs: number, fn: (i: number) => Promise<unknown>, warmup = 3): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i++) times.push(await timed(() => fn(i)));
  return times;
}

/** Peak RSS of this process while `work` runs, sampled every 20 ms. */
export async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

/** Runs `total` jobs from `clients` concurrent workers; the wall time in ms. */
export async function concurrently(total: number, clients: number, job: (i: number, worker: number) => Promise<void>): Promise<number> {
  let next = 0;
  const start = now();
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      while (next < total) await job(next++, worker);
    }),
  );
  return now() - start;
}

/** A process's CPU time (user + system) in ms. */
export const cpuMs = (usage: NodeJS.CpuUsage) => (usage.user + usage.system) / 1000;
