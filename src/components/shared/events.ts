/** A slider's value: `final` is false while dragging and true when released (one undo step). */
export interface SliderValue<F extends string = string> {
  value: number;
  final: boolean;
  /** Which setting, when one event serves several sliders. */
  field?: F;
}

/** Dispatches a bubbling, non-composed CustomEvent from a leaf element to its panel. */
export function emit<T>(target: EventTarget, type: string, detail: T): void {
  target.dispatchEvent(new CustomEvent<T>(type, { detail, bubbles: true }));
}

/** `comment-at`'s detail (comment-request.ts): a span to comment on (a point when `start` is `end`), with the words quoted. */
export interface CommentRequest {
  readonly start: number;
  readonly end: number;
  readonly quote?: string;
}
