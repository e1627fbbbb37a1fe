// Waits bounded by the work they wait for: a state, polled until it holds. The limit is a backstop against a hang,
// generous enough for a busy machine (issue 55: the suite holds at load 8), never a measure of speed; a wait that
// gives up says what it was waiting for. The only waitUntil the tests use (eslint refuses @open-wc's own, whose
// default gives up after one second).
import { waitUntil as pollUntil } from '@open-wc/testing';

/** The least time a wait gives its state before failing. */
export const PATIENCE_MS = 30_000;

/**
 * Resolves once `predicate` holds; fails after `timeout` (at least PATIENCE_MS), naming `what` (by default the
 * predicate's own source). A function for `what` is read when the wait gives up, so that it can name the state
 * then (a template string names the state when the wait began).
 */
export async function waitUntil(
  predicate: () => unknown,
  what: string | (() => string) = String(predicate).replace(/\s+/g, ' ').slice(0, 200),
  options: { interval?: number; timeout?: number } = {},
): Promise<void> {
  try {
    await pollUntil(predicate, typeof what === 'string' ? what : 'a state', { interval: options.interval ?? 20, timeout: Math.max(options.timeout ?? 0, PATIENCE_MS) });
  } catch (error) {
    if (typeof what === 'function' && error instanceof Error && error.message.startsWith('Timeout: ')) error.message = `Timeout: ${what()}`;
    throw error;
  }
}

