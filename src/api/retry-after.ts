/**
 * Reads a `Retry-After` header: delay-seconds or an HTTP date. Returns the wait in ms (0 or more), or
 * undefined when the header is absent or unreadable.
 */
export function retryAfterMs(value: string | null, now: number): number | undefined {
  if (value === null) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Exponential backoff with equal jitter: half the capped delay, plus a random part of the other half. */
export function backoffMs(attempt: number, options: { baseMs: number; maxMs: number; random: () => number }): number {
  const capped = Math.min(options.maxMs, options.baseMs * 2 ** attempt);
  return Math.round(capped / 2 + options.random() * (capped / 2));
}

/** A small seeded random source (mulberry32) for reproducible jitter in tests and benchmarks. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
