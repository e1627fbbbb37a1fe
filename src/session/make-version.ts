// "New version" and "Duplicate as alternate": a version of the open one made in one step. The service's
// `format` fits the script to the new length keeping the brand line and the call to action word for word
// (`keep_section_ids`, an assumption in contract.ts); only the sections whose text, voice or speed changed
// are voiced again, every other take is reused; the takes are laid end to end and the bed fitted; then ONE
// `version/add` (one undo step). Cancel or a failure adds nothing; the takes already made are kept for Try again.
import type { ServiceClient } from '../api/client.js';
import type { AssetMetadata, PriceList } from '../api/contract.js';
import { StudioApiError } from '../api/api-error.js';
import type { EditAction, ServiceAction } from '../model/actions.js';
import { isoNow, usageReceived } from '../model/credits.js';
import { fitBed } from '../model/bed-fit.js';
import { clipLength, LEAD_IN_S, RESPACE_GAP_S, takeClip } from '../model/clip-layout.js';
import type { ClipSource, ProjectDocument, ProjectSection, VersionContent, VoiceClip } from '../model/document.js';
import { nextVersionId, openContent } from '../model/versions.js';
import { speechPastEnd } from '../rules/limits.js';
import { DEFAULT_WORDS_PER_MINUTE, estimateScript, voiceWordsPerMinute } from '../script/estimate.js';
import { requestEntries } from '../api/pronunciation-field.js';
import type { PronunciationEntry } from '../brand/pronunciations.js';
import { scanSlots } from '../script/slot-scan.js';
import { sectionRead, sectionSaid, sectionVoice, staleSections, textPronunciations } from '../script/voiceover.js';
import { priceOf, voiceCalls } from '../script/price.js';

/** The lengths "New version" offers, seconds. */
export const VERSION_LENGTHS = [60, 30, 15, 10, 6] as const;

/** The lengths a version may have, seconds (a custom length outside is refused with this range). */
export const VERSION_LENGTH_LIMITS = { min: 5, max: 600 } as const;

/** Whether `seconds` is a length a version may have. */
export const isVersionLength = (seconds: number): boolean => Number.isFinite(seconds) && seconds >= VERSION_LENGTH_LIMITS.min && seconds <= VERSION_LENGTH_LIMITS.max;

/** The call to action: a section labelled so ("Call to action", "CTA", "Call"), else the last one. */
export function callToAction(sections: readonly ProjectSection[]): ProjectSection | undefined {
  return sections.find((section) => /\bcall\b|\bcta\b|call to action/i.test(section.label)) ?? sections.at(-1);
}

/**
 * The sections a new version keeps word for word: the call to action, a section labelled as the brand line
 * ("Brand", "Tagline", "Slogan"), every locked section, and every section holding a `{{slot}}` (a feed fills it:
 * the service's fit could reword or drop the placeholder).
 */
export function keptSections(doc: ProjectDocument): ProjectSection[] {
  const sections = doc.script.sections.filter((section) => section.text.trim() !== '');
  const call = callToAction(sections);
  return sections.filter((section) => section === call || section.locked === true || /brand|tag ?line|slogan/i.test(section.label) || scanSlots(section.text).slots.length > 0);
}

/** Why a version cannot be made before anything is asked of the service, or `undefined`. */
export type VersionRefusal =
  | { readonly kind: 'length'; readonly min: number; readonly max: number }
  | { readonly kind: 'locked'; readonly reason: string | undefined }
  | { readonly kind: 'no-script' }
  | { readonly kind: 'no-voice' }
  /** The kept sections alone are too long: `label` of the longest, their `seconds` and the `room` the ad leaves. */
  | { readonly kind: 'kept-too-long'; readonly label: string; readonly count: number; readonly seconds: number; readonly room: number };

/** Seconds of speech an ad of `seconds` leaves for `spoken` sections laid end to end (lead-in, gaps). */
export const speechRoom = (seconds: number, spoken: number): number => Math.max(0, seconds - LEAD_IN_S - RESPACE_GAP_S * Math.max(0, spoken - 1));

/** Words per minute of the voice of `doc`, when its details say; else the estimate's default. */
const wordsPerMinute = (doc: ProjectDocument): number => voiceWordsPerMinute(doc.voice) ?? DEFAULT_WORDS_PER_MINUTE;

/** Whether a version of `seconds` can be asked for from `doc`, or why not (the reason in figures). */
export function versionRefusal(doc: ProjectDocument, seconds: number): VersionRefusal | undefined {
  if (!isVersionLength(seconds)) return { kind: 'length', ...VERSION_LENGTH_LIMITS };
  if (doc.locks.duration !== undefined) return { kind: 'locked', reason: doc.locks.duration.reason };
  const spoken = doc.script.sections.filter((section) => section.text.trim() !== '');
  if (spoken.length === 0) return { kind: 'no-script' };
  if (spoken.some((section) => sectionVoice(doc, section) === null)) return { kind: 'no-voice' };
  const kept = keptSections(doc);
  // The words as said, and the direction's pauses on top (sectionSaid).
  const estimate = estimateScript(
    kept.map((section) => {
      const said = sectionSaid(doc, section);
      return { text: said.words, pauses: said.pauses, wordsPerMinute: wordsPerMinute(doc) };
    }),
    doc.voice.speed,
  );
  const room = speechRoom(seconds, kept.length);
  if (estimate.total > room) {
    const longest = kept[estimate.sections.indexOf(Math.max(...estimate.sections))]!;
    return { kind: 'kept-too-long', label: longest.label, count: kept.length, seconds: Math.round(estimate.total * 10) / 10, room: Math.round(room * 10) / 10 };
  }
  return undefined;
}

/**
 * The most a new version of `doc` costs, in credits (the one price): one `format` and a voice-over of every
 * section the fit may change (or that has no take yet). `undefined` when the service states no price for them.
 */
export function versionPrice(doc: ProjectDocument, prices: PriceList | undefined): number | undefined {
  const kept = new Set(keptSections(doc).map((section) => section.id));
  const stale = staleSections(doc);
  const voiced = doc.script.sections.filter((section) => section.text.trim() !== '' && (!kept.has(section.id) || stale.has(section.id)));
  return priceOf(prices, [{ operation: 'format' }, ...voiceCalls(voiced.map((section) => sectionSaid(doc, section).words))]);
}

/** One voiced section, as the service made it. */
interface Take {
  readonly asset: AssetMetadata;
  readonly source: ClipSource;
}

/** What a made version is: its id, what was voiced and reused, and whether its speech fits. */
export interface MadeVersion {
  readonly id: string;
  readonly content: VersionContent;
  /** Sections voiced again (each a voice-over request). */
  readonly voiced: number;
  /** Takes reused as they were. */
  readonly reused: number;
  /** Where the last take ends, seconds. */
  readonly speechEnd: number;
  /** The speech ends within the length (the speech-fits rule). */
  readonly fits: boolean;
  /** What `format` said it did (`shortened Body by 2.1 s`), when it said. */
  readonly summary: string | undefined;
}

/** Why making a version stopped after it began. */
export type VersionFailure =
  /** The service cannot fit the script: its answer, in its words (or `undefined` when it gave none). */
  | { readonly kind: 'cannot-fit'; readonly answer: string | undefined; readonly error: unknown }
  /** `format` failed otherwise. */
  | { readonly kind: 'format'; readonly error: unknown }
  /** The take of `label` failed; `done` takes are kept for Try again. */
  | { readonly kind: 'take'; readonly label: string; readonly done: number; readonly left: number; readonly error: unknown };

/** The outcome of a run: the version, or why it stopped. An abort rejects (it is not a failure). */
export type VersionOutcome = { readonly ok: true; readonly version: MadeVersion } | { readonly ok: false; readonly failure: VersionFailure };

/** What a run reads and writes: the service, the store, and where it reports its steps. */
export interface VersionMakerHost {
  readonly client: Pick<ServiceClient, 'format' | 'voiceover'>;
  /** The project now (the version is added to the document as it is at the end). */
  project(): ProjectDocument;
  dispatch(action: EditAction | ServiceAction): void;
  /** The host's pronunciations (`vocal.pronunciations`), applied with the project's to every take. */
  readonly brand?: readonly PronunciationEntry[];
  /** A step begins: fitting the script, or voicing take `n` of `count`. */
  onStep?(step: { readonly stage: 'fit' } | { readonly stage: 'voice'; readonly n: number; readonly count: number; readonly label: string }): void;
}

/**
 * A version of `from` of `seconds`, made step by step. `run()` again after a failure (Try again) reuses
 * the fit and every take already made: only what is missing is asked for again.
 */
export class VersionMaker {
  readonly #host: VersionMakerHost;
  readonly #from: ProjectDocument;
  readonly #seconds: number;
  readonly #label: string;
  #fitted: { sections: readonly ProjectSection[]; summary: string | undefined } | undefined;
  /** Takes made by this maker, by section id. */
  readonly #takes = new Map<string, Take>();

  constructor(host: VersionMakerHost, from: ProjectDocument, seconds: number, label = '') {
    this.#host = host;
    this.#from = from;
    this.#seconds = seconds;
    this.#label = label;
  }

  /** Fits, voices what changed, lays out and adds the version (one `version/add`), or says why not. */
  async run(signal: AbortSignal): Promise<VersionOutcome> {
    signal.throwIfAborted();
    const from = this.#from;
    if (this.#fitted === undefined) {
      this.#host.onStep?.({ stage: 'fit' });
      try {
        this.#fitted = await this.#fit(signal);
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        if (error instanceof StudioApiError && (error.serviceCode === 'cannot_fit' || error.status === 422)) return { ok: false, failure: { kind: 'cannot-fit', answer: error.serviceMessage, error } };
        return { ok: false, failure: { kind: 'format', error } };
      }
    }
    const sections = this.#fitted.sections;
    const draft: ProjectDocument = { ...from, duration: this.#seconds, script: { sections }, clips: from.clips.filter((clip) => sections.some((section) => section.id === clip.sectionId)) };
    const brand = this.#host.brand ?? [];
    const stale = sections.filter((section) => staleSections(draft, brand).has(section.id));
    for (const [index, section] of stale.entries()) {
      const { text, ssml } = sectionRead(draft, section);
      const pronunciations = textPronunciations(draft, text, brand);
      const source: ClipSource = {
        text,
        voice: sectionVoice(draft, section)!,
        speed: draft.voice.speed,
        ...(pronunciations.length === 0 ? {} : { pronunciations }),
        ...(ssml === undefined ? {} : { ssml }),
      };
      const made = this.#takes.get(section.id);
      if (made !== undefined && sameSource(made.source, source)) continue;
      this.#host.onStep?.({ stage: 'voice', n: index + 1, count: stale.length, label: section.label });
      try {
        const sent = isoNow();
        const result = await this.#host.client.voiceover(
          {
            project_id: from.project_id,
            text,
            voice_id: source.voice,
            speed: source.speed,
            section_id: section.id,
            ...(pronunciations.length === 0 ? {} : { pronunciations: requestEntries(pronunciations) }),
            ...(ssml === undefined ? {} : { ssml }),
          },
          { signal },
        );
        if (result.usage) this.#host.dispatch(usageReceived('voiceover', result.usage, sent));
        this.#takes.set(section.id, { asset: result.asset, source });
      } catch (error) {
        if (signal.aborted) throw signal.reason;
        const done = stale.filter((other) => this.#takes.has(other.id)).length;
        return { ok: false, failure: { kind: 'take', label: section.label, done, left: stale.length - done, error } };
      }
    }
    signal.throwIfAborted();
    const voiced = stale.length;
    const reused = sections.length - voiced;
    const assets = [...this.#takes.values()].map((take) => take.asset);
    const withAssets: ProjectDocument = { ...draft, assets: [...from.assets, ...assets.filter((asset) => !from.assets.some((known) => known.asset_id === asset.asset_id))] };
    const clips = layOut(withAssets, sections.map((section) => clipOf(draft, section, this.#takes.get(section.id))));
    const content: VersionContent = { ...openContent(draft), clips, music: fitBed(from.music, this.#seconds) };
    const speechEnd = clips.reduce((end, clip) => Math.max(end, clip.start + (clipLength(withAssets, clip) ?? 0)), 0);
    if (assets.length > 0) this.#host.dispatch({ type: 'assets/received', assets });
    const id = nextVersionId(this.#host.project());
    this.#host.dispatch({ type: 'version/add', version: { id, label: this.#label }, content });
    return { ok: true, version: { id, content, voiced, reused, speechEnd, fits: speechPastEnd(speechEnd, this.#seconds) === 0, summary: this.#fitted.summary } };
  }

  /** The script fitted by the service, with each section's own voice, label and lock kept; sections it emptied are dropped. */
  async #fit(signal: AbortSignal): Promise<{ sections: readonly ProjectSection[]; summary: string | undefined }> {
    const from = this.#from;
    const spoken = from.script.sections.filter((section) => section.text.trim() !== '');
    const result = await this.#host.client.format(
      {
        project_id: from.project_id,
        sections: spoken.map(({ id, label, text }) => ({ id, label, text })),
        duration: this.#seconds,
        ...(from.voice.voice ? { voice_id: from.voice.voice } : {}),
        speed: from.voice.speed,
        keep_section_ids: keptSections(from).map((section) => section.id),
      },
      { signal },
    );
    if (result.usage) this.#host.dispatch({ type: 'usage/received', operation: 'format', usage: result.usage });
    const texts = new Map(result.sections.map((section) => [section.id, section.text]));
    const kept = new Set(keptSections(from).map((section) => section.id));
    // A kept section is kept word for word, whatever a service answers.
    const sections = spoken.flatMap((section) => {
      const text = kept.has(section.id) ? section.text : (texts.get(section.id) ?? section.text);
      return text.trim() === '' ? [] : [text === section.text ? section : { ...section, text }];
    });
    return { sections, summary: result.summary };
  }
}

const sameSource = (a: ClipSource, b: ClipSource): boolean =>
  a.text === b.text &&
  a.ssml === b.ssml &&
  a.voice === b.voice && a.speed === b.speed && JSON.stringify(a.pronunciations ?? []) === JSON.stringify(b.pronunciations ?? []);

/** The clip of `section` in the new version: a new take when one was made, else its take as it was. */
function clipOf(draft: ProjectDocument, section: ProjectSection, take: Take | undefined): VoiceClip | undefined {
  const previous = draft.clips.find((clip) => clip.sectionId === section.id);
  if (take === undefined) return previous;
  return takeClip({ id: previous?.id ?? `clip-${section.id}`, sectionId: section.id, asset: take.asset, start: 0, source: take.source }, previous);
}

/** The takes in script order, end to end from the lead-in, `RESPACE_GAP_S` apart (a take of unknown length keeps its start). */
function layOut(doc: ProjectDocument, clips: ReadonlyArray<VoiceClip | undefined>): VoiceClip[] {
  let at = LEAD_IN_S;
  return clips.flatMap((clip) => {
    if (clip === undefined) return [];
    const length = clipLength(doc, clip);
    if (length === undefined) return [clip];
    const placed = clip.start === at ? clip : { ...clip, start: Math.round(at * 1e6) / 1e6 };
    at += length + RESPACE_GAP_S;
    return [placed];
  });
}

/**
 * "Duplicate as alternate": the open version copied as it is (same length, script, takes and bed) and
 * opened, to try another voice, call to action or bed. One `version/add`; nothing is asked of the service.
 */
export function duplicateVersion(host: Pick<VersionMakerHost, 'project' | 'dispatch'>, label = ''): string {
  const doc = host.project();
  const id = nextVersionId(doc);
  host.dispatch({ type: 'version/add', version: { id, label }, content: openContent(doc) });
  return id;
}
