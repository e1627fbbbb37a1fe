/**
 * A turn for other work on a page (input, rendering) before going on: `scheduler.yield()` where there is one
 * (its continuation goes before other tasks, so a frame drawn between the two is rare), else `messageTurn`.
 * Never a timer: nested ones are clamped, and test clocks fake them.
 */
export function nextTurn(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : messageTurn();
}

/**
 * A turn after the messages already queued: a message to self, in the queue behind them (never clamped,
 * unlike nested timers). A worker uses it to read a cancel posted while it renders; `scheduler.yield()`
 * would go on ahead of those messages. The port is closed once the message came: an entangled port with a listener
 * is kept alive.
 */
export function messageTurn(): Promise<void> {
  return new Promise((resolve) => {
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => (port1.close(), resolve());
    port2.postMessage(0);
  });
}
