import type { ReviewAction } from '../model/actions.js';
import type { ProjectDocument, ReviewComment, ReviewDecision, ReviewPerson } from '../model/document.js';

/**
 * Detail of `studio-review`: what landed in the review, for the host to tell people (docs/review.md).
 * - `comment`: a new comment (`reply`: in a thread begun before), with its author, time, body and anchor;
 * - `resolve`: a thread resolved (`resolved: true`) or reopened (`false`), by whom and, when resolved, when;
 * - `decision`: a decision on a version, with its reviewer, label, note and the content hash decided on.
 */
export type StudioReviewDetail =
  | { readonly type: 'comment'; readonly comment: ReviewComment; readonly reply: boolean }
  | { readonly type: 'resolve'; readonly thread: string; readonly resolved: boolean; readonly by: ReviewPerson; readonly at?: string; readonly comment: ReviewComment }
  | { readonly type: 'decision'; readonly decision: ReviewDecision };

/** What `action` put into `project` (the document it made), as `studio-review` reports it; undefined when nothing is found. */
export function reviewDetail(project: ProjectDocument, action: ReviewAction, by: ReviewPerson | undefined): StudioReviewDetail | undefined {
  const { comments, decisions } = project.review;
  switch (action.type) {
    case 'review/comment': {
      const comment = comments.find((item) => item.id === action.id);
      return comment === undefined ? undefined : { type: 'comment', comment, reply: comment.thread !== comment.id };
    }
    case 'review/resolve':
    case 'review/reopen': {
      const comment = comments.find((item) => item.id === action.thread);
      if (comment === undefined || by === undefined) return undefined;
      return { type: 'resolve', thread: action.thread, resolved: action.type === 'review/resolve', by, ...(action.type === 'review/resolve' ? { at: action.at } : {}), comment };
    }
    case 'review/decide': {
      const decision = decisions.find((item) => item.id === action.id);
      return decision === undefined ? undefined : { type: 'decision', decision };
    }
    case 'review/merge':
      // Work restored from a saved copy: each was reported when it was made.
      return undefined;
  }
}

/** Fired when a comment, a resolution or a decision lands in the project (in any role): the host notifies people. */
export class StudioReviewEvent extends Event {
  readonly detail: StudioReviewDetail;

  constructor(detail: StudioReviewDetail) {
    super('studio-review', { bubbles: true, composed: true });
    this.detail = detail;
  }
}

/** The `studio-review` event of `action`, which made `project` (by `by`); undefined when nothing landed. */
export function reviewEvent(project: ProjectDocument, action: ReviewAction, by: ReviewPerson | undefined): StudioReviewEvent | undefined {
  const detail = reviewDetail(project, action, by);
  return detail === undefined ? undefined : new StudioReviewEvent(detail);
}

declare global {
  interface GlobalEventHandlersEventMap {
    'studio-review': StudioReviewEvent;
  }
}
