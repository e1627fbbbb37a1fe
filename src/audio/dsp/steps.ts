import { nextTurn } from '../../internal/turn.js';

/**
 * Long DSP work written as a generator that yields between its long parts (each a few to a few hundred ms):
 * a caller may run it at once (`finish`), or give other work a turn at each yield and stop it there (the
 * render worker does, so a render is cancelled without stopping the worker). Yielding changes nothing in
 * the result.
 */
export type Steps<T> = Generator<void, T, void>;

/** Runs `steps` to the end at once; returns its result. */
export function finish<T>(steps: Steps<T>): T {
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

/**
 * Runs `steps`, awaiting `turn()` at each yield so that other work runs meanwhile. When `signal` is aborted
 * by then, the steps stop there (their `finally` blocks run) and this rejects with the signal's reason.
 */
export async function runSteps<T>(steps: Steps<T>, turn: () => Promise<void> = nextTurn, signal?: AbortSignal): Promise<T> {
  signal?.throwIfAborted();
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
    try {
      await turn();
      signal?.throwIfAborted();
    } catch (error) {
      steps.return(undefined as never);
      throw error;
    }
  }
}
