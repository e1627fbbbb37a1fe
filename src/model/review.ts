// The review of an ad (issue 42, schema 7): comments pinned to the sound of a version, and decisions on the
// exact content of a version. The store's review actions are here, given to the store when this module loads
// (the editor loads it once ready; no editor needs it to paint), with the views of a review: where a comment is
// now, which approvals are fresh, which roles' approvals a version lacks.
//
// Comments and decisions are facts about the ad, not edits of it: the store applies them to every step of the
// history (editor-state.ts), so no undo takes a reviewer's comment away.

import { StudioError } from '../errors.js';
import type { ReviewAction } from './actions.js';
import { clipLength } from './clip-layout.js';
import { contentHash } from './content-hash.js';
import { chainPrev, claimsMismatch, parseClaims } from './decision-claims.js';
import { jwsPayloadText } from '../internal/base64url.js';
import type { ProjectDocument, ProjectReview, ReviewAnchor, ReviewComment, ReviewDecision, ReviewPerson, VoiceClip } from './document.js';
import { provideReviewStep } from './editor-state.js';
import { mapHistory } from './history.js';
import { StudioProjectError, type ProjectIssue } from './project-error.js';
import { commentShape, decisionShape } from './review-checks.js';
import { issuesOf } from './shapes.js';
import { findVersion, versionContent } from './versions.js';

function refuse(issues: readonly ProjectIssue[]): void {
  if (issues.length > 0) throw new StudioProjectError('project-invalid', issues);
}

/** The session's reviewer, or the refusal: the editor invents no one. */
function author(user: ReviewPerson | undefined, what: string): ReviewPerson {
  if (user === undefined) {
    throw new StudioError('review-user-required', `No one to ${what} as: give config.review.user { id, name } (who is reviewing, as your host knows them).`, { recoverable: true });
  }
  return { id: user.id, name: user.name, ...(user.role === undefined ? {} : { role: user.role }) };
}

/** The first comment of thread `thread` (the one whose id it is), or undefined. */
const threadStart = (doc: ProjectDocument, thread: string): ReviewComment | undefined => doc.review.comments.find((comment) => comment.id === thread && comment.thread === thread);

/** The clip heard at `time` on version `version` of `doc` (the latest placed where two overlap), or undefined. */
function clipAt(doc: ProjectDocument, version: string, time: number): VoiceClip | undefined {
  const clips = versionContent(doc, version)?.clips ?? [];
  let found: VoiceClip | undefined;
  for (const clip of clips) {
    const length = clipLength(doc, clip);
    if (length === undefined || time < clip.start || time >= clip.start + length) continue;
    if (found === undefined || clip.start >= found.start) found = clip;
  }
  return found;
}

/** The anchor of a new thread on `version` from `start` to `end`: pinned to the clip under `start`, at its offset in the take. */
function anchorOf(doc: ProjectDocument, version: string, start: number, end: number, path: string): ReviewAnchor {
  const content = versionContent(doc, version);
  const issues: ProjectIssue[] = [];
  if (content === undefined) issues.push({ path: `${path}.version`, message: `names no version of the project ("${version}")` });
  if (typeof start !== 'number' || !Number.isFinite(start) || start < 0) issues.push({ path: `${path}.start`, message: 'expected a number of seconds, 0 or more' });
  if (typeof end !== 'number' || !Number.isFinite(end) || end < start) issues.push({ path: `${path}.end`, message: `expected a time at or after start (${String(start)})` });
  if (content !== undefined && issues.length === 0 && start > content.duration) issues.push({ path: `${path}.start`, message: `is past the version's end (${content.duration} s)` });
  refuse(issues);
  const clip = clipAt(doc, version, start);
  return { version, start, end, ...(clip === undefined ? {} : { clip: { id: clip.id, offset: clip.trimIn + (start - clip.start) } }) };
}

function comment(doc: ProjectDocument, action: Extract<ReviewAction, { type: 'review/comment' }>, user: ReviewPerson | undefined): ProjectDocument {
  const by = author(user, 'comment');
  const path = `project.review.comments[${doc.review.comments.length}]`;
  if (doc.review.comments.some((item) => item.id === action.id)) refuse([{ path: `${path}.id`, message: `is taken ("${action.id}"): each comment has its own id` }]);
  if (typeof action.body !== 'string' || action.body.trim() === '') refuse([{ path: `${path}.body`, message: 'is empty: a comment says something' }]);
  let anchor: ReviewAnchor;
  let thread = action.id;
  if (action.thread !== undefined) {
    const first = threadStart(doc, action.thread);
    if (first === undefined) refuse([{ path: `${path}.thread`, message: `names no thread of the review ("${action.thread}"): a thread is the id of its first comment` }]);
    anchor = first!.anchor;
    thread = action.thread;
  } else {
    anchor = anchorOf(doc, action.version ?? doc.openVersion, action.start ?? NaN, action.end ?? action.start ?? NaN, `${path}.anchor`);
  }
  const made: ReviewComment = { id: action.id, thread, body: action.body, author: by, at: action.at, anchor };
  refuse(issuesOf(commentShape, made, path));
  return { ...doc, review: { ...doc.review, comments: [...doc.review.comments, made] } };
}

function resolve(doc: ProjectDocument, thread: string, resolved: ReviewComment['resolved']): ProjectDocument {
  const first = threadStart(doc, thread);
  if (first === undefined) refuse([{ path: 'project.review.comments', message: `has no thread "${thread}": a thread is the id of its first comment` }]);
  if (resolved === undefined ? first!.resolved === undefined : first!.resolved !== undefined) return doc;
  if (resolved !== undefined) refuse(issuesOf(commentShape, { ...first, resolved }, `project.review.comments[${doc.review.comments.indexOf(first!)}]`));
  const { resolved: _was, ...open } = first!;
  const next: ReviewComment = resolved === undefined ? open : { ...open, resolved };
  return { ...doc, review: { ...doc.review, comments: doc.review.comments.map((item) => (item === first ? next : item)) } };
}

function decide(doc: ProjectDocument, action: Extract<ReviewAction, { type: 'review/decide' }>, user: ReviewPerson | undefined): ProjectDocument {
  const reviewer = author(user, 'decide');
  const path = `project.review.decisions[${doc.review.decisions.length}]`;
  const version = action.version ?? doc.openVersion;
  if (findVersion(doc, version) === undefined) refuse([{ path: `${path}.version`, message: `names no version of the project ("${version}")` }]);
  if (doc.review.decisions.some((item) => item.id === action.id)) refuse([{ path: `${path}.id`, message: `is taken ("${action.id}"): each decision has its own id` }]);
  const made: ReviewDecision = {
    id: action.id,
    version,
    reviewer,
    at: action.at,
    label: action.label,
    ...(action.note === undefined || action.note.trim() === '' ? {} : { note: action.note }),
    contentHash: contentHash(doc, version)!,
    ...(action.jws === undefined ? {} : { jws: action.jws }),
  };
  refuse(issuesOf(decisionShape, made, path));
  if (made.jws !== undefined) refuse(signatureIssues(doc, made, `${path}.jws`));
  // Appended, never overwritten: a reviewer's new mind is a new decision.
  return { ...doc, review: { ...doc.review, decisions: [...doc.review.decisions, made] } };
}

/**
 * What is wrong with a new decision's signature, read without keys (the reducer cannot await WebCrypto): its
 * claims must be this decision's, in this project, after the version's last signed decision. A host that signed
 * something else, or a decision landing on the version while this one was signed, is refused here; whether the
 * signature itself verifies is `verifyDecisions`' (src/review/), wherever `review.publicKeys` is given.
 */
function signatureIssues(doc: ProjectDocument, made: ReviewDecision, path: string): ProjectIssue[] {
  const payload = jwsPayloadText(made.jws!);
  const claims = payload === undefined ? undefined : parseClaims(payload);
  if (claims === undefined) return [{ path, message: 'is not the signature of a decision (its payload is not a decision\'s claims): check what your review.sign signs' }];
  const mismatch = claimsMismatch(claims, doc.project_id, made);
  if (mismatch !== undefined) return [{ path, message: `signs another decision (its ${mismatch.reason === 'altered' ? mismatch.field : mismatch.reason.slice(6)} differs): review.sign must sign the decision it is given` }];
  if (claims['prev'] !== chainPrev(doc.review.decisions, made.version)) return [{ path, message: 'does not follow the last signed decision on its version (another landed while this one was signed): decide again' }];
  return [];
}

/** `items` with those of `saved` whose ids it lacks, in time order (stable: items made at one time keep their order). */
function joined<T extends { readonly id: string; readonly at: string }>(items: readonly T[], saved: readonly T[]): readonly T[] {
  const ids = new Set(items.map((item) => item.id));
  const missing = saved.filter((item) => !ids.has(item.id));
  if (missing.length === 0) return items;
  return [...items, ...missing].sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
}

/**
 * `doc` with a saved copy's review joined (a reviewer's Restore or Reload, which never take the copy's content):
 * the comments and decisions the present lacks, by id, are added; the present's are kept as they are (a comment
 * of both keeps the present's resolution), so none is overwritten or dropped. Time order keeps "the last decision"
 * of a role what it was when made.
 */
function merge(doc: ProjectDocument, saved: ProjectReview): ProjectDocument {
  const comments = joined(doc.review.comments, saved.comments);
  const decisions = joined(doc.review.decisions, saved.decisions);
  if (comments === doc.review.comments && decisions === doc.review.decisions) return doc;
  return { ...doc, review: { ...doc.review, comments, decisions } };
}

/** The review's reducer: what a comment, a resolution or a decision by `user` makes of `doc`. */
export function reduceReview(doc: ProjectDocument, action: ReviewAction, user: ReviewPerson | undefined): ProjectDocument {
  switch (action.type) {
    case 'review/comment':
      return comment(doc, action, user);
    case 'review/resolve':
      return resolve(doc, action.thread, { by: author(user, 'resolve a thread'), at: action.at });
    case 'review/reopen':
      author(user, 'reopen a thread');
      return resolve(doc, action.thread, undefined);
    case 'review/decide':
      return decide(doc, action, user);
    case 'review/merge':
      return merge(doc, action.review);
  }
}

// A comment or a decision lands on the present and on every step of the history: no undo takes it away.
provideReviewStep((state, action) => {
  const project = reduceReview(state.project, action, state.reviewUser);
  if (project === state.project) return state;
  const { review } = project;
  const history = mapHistory(state.history, (doc) => (doc.review === review ? doc : { ...doc, review }));
  return { ...state, project, history, dirty: project !== state.clean, refusal: undefined };
});

export {
  approves,
  commentRange,
  decisionStatus,
  missingApprovals,
  reviewThreads,
  versionApprovals,
  type CommentRange,
  type DecisionStatus,
  type ReviewThread,
  type VersionDecision,
} from './review-views.js';
