/**
 * Resolves in a task of its own: `scheduler.yield()` where there is one (its continuation goes before other
 * tasks, so a frame drawn between the two is rare), else a `MessageChannel` message (Safari), which has none of
 * the clamping of nested `setTimeout`s and which test clocks do not fake.
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield
    ? scheduler.yield()
    : new Promise((resolve) => {
        const { port1, port2 } = new MessageChannel();
        // Both ports are garbage once it came: nothing keeps them.
        port1.onmessage = () => resolve();
        port2.postMessage(0);
      });
}
