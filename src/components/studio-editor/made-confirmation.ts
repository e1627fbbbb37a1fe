// "Make the ad" confirmed where it shows: after the store's `ad/assemble` (one undo step, see reducer.ts), a
// notice says what was made (the sections voiced, the voice, the bed, the spoken length) with Undo, and the
// focus moves to the made ad. The notice goes as soon as the project is edited, undone or replaced: its Undo
// then undoes the make and nothing else. What the notice says, and the focus, are a chunk (made-notice.ts)
// fetched on the first make: the first paint carries only this watcher.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import { isReviewAction, isServiceAction, type EditorAction } from '../../model/actions.js';
import type { EditorStore } from '../../model/editor-state.js';
import type { NoticeKind, StudioNotice } from '../../model/notices.js';
import type * as MadeNotice from './made-notice.js';
import type { MadeSummary } from './made-notice.js';

type NoticeModule = typeof MadeNotice;

/** Actions after which the make is still the latest undo step: service facts, comments and decisions, saves, the role, a gesture's end. */
const KEEPING: ReadonlySet<string> = new Set(['persist/saved', 'session/role', 'history/end-gesture']);
const keepsTheMake = (action: EditorAction): boolean => isServiceAction(action) || isReviewAction(action) || KEEPING.has(action.type);

/** What the controller reads of its editor. */
export interface MadeHost extends ReactiveControllerHost {
  readonly store: EditorStore;
}

/**
 * Follows the store for "Make the ad": keeps the confirmation while the make is the latest step, and calls
 * `made` once the ad is in the project (the editor moves the focus to it).
 */
export class MadeController implements ReactiveController {
  readonly #host: MadeHost;
  readonly #t: () => Translate;
  readonly #made: (module: NoticeModule) => void;
  #module: NoticeModule | undefined;
  /** Counts the makes: a late chunk for an older one shows nothing. */
  #makes = 0;
  #off: (() => void) | undefined;
  #summary: MadeSummary | undefined;
  #shown: { from: readonly StudioNotice[]; t: Translate; summary: MadeSummary | undefined; notices: readonly StudioNotice[] } | undefined;

  constructor(host: MadeHost, options: { t: () => Translate; made: (module: NoticeModule) => void }) {
    this.#host = host;
    this.#t = options.t;
    this.#made = options.made;
    host.addController(this);
  }

  hostConnected(): void {
    this.#off ??= this.#host.store.subscribe((state, action) => {
      if (action.type === 'ad/assemble') {
        const make = ++this.#makes;
        void import('./made-notice.js').then(
          (module) => {
            // A newer make, an edit since, or the editor gone: the notice of this one would say what is not there.
            if (make !== this.#makes || this.#off === undefined) return;
            this.#module = module;
            this.#set(module.madeSummary(state.project, action));
            this.#made(module);
          },
          () => undefined, // Not fetched: the make stands, announced by the Recommend panel's live region.
        );
      } else if (!keepsTheMake(action)) {
        this.#makes += 1;
        if (this.#summary !== undefined) this.#set(undefined);
      }
    });
  }

  hostDisconnected(): void {
    this.#off?.();
    this.#off = undefined;
  }

  /** `notices` with the confirmation after them (the same array until one of them changes). */
  withNotices(notices: readonly StudioNotice[]): readonly StudioNotice[] {
    const t = this.#t();
    const shown = this.#shown;
    if (shown !== undefined && shown.from === notices && shown.t === t && shown.summary === this.#summary) return shown.notices;
    const all = this.#summary === undefined || this.#module === undefined ? notices : [...notices, this.#module.madeNotice(this.#summary, t, () => this.undo())];
    this.#shown = { from: notices, t, summary: this.#summary, notices: all };
    return all;
  }

  /** Closes the confirmation when `kind` is its kind; false for another notice's. */
  dismiss(kind: NoticeKind): boolean {
    if (kind !== 'ad-made') return false;
    this.#set(undefined);
    return true;
  }

  /** Undoes the make (its one step) and closes the confirmation. */
  undo(): void {
    if (this.#summary === undefined) return;
    this.#set(undefined);
    this.#host.store.dispatch({ type: 'history/undo' });
  }

  #set(summary: MadeSummary | undefined): void {
    this.#summary = summary;
    this.#host.requestUpdate();
  }
}
