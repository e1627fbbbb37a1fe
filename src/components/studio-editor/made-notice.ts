// What "Make the ad" made, in the project's own words, and the notice that says it with Undo: a chunk of its
// own, fetched by the editor's MadeController (made-confirmation.ts) on the first make, with the later words.
import '../../i18n/later-words.js';
import type { Translate } from '../../i18n/translate.js';
import type { EditorAction } from '../../model/actions.js';
import type { ProjectDocument } from '../../model/document.js';
import type { StudioNotice } from '../../model/notices.js';
import { spokenLength } from '../../script/spoken-length.js';
export { focusMadeAd } from './focus-made-ad.js';
/** What "Make the ad" made, in the project's own words. */
export interface MadeSummary {
  readonly title: string;
  /** The names of the sections voiced, in script order. */
  readonly sections: readonly string[];
  /** The voice's name (its id when the service gave no name). */
  readonly voice: string;
  /** The bed's track title, or null when the ad has no music. */
  readonly bed: string | null;
  /** The spoken length, seconds: the takes as voiced, the one length every other place shows. */
  readonly voiceEnd: number;
  /** The ad's length, seconds. */
  readonly target: number;
}

type AssembleAction = Extract<EditorAction, { type: 'ad/assemble' }>;

/** The summary of `project` just made by `action`. Pure. */
export function madeSummary(project: ProjectDocument, action: AssembleAction): MadeSummary {
  const voiced = new Set(action.takes.map((take) => take.sectionId));
  return {
    title: project.title,
    sections: project.script.sections.filter((section) => voiced.has(section.id)).map((section) => section.label),
    voice: project.voice.details?.name ?? project.voice.voice ?? '',
    bed: project.music?.track?.title ?? null,
    voiceEnd: spokenLength(project).seconds,
    target: project.duration,
  };
}

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

