import { abortError } from '../auth/errors.js';

/** Runs `task` while holding the named lock; waits while another holder (another tab) has it. */
export type JobLock = <T>(name: string, task: () => Promise<T>, signal?: AbortSignal) => Promise<T>;

/**
 * One poller per job across tabs: the Web Locks API (`navigator.locks`) when present. A tab that finds the
 * job's lock held waits, then polls once the other tab is done (it then sees the finished job at once).
 * Pass `null` to use the fallback. Without Web Locks the lock is per page only (other tabs may poll the same job; harmless, just more requests).
 */
export function createJobLock(locks: LockManager | null = typeof navigator === 'undefined' ? null : (navigator.locks ?? null)): JobLock {
  if (locks !== null) {
    return <T>(name: string, task: () => Promise<T>, signal?: AbortSignal) =>
      locks.request(`studio-editor:job:${name}`, signal ? { signal } : {}, () => task()) as unknown as Promise<T>;
  }
  const tails = new Map<string, Promise<unknown>>();
  return async (name, task, signal) => {
    const previous = tails.get(name) ?? Promise.resolve();
    let release!: () => void;
    const mine = new Promise<void>((resolve) => (release = resolve));
    const tail = previous.then(() => mine);
    tails.set(name, tail);
    try {
      await new Promise<void>((resolve, reject) => {
        if (signal?.aborted) return reject(abortError(signal));
        const onAbort = () => reject(abortError(signal));
        signal?.addEventListener('abort', onAbort, { once: true });
        previous.then(() => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        });
      });
      return await task();
    } finally {
      release();
      if (tails.get(name) === tail) tails.delete(name);
    }
  };
}
