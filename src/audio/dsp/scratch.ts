/**
 * Reused work buffers. A fresh multi-megabyte Float32Array costs page faults on its first write (about as
 * much as several passes over it), so the DSP keeps its internal temporaries here between calls. Buffers
 * are NOT cleared: callers overwrite them or clear them. Nothing returned to a caller comes from here.
 * `releaseScratch()` drops them (e.g. when the editor is disposed).
 */
const pool = new Map<string, Float32Array>();

/**
 * The longest buffer kept between calls: 8 Mi samples (32 MB, 175 s at 48 kHz). A render keeps about ten
 * of them; for a long-form project (10 minutes: 115 MB each) that would hold a gigabyte between renders, so
 * longer buffers are made for the call and left to the garbage collector.
 */
export const MAX_POOLED_SAMPLES = 8 * 1024 * 1024;

/** A work buffer of exactly `length` samples for `slot`, reused across calls; its contents are stale. */
export function scratch(slot: string, length: number): Float32Array {
  let buffer = pool.get(slot);
  if (!buffer || buffer.length < length) {
    buffer = new Float32Array(length);
    if (length > MAX_POOLED_SAMPLES) {
      pool.delete(slot);
      return buffer;
    }
    pool.set(slot, buffer);
  }
  return buffer.length === length ? buffer : buffer.subarray(0, length);
}

/** Drops every work buffer (they are allocated again on the next call that needs them). */
export function releaseScratch(): void {
  pool.clear();
}

/**
 * `arrays` when they can take a result of `count` channels of `length` samples (exactly that many, that
 * long, none sharing memory with `inputs`), else undefined: callers then make new arrays.
 */
export function reusable(arrays: readonly Float32Array[] | undefined, count: number, length: number, inputs: readonly (Float32Array | Int16Array)[] = []): Float32Array[] | undefined {
  if (!arrays || arrays.length !== count || arrays.some((a) => !(a instanceof Float32Array) || a.length !== length)) return undefined;
  const taken = new Set<ArrayBufferLike>(inputs.map((x) => x.buffer));
  for (const a of arrays) {
    if (taken.has(a.buffer)) return undefined;
    taken.add(a.buffer);
  }
  return [...arrays];
}
