/**
 * Benchmark harness (shared/reference/benchmarks.md): A and B run interleaved in the same
 * process (A B A B ..., at least 5 rounds) after a warm-up, each round yields per-sample times
 * for both sides; we report the median of the per-round mean ratios plus mean / p50 / p99 / max
 * of each side. Absolute times are logged, never gated: the goals are checked on ratios (and on
 * the one absolute p99 the table asks for, reported as met / not met, never failing the run).
 */

/** Per-sample times of one side, ms. */
export interface Stats {
  n: number;
  mean: number;
  p50: number;
  p99: number;
  max: number;
}

/** Mean / p50 / p99 / max of `xs` (ms). */
export function stats(xs: readonly number[]): Stats {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * (s.length - 1) + 0.5))];
  const mean = s.reduce((a, b) => a + b, 0) / (s.length || 1);
  return { n: s.length, mean, p50: q(0.5), p99: q(0.99), max: s[s.length - 1] ?? 0 };
}

/** Median of `xs`. */
export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

/** One side of an A/B comparison: `run(samples)` pushes one time (ms) per sample into `samples`. */
export interface Side {
  name: string;
  run(samples: number[]): void;
}

/** Result of `interleave`. */
export interface AbResult {
  a: Stats;
  b: Stats;
  /** median over rounds of mean(A) / mean(B) */
  medianRatio: number;
  /** the per-round ratios */
  ratios: number[];
}

/**
 * Runs `warmup` (both sides once, untimed), then `rounds` rounds of A then B (B then A on odd
 * rounds, so neither side always runs on a cooler cache), collecting every sample.
 */
export function interleave(a: Side, b: Side, rounds: number, warmup?: () => void): AbResult {
  warmup?.();
  const all: { a: number[]; b: number[] } = { a: [], b: [] };
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    const sa: number[] = [];
    const sb: number[] = [];
    if (r % 2 === 0) { a.run(sa); b.run(sb); } else { b.run(sb); a.run(sa); }
    ratios.push(stats(sa).mean / stats(sb).mean);
    all.a.push(...sa);
    all.b.push(...sb);
  }
  return { a: stats(all.a), b: stats(all.b), medianRatio: median(ratios), ratios };
}

/** Formats ms with a sensible unit (µs below 1 ms). */
export function fmt(ms: number): string {
  return ms < 1 ? `${(ms * 1000).toFixed(1)} µs` : `${ms.toFixed(3)} ms`;
}

/** A markdown table row. */
export function row(cells: (string | number)[]): string {
  return `| ${cells.join(' | ')} |`;
}

/** One side of an A/B comparison that runs elsewhere (a child process): `run()` resolves with
 * one time (ms) per sample. */
export interface AsyncSide {
  name: string;
  run(): Promise<number[]>;
}

/** `interleave` for sides that run in their own processes (each with its own JIT state, so
 * neither side's code is optimised for, or deoptimised by, the other's): `rounds` rounds of A
 * then B (B then A on odd rounds), every sample collected. */
export async function interleaveAsync(a: AsyncSide, b: AsyncSide, rounds: number): Promise<AbResult> {
  const all: { a: number[]; b: number[] } = { a: [], b: [] };
  const ratios: number[] = [];
  for (let r = 0; r < rounds; r++) {
    let sa: number[], sb: number[];
    if (r % 2 === 0) { sa = await a.run(); sb = await b.run(); } else { sb = await b.run(); sa = await a.run(); }
    ratios.push(stats(sa).mean / stats(sb).mean);
    all.a.push(...sa);
    all.b.push(...sb);
  }
  return { a: stats(all.a), b: stats(all.b), medianRatio: median(ratios), ratios };
}
