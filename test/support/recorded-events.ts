// What an element dispatched, for a test to read: the details of each event of a type, in order.

/** Every `type` event's detail on `el` from now on, in order. */
export function record(el: EventTarget, type: string): Record<string, unknown>[] {
  const seen: Record<string, unknown>[] = [];
  el.addEventListener(type, (event) => seen.push((event as CustomEvent<Record<string, unknown>>).detail));
  return seen;
}
