// What every bench page shares: timing with medians, and the report the runner prints.

/** One measured contender. */
export interface Row {
  name: string;
  medianMs: number;
  minMs: number;
  runs: number;
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

/** Runs `fn` `warmup` times untimed, then `runs` times timed; `describe` turns the last result into text. */
export async function measure<T>(name: string, fn: () => T | Promise<T>, describe: (result: T) => string, runs = 7, warmup = 2): Promise<Row> {
  let result: T | undefined;
  for (let i = 0; i < warmup; i++) result = await fn();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    result = await fn();
    times.push(performance.now() - start);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return { name, medianMs: median(times), minMs: Math.min(...times), runs, result: describe(result as T) };
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
