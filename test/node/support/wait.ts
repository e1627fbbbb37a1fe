// test/support/wait.ts for the node tests (that one waits through @open-wc/testing, a browser module): a wait
// bounded by the work it waits for (a state, polled until it holds), with the same backstop, that says what it
// waited for when it gives up. Its pauses are Node's own timers (node:timers/promises), and the backstop counts
// them, so a test's fake clock neither stops nor hurries it.
import { setTimeout as pause } from 'node:timers/promises';

/** The least time a wait gives its state before failing (as test/support/wait.ts). */
export const PATIENCE_MS = 30_000;

/**
 * Resolves once `predicate` holds; fails after `timeout` (at least PATIENCE_MS) of pauses, naming `what` (by
 * default the predicate's own source; a function is read when the wait gives up, as in test/support/wait.ts).
 */
export async function waitUntil(
  predicate: () => unknown,
  what: string | (() => string) = String(predicate).replace(/\s+/g, ' ').slice(0, 200),
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  const interval = options.interval ?? 20;
  const limit = Math.max(options.timeout ?? 0, PATIENCE_MS);
  for (let waited = 0; !(await predicate()); waited += interval) {
    if (waited >= limit) throw new Error(`Gave up after ${limit} ms waiting for: ${typeof what === 'string' ? what : what()}`);
    await pause(interval);
  }
}
