import type { ProjectDocument } from '../document.js';
import { readProject } from '../migrate.js';
import type { StoredWork } from './journal.js';

/**
 * What autosave does with the newest stored work of a project when it opens it:
 * - `none`: nothing usable is stored (with `dropJournal`, the journal held a document that does not read
 *   as a project: it is removed);
 * - `same`: the stored work is the open project: it counts as saved;
 * - `restore`: nothing was loaded or edited here, so the stored work is the newest and comes back without
 *   asking (a reload, a closed tab, a crash alike);
 * - `offer`: a real conflict (the host loaded a document, or it was edited before the draft was read): the
 *   user chooses, and saving waits;
 * - `unreadable`: the stored draft does not read as a project: the user may download it or replace it.
 */
export type DraftDecision =
  | { readonly kind: 'none'; readonly dropJournal: boolean }
  | { readonly kind: 'same' }
  | { readonly kind: 'restore'; readonly draft: ProjectDocument }
  | { readonly kind: 'offer'; readonly draft: ProjectDocument }
  | { readonly kind: 'unreadable'; readonly error: Error };

/** What `decideDraft` weighs. */
export interface DraftFacts {
  /** The newest stored work (see `newestWork`), if any. */
  readonly stored: StoredWork | undefined;
  /** The open project, and whether it has unsaved edits. */
  readonly project: ProjectDocument;
  readonly dirty: boolean;
  /** The host gave the open document (e.g. `loadProject`): a different draft is offered, never restored. */
  readonly hostLoaded: boolean;
}

/** Decides what to do with the stored work (see `DraftDecision`). Pure: reads nothing else, changes nothing. */
export function decideDraft({ stored, project, dirty, hostLoaded }: DraftFacts): DraftDecision {
  if (stored === undefined) return { kind: 'none', dropJournal: false };
  let draft: ProjectDocument;
  try {
    draft = readProject(stored.doc);
  } catch (error) {
    return stored.journal ? { kind: 'none', dropJournal: true } : { kind: 'unreadable', error: error as Error };
  }
  if (JSON.stringify(draft) === JSON.stringify(project)) return { kind: 'same' };
  if (!hostLoaded && !dirty) return { kind: 'restore', draft };
  return { kind: 'offer', draft };
}
