// `comment-at`: C on the timeline, a span's "Comment on", the script's "Comment on these words". The Review step's
// panel hears it on the editor's shadow root once its module is loaded; a Review step the editor did not load yet
// (offered after the editor was ready, when the host named the reviewer through update(), and never opened) has
// its module loaded first, so that the request works from any step (issue 53).
import type { CommentRequest } from './events.js';

const REVIEW_TAG = 'studio-editor-review-panel';

/** Sends `comment-at` from `source` (bubbling, composed), once the Review step's panel in its root can hear it. */
export function requestComment(source: HTMLElement, detail: CommentRequest): void {
  const send = () => source.dispatchEvent(new CustomEvent<CommentRequest>('comment-at', { detail, bubbles: true, composed: true }));
  const root = source.getRootNode() as ParentNode;
  if (customElements.get(REVIEW_TAG) !== undefined || root.querySelector?.(REVIEW_TAG) == null) send();
  else import('../studio-review-panel/studio-review-panel.js').then(send, () => undefined);
}
