// Views of a project's review (issue 42): where each comment is now on its version's timeline (it follows its
// clip; a comment whose audio is gone is orphaned, kept and listed apart), and whether each decision still holds
// (an approval of a sound that has changed since is stale). Pure reads of the document: the review's actions
// are ./review.ts.

import { clipLength } from './clip-layout.js';
import { contentHash } from './content-hash.js';
import type { ProjectDocument, ReviewComment, ReviewDecision, VoiceClip } from './document.js';
import { versionContent } from './versions.js';

/** Where a comment is now: its version, its time range on that version's timeline, and whether its audio is gone. */
export interface CommentRange {
  readonly version: string;
  readonly start: number;
  readonly end: number;
  /**
   * Its audio is gone: the clip it is pinned to was removed (or its version was), or trimmed so that the
   * comment's offset in the take is no longer heard. `start` and `end` are then where it was made.
   */
  readonly orphaned: boolean;
}

/** Whether `clip` plays second `offset` of its take (its length unknown: from its trimmed start on). */
function plays(doc: ProjectDocument, clip: VoiceClip, offset: number): boolean {
  const length = clipLength(doc, clip);
  return offset >= clip.trimIn - 1e-9 && (length === undefined || offset <= clip.trimIn + length + 1e-9);
}

/**
 * Where `comment` is now. A comment pinned to a clip keeps its offset in the take: its range starts where the
 * clip plays that offset now (the clip moved 2 s, the comment moved 2 s), and keeps its length. A clip split in
 * two keeps the comment on the piece that plays its offset (the same take). Derived, never stored: an undo of the
 * edit that removed a clip brings its comments back at once. A comment marked `orphaned` in the document (by
 * another tool) stays orphaned.
 */
export function commentRange(doc: ProjectDocument, comment: ReviewComment): CommentRange {
  const { version, start, end, clip: pin } = comment.anchor;
  const made = { version, start, end };
  const content = versionContent(doc, version);
  if (comment.orphaned === true || content === undefined) return { ...made, orphaned: true };
  if (pin === undefined) return { ...made, orphaned: false };
  const own = content.clips.find((clip) => clip.id === pin.id);
  if (own === undefined) return { ...made, orphaned: true };
  const clip = plays(doc, own, pin.offset) ? own : content.clips.find((piece) => piece.assetId === own.assetId && piece.url === own.url && plays(doc, piece, pin.offset));
  if (clip === undefined) return { ...made, orphaned: true };
  const at = clip.start + (pin.offset - clip.trimIn);
  return { version, start: at, end: at + (end - start), orphaned: false };
}

/** One thread of the review: its first comment and its replies, in order, where it is now, and whether it is resolved. */
export interface ReviewThread {
  readonly id: string;
  readonly comments: readonly ReviewComment[];
  readonly range: CommentRange;
  readonly resolved: boolean;
}

/**
 * The threads of the review, in the order made: `open` and `resolved` ones whose audio is there, each in its
 * version's time order, and the `orphaned` ones apart (kept: a resolved or orphaned thread is never deleted).
 * With `version`, only that version's.
 */
export function reviewThreads(doc: ProjectDocument, version?: string): { open: ReviewThread[]; resolved: ReviewThread[]; orphaned: ReviewThread[] } {
  const threads = new Map<string, ReviewComment[]>();
  for (const comment of doc.review.comments) {
    const list = threads.get(comment.thread);
    if (list === undefined) threads.set(comment.thread, [comment]);
    else list.push(comment);
  }
  const out = { open: [] as ReviewThread[], resolved: [] as ReviewThread[], orphaned: [] as ReviewThread[] };
  for (const [id, comments] of threads) {
    const first = comments.find((comment) => comment.id === id) ?? comments[0]!;
    if (version !== undefined && first.anchor.version !== version) continue;
    const thread: ReviewThread = { id, comments, range: commentRange(doc, first), resolved: first.resolved !== undefined };
    (thread.range.orphaned ? out.orphaned : thread.resolved ? out.resolved : out.open).push(thread);
  }
  const byTime = (a: ReviewThread, b: ReviewThread) => a.range.start - b.range.start;
  out.open.sort(byTime);
  out.resolved.sort(byTime);
  return out;
}

/** Whether a decision still holds: `fresh` while its version sounds as it did (the same content hash), else `stale`. */
export type DecisionStatus = 'fresh' | 'stale';

/** `fresh` when `decision`'s version hashes now as it did when decided; `stale` after any change of its sound (or without the version). */
export function decisionStatus(doc: ProjectDocument, decision: ReviewDecision, hash: string | undefined = contentHash(doc, decision.version)): DecisionStatus {
  return hash !== undefined && hash === decision.contentHash ? 'fresh' : 'stale';
}

/** A decision with whether it still holds. */
export interface VersionDecision {
  readonly decision: ReviewDecision;
  readonly status: DecisionStatus;
}

/** Whether a decision says yes: "Approved" or "Approved with changes". */
export const approves = (decision: ReviewDecision): boolean => decision.label === 'approved' || decision.label === 'approved-with-changes';

/** Every decision on version `versionId`, in the order made, each fresh or stale (the version's hash is computed once). */
export function versionApprovals(doc: ProjectDocument, versionId: string): VersionDecision[] {
  const hash = contentHash(doc, versionId);
  return doc.review.decisions.filter((decision) => decision.version === versionId).map((decision) => ({ decision, status: decisionStatus(doc, decision, hash) }));
}

/**
 * The roles of `require` whose approval version `versionId` lacks: for each role, the last fresh decision of a
 * reviewer of that role on the version must say yes (a later "Changes required" on the same sound withdraws an
 * approval; an approval of a sound since changed counts for nothing). With `counts` (the decisions whose signature
 * verifies, where the host gives `review.publicKeys`), only those count. Empty: every required role approved.
 */
export function missingApprovals(doc: ProjectDocument, versionId: string, require: readonly string[], counts: (decision: ReviewDecision) => boolean = () => true): string[] {
  if (require.length === 0) return [];
  const fresh = versionApprovals(doc, versionId).filter((entry) => entry.status === 'fresh' && counts(entry.decision));
  return [...new Set(require)].filter((role) => {
    const last = fresh.filter((entry) => entry.decision.reviewer.role === role).at(-1);
    return last === undefined || !approves(last.decision);
  });
}
