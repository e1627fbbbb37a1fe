// What the host hears of a session's project: each change (`studio-change`), and each comment, resolution or
// decision (`studio-review`, whose module is a chunk of its own, as no editor needs it to paint: it fires a
// moment after the change, in order).
import { StudioChangeEvent } from '../events/studio-change.js';
import type * as ReviewEvents from '../events/studio-review.js';
import type { DisposalScope } from '../internal/scope.js';
import { isReviewAction } from '../model/actions.js';
import { describeChange } from '../model/change.js';
import type { EditorStore } from '../model/editor-state.js';

/** The `studio-review` event's module, once asked for (one promise: the events fire in the order of their changes). */
let reviewEvents: Promise<typeof ReviewEvents> | undefined;

/**
 * Dispatches an event for each change of `store`'s project (`changed` is told of it first), until the returned
 * function is called; a review event that arrives after `scope` was disposed is dropped.
 */
export function announceChanges(store: EditorStore, scope: DisposalScope, dispatch: (event: Event) => void, changed: () => void): () => void {
  return store.subscribe((state, action) => {
    const change = describeChange(state, action);
    if (change === undefined) return;
    changed();
    dispatch(new StudioChangeEvent(change));
    // A comment, a resolution or a decision: the host hears what landed, to tell people.
    if (isReviewAction(action)) {
      void (reviewEvents ??= import('../events/studio-review.js')).then(({ reviewEvent }) => {
        const event = reviewEvent(state.project, action, state.reviewUser);
        if (event !== undefined && !scope.disposed) dispatch(event);
      });
    }
  });
}
