// "Make the ad" confirmed where it shows: after the store's `ad/assemble` (one undo step, see reducer.ts), a
// notice says what was made (the sections voiced, the voice, the bed, where the voice ends) with Undo, and the
// editor is told so that it can put the focus on the made ad. The notice goes as soon as the project is
// edited, undone or replaced: its Undo then undoes the make and nothing else.
import type { ReactiveController, ReactiveControllerHost } from 'lit';
import type { Translate } from '../../i18n/translate.js';
import { isServiceAction, type EditorAction } from '../../model/actions.js';
import { clipLength } from '../../model/clip-layout.js';
import type { ProjectDocument } from '../../model/document.js';
import type { EditorStore } from '../../model/editor-state.js';
import type { NoticeKind, StudioNotice } from '../../model/notices.js';

/** What "Make the ad" made, in the project's own words. */
export interface MadeSummary {
  readonly title: string;
  /** The names of the sections voiced, in script order. */
  readonly sections: readonly string[];
  /** The voice's name (its id when the service gave no name). */
  readonly voice: string;
  /** The bed's track title, or null when the ad has no music. */
  readonly bed: string | null;
  /** Where the voice ends, seconds. */
  readonly voiceEnd: number;
  /** The ad's length, seconds. */
  readonly target: number;
}

type AssembleAction = Extract<EditorAction, { type: 'ad/assemble' }>;

/** The summary of `project` just made by `action`. Pure. */
export function madeSummary(project: ProjectDocument, action: AssembleAction): MadeSummary {
  const voiced = new Set(action.takes.map((take) => take.sectionId));
  const voiceEnd = project.clips.reduce((end, clip) => Math.max(end, clip.start + (clipLength(project, clip) ?? 0)), 0);
  return {
    title: project.title,
    sections: project.script.sections.filter((section) => voiced.has(section.id)).map((section) => section.label),
    voice: project.voice.details?.name ?? project.voice.voice ?? '',
    bed: project.music?.track?.title ?? null,
    voiceEnd,
    target: project.duration,
  };
}

/** Actions after which the make is still the latest undo step: service facts, saves, the role, a gesture's end. */
const KEEPING: ReadonlySet<string> = new Set(['persist/saved', 'session/role', 'history/end-gesture']);
export const keepsTheMake = (action: EditorAction): boolean => isServiceAction(action) || KEEPING.has(action.type);

/** The notice of `summary` in the editor's language, with Undo. */
export function madeNotice(summary: MadeSummary, t: Translate, undo: () => void): StudioNotice {
  const params = {
    title: summary.title,
    sections: t.list(summary.sections),
    voice: summary.voice,
    length: t.number(summary.voiceEnd, 1),
    target: t.number(summary.target, Number.isInteger(summary.target) ? 0 : 1),
    ...(summary.bed === null ? {} : { bed: summary.bed }),
  };
  return { kind: 'ad-made', tone: 'info', message: summary.bed === null ? 'made.summaryNoBed' : 'made.summary', params, actions: [{ label: 'toolbar.undo', run: undo }], dismissible: true };
}

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
  readonly #made: () => void;
  #off: (() => void) | undefined;
  #summary: MadeSummary | undefined;
  #shown: { from: readonly StudioNotice[]; t: Translate; summary: MadeSummary | undefined; notices: readonly StudioNotice[] } | undefined;

  constructor(host: MadeHost, options: { t: () => Translate; made: () => void }) {
    this.#host = host;
    this.#t = options.t;
    this.#made = options.made;
    host.addController(this);
  }

  /** What was made, while the confirmation shows. */
  get summary(): MadeSummary | undefined {
    return this.#summary;
  }

  hostConnected(): void {
    this.#off ??= this.#host.store.subscribe((state, action) => {
      if (action.type === 'ad/assemble') {
        this.#set(madeSummary(state.project, action));
        this.#made();
      } else if (this.#summary !== undefined && !keepsTheMake(action)) {
        this.#set(undefined);
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
    const all = this.#summary === undefined ? notices : [...notices, madeNotice(this.#summary, t, () => this.undo())];
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
