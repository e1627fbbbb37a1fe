// What every bench page shares: timing with medians, and the report the runner prints.

/** One measured contender. */
export interface Row {
  name: string;
  medianMs: number;
  minMs: number;
  runs: number;
  /** Untimed runs before them, where that applies. */
  warmup?: number;
  result: string;
}

/** A page's report. */
export interface Report {
  title: string;
  rows: Row[];
  notes: string[];
}

declare global {
  interface Window {
    __bench?: Promise<Report>;
  }
}

const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const pause = (ms: number): Promise<unknown> => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` `warmup` times untimed, then `runs` times timed; `describe` turns the last result into text. */
export async function measure<T>(name: string, fn: () => T | Promise<T>, describe: (result: T) => string, runs = 7, warmup = 2): Promise<Row> {
  const { rows } = await compare([contender(name, fn, describe)], runs, warmup);
  return rows[0]!;
}

/** A contender of `compare`: what is timed, and the description of its last result (not timed). */
export interface Contender {
  readonly name: string;
  readonly fn: () => unknown;
  readonly describe: (result: unknown) => string;
}

/** A contender from a function and the description of its result. */
export function contender<T>(name: string, fn: () => T | Promise<T>, describe: (result: T) => string): Contender {
  return { name, fn, describe: (result) => describe(result as T) };
}

/**
 * Runs the contenders in turn (A, B, A, B, ...): `warmup` untimed rounds, then `runs` timed ones. A slow
 * spell of the machine then falls on each alike, which back-to-back series cannot promise. Also returns
 * each one's first run time (cold, if it never ran before).
 */
export async function compare(contenders: readonly Contender[], runs: number, warmup: number): Promise<{ rows: Row[]; firstMs: number[] }> {
  const times = contenders.map((): number[] => []);
  const results = contenders.map((): unknown => undefined);
  const firstMs = contenders.map(() => 0);
  for (let round = 0; round < warmup + runs; round++) {
    for (const [i, c] of contenders.entries()) {
      const start = performance.now();
      results[i] = await c.fn();
      const ms = performance.now() - start;
      if (round === 0) firstMs[i] = ms;
      if (round >= warmup) times[i]!.push(ms);
      await pause(10);
    }
  }
  const rows = contenders.map((c, i) => ({ name: c.name, medianMs: median(times[i]!), minMs: Math.min(...times[i]!), runs, warmup, result: c.describe(results[i]) }));
  return { rows, firstMs };
}

/** Publishes the page's report for the runner. */
export function publish(report: () => Promise<Report>): void {
  window.__bench = report();
}

/**
 * Speech at 48 kHz: the runner's espeak-ng recording (speech.wav) when it could make one, else the
 * synthetic formant speech of the tests. Returns the samples and where they came from.
 */
export async function loadSpeech(decode: (bytes: Uint8Array) => { channels: Float32Array[]; sampleRate: number }, to48k: (x: Float32Array, from: number) => Float32Array, fallback: () => Float32Array): Promise<{ samples: Float32Array; origin: string }> {
  const response = await fetch('./speech.wav');
  if (!response.ok) return { samples: fallback(), origin: 'synthetic formant speech (espeak-ng not installed)' };
  const { channels, sampleRate } = decode(new Uint8Array(await response.arrayBuffer()));
  return { samples: to48k(channels[0]!, sampleRate), origin: `espeak-ng speech (${sampleRate} Hz, resampled to 48 kHz)` };
}
