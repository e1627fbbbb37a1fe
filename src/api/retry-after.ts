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

/**
 * A wait before the next request, kept within [floorMs, ceilingMs]. Pass the server's `Retry-After` hint when it
 * gave one, else a backoff: a hint can lengthen a wait up to the ceiling, and `Retry-After: 0` or a date in the
 * past shortens it only down to the floor, never to nothing. The floor is at least 1 ms.
 */
export function boundedWaitMs(ms: number, bounds: { floorMs: number; ceilingMs: number }): number {
  const floor = Math.max(1, bounds.floorMs);
  return Number.isNaN(ms) ? floor : Math.min(Math.max(floor, bounds.ceilingMs), Math.max(floor, ms));
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
