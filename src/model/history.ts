import type { ProjectDocument } from './document.js';

/** A persistent stack: pushing and popping share every older node, so each is O(1). */
export interface StackNode {
  readonly doc: ProjectDocument;
  readonly next: StackNode | null;
}

/**
 * Undo history. `past` holds earlier documents (newest first), `future` the undone ones (next first);
 * documents share every unchanged subtree with each other and with the present.
 */
export interface HistoryState {
  readonly past: StackNode | null;
  /** Undo steps available (at most `limit`). The stack may physically hold a few more until it is trimmed. */
  readonly pastDepth: number;
  /** Nodes physically in `past`. */
  readonly pastSize: number;
  readonly future: StackNode | null;
  readonly futureDepth: number;
  /** Gesture id of the latest step while it may still grow (a drag in progress). */
  readonly gesture: string | undefined;
  /** Most undo steps kept; the oldest are dropped. */
  readonly limit: number;
}

export const emptyHistory = (limit: number): HistoryState => ({ past: null, pastDepth: 0, pastSize: 0, future: null, futureDepth: 0, gesture: undefined, limit });

/** The first `count` nodes of a stack, rebuilt (older nodes become garbage). */
function take(node: StackNode | null, count: number): StackNode | null {
  const docs: ProjectDocument[] = [];
  for (let at = node; at !== null && docs.length < count; at = at.next) docs.push(at.doc);
  let rebuilt: StackNode | null = null;
  for (let i = docs.length - 1; i >= 0; i--) rebuilt = { doc: docs[i]!, next: rebuilt };
  return rebuilt;
}

/**
 * Records `doc` as the newest undo step and drops the redo branch. Past `limit`, the oldest step stops
 * being reachable at once and its memory is released by an occasional trim (amortised O(1) per step).
 */
export function pushPast(history: HistoryState, doc: ProjectDocument, gesture: string | undefined): HistoryState {
  let past: StackNode | null = { doc, next: history.past };
  let pastSize = history.pastSize + 1;
  const pastDepth = Math.min(history.pastDepth + 1, history.limit);
  if (pastSize > history.limit + Math.max(8, history.limit >> 2)) {
    past = take(past, pastDepth);
    pastSize = pastDepth;
  }
  return { ...history, past, pastSize, pastDepth, future: null, futureDepth: 0, gesture };
}

/** Applies `change` to every document of the history (service facts), keeping the depths. */
export function mapHistory(history: HistoryState, change: (doc: ProjectDocument) => ProjectDocument): HistoryState {
  const map = (node: StackNode | null, count: number): StackNode | null => {
    const docs: ProjectDocument[] = [];
    for (let at = node; at !== null && docs.length < count; at = at.next) docs.push(change(at.doc));
    let rebuilt: StackNode | null = null;
    for (let i = docs.length - 1; i >= 0; i--) rebuilt = { doc: docs[i]!, next: rebuilt };
    return rebuilt;
  };
  return { ...history, past: map(history.past, history.pastDepth), pastSize: history.pastDepth, future: map(history.future, history.futureDepth) };
}

/** The documents one can undo to, oldest first (for tests and tools; O(depth)). */
export function pastDocuments(history: HistoryState): ProjectDocument[] {
  const docs: ProjectDocument[] = [];
  for (let at = history.past; at !== null && docs.length < history.pastDepth; at = at.next) docs.push(at.doc);
  return docs.reverse();
}
