// One row of a feed as an ad: the template's script with the row's values in its slots, read at a speed that
// fits (at most `vocal.maxFitSpeed`), voiced where its text differs from the template's takes (the rest reused
// as they are), laid where the template's takes were, later ones moved by the change of length. Pure but for
// the takes it asks for.
import type { PronunciationEntry } from '../brand/pronunciations.js';
import { rowSlotValues } from '../feed/mapping.js';
import type { Feed, SlotDefinition } from '../feed/types.js';
import { clipLength, LEAD_IN_S, RESPACE_GAP_S, takeClip } from '../model/clip-layout.js';
import type { ClipSource, ProjectDocument, ProjectSection, VoiceClip } from '../model/document.js';
import { countSpokenWords } from '../script/estimate.js';
import { parseSlots, spokenText } from '../script/slots.js';
import { findingText } from '../rules/finding.js';
import { speechPastEnd } from '../rules/limits.js';
import { judgePace, type PaceLimits } from '../rules/pace.js';
import { reason, saidAs, type Reason } from '../rules/said.js';
import { describe } from '../internal/describe.js';
import { sectionRead, sectionVoice, textPronunciations } from '../script/voiceover.js';
import { takeKey, type FeedTakes } from './feed-takes.js';

/** Speeds a row is read at are rounded up to this step, so rows of about the same length share their takes. */
const SPEED_STEP = 0.05;

/** One section of a row: what its take is made from, and the template's take when that one sounds the same. */
interface RowSection {
  readonly section: ProjectSection;
  readonly source: ClipSource;
  /** The template's clip of the section. */
  readonly clip: VoiceClip | undefined;
}

/** A row ready to voice. */
export interface RowPlan {
  readonly key: string;
  /** The row counted from 1 after the header. */
  readonly row: number;
  /** Each slot's value, by slot name (mapped slots only). */
  readonly values: Readonly<Record<string, string>>;
  /** The speed the row is read at. */
  readonly speed: number;
}

/** A row as an ad: the template's document with the row's takes, and what it took. */
export interface RowAd {
  readonly view: ProjectDocument;
  /** The asset ids of its takes, in script order. */
  readonly assets: readonly string[];
  readonly voiced: number;
  readonly reused: number;
  /** Where its speech ends, seconds. */
  readonly speechEnd: number;
  /** Words a second while speaking (the takes' words over their lengths); `null` when a take's length is unknown. */
  readonly wordsPerSecond: number | null;
  /** What keeps the row as voiced from delivery, in words (its speech past the end, a slot not read, a sheet's pace limit); empty when nothing. */
  readonly problems: readonly Reason[];
  /** What may sound wrong but is delivered, in words (a fast read, words a second over the advice): the judge's words for the ad too. */
  readonly warnings: readonly string[];
}

/** What a row is made with. */
export interface RowContext {
  /** The version's document (`versionView`). */
  readonly template: ProjectDocument;
  readonly feed: Feed;
  readonly slots: readonly SlotDefinition[];
  /** The host's pronunciations (`vocal.pronunciations`). */
  readonly brand: readonly PronunciationEntry[];
  /** The fastest a row may be read (`vocal.maxFitSpeed`). */
  readonly maxFitSpeed: number;
  /** The sheets of the run's destinations (a sheet's words-a-second limit). */
  readonly sheets?: PaceLimits['sheets'];
}

/** Row `index`'s values and key, read at `speed`: the template's, or faster rounded up to a step (never past `maxFitSpeed`). */
export function planRow(context: RowContext, index: number, speed: number): RowPlan {
  const { feed } = context;
  const keyAt = feed.key === null ? -1 : feed.columns.indexOf(feed.key);
  const row = feed.rows[index]!;
  const base = context.template.voice.speed;
  // At the template's speed unless it needs more: then rounded up to a step (never past `maxFitSpeed`).
  const stepped = speed <= base + 1e-9 ? base : Math.max(base, Math.min(context.maxFitSpeed, Math.round(Math.ceil(speed / SPEED_STEP - 1e-9) * SPEED_STEP * 100) / 100));
  return {
    key: keyAt < 0 ? String(index + 1) : row[keyAt]!,
    row: index + 1,
    values: Object.fromEntries(rowSlotValues(feed, index)),
    speed: stepped,
  };
}

/** What each spoken section of `plan` is voiced from. */
function rowSections(context: RowContext, plan: RowPlan): RowSection[] {
  const { template } = context;
  const values = new Map(Object.entries(plan.values));
  return template.script.sections.flatMap((section) => {
    if (section.text.trim() === '') return [];
    const { text, ssml } = sectionRead(template, section, (raw) => spokenText(raw, values, context.slots, { section: section.label }));
    const voice = sectionVoice(template, section);
    if (voice === null) return [];
    const pronunciations = textPronunciations(template, text, context.brand);
    const source: ClipSource = { text, voice, speed: plan.speed, ...(pronunciations.length === 0 ? {} : { pronunciations }), ...(ssml === undefined ? {} : { ssml }) };
    return [{ section, source, clip: template.clips.find((clip) => clip.sectionId === section.id) }];
  });
}

/** The sections of `plan` that need a voice-over: their text differs from the template's take, or there is none. */
export function rowRequests(context: RowContext, plan: RowPlan): { readonly sectionId: string; readonly source: ClipSource }[] {
  return rowSections(context, plan)
    .filter(({ clip, source }) => clip?.source == null || takeKey(clip.source) !== takeKey(source))
    .map(({ section, source }) => ({ sectionId: section.id, source }));
}

/**
 * Row `plan` as an ad: each section voiced (or the template's take reused, or another row's from `takes`), the
 * clips where the template had them and those after a changed take moved by its change of length (or, when the
 * template has a section unvoiced, every take end to end from the lead-in). Rejects when a voice-over fails.
 */
export async function voiceRow(context: RowContext, plan: RowPlan, takes: FeedTakes, signal?: AbortSignal): Promise<RowAd> {
  const { template } = context;
  const sections = rowSections(context, plan);
  const made = await Promise.all(
    sections.map(async (entry) => {
      if (entry.clip?.source != null && takeKey(entry.clip.source) === takeKey(entry.source)) return { entry, clip: entry.clip, asset: undefined, fresh: false };
      const { take, fresh } = await takes.take(entry.source, entry.section.id, signal);
      const clip = takeClip({ id: entry.clip?.id ?? `clip-${entry.section.id}`, sectionId: entry.section.id, asset: take.asset, start: entry.clip?.start ?? 0, source: take.source }, entry.clip);
      return { entry, clip, asset: take.asset, fresh };
    }),
  );
  const voiced = made.filter((item) => item.fresh).length;
  const reused = made.length - voiced;
  const known = new Set(template.assets.map((asset) => asset.asset_id));
  const assets = [...template.assets, ...made.flatMap((item) => (item.asset !== undefined && !known.has(item.asset.asset_id) ? (known.add(item.asset.asset_id), [item.asset]) : []))];
  const withAssets = { assets };
  const clips = placeClips(template, withAssets, made.map((item) => ({ from: item.entry.clip, to: item.clip })));
  const view: ProjectDocument = { ...template, voice: { ...template.voice, speed: plan.speed }, assets, clips };
  const lengths = made.map((item) => clipLength(withAssets, item.clip));
  const speechEnd = clips.reduce((end, clip) => (clip.sectionId === null ? end : Math.max(end, clip.start + (clipLength(withAssets, clip) ?? 0))), 0);
  const speaking = lengths.every((length) => length !== undefined) ? lengths.reduce<number>((sum, length) => sum + length!, 0) : undefined;
  const words = sections.reduce((sum, entry) => sum + countSpokenWords(entry.source.text), 0);
  const wordsPerSecond = speaking === undefined || speaking <= 0 ? null : Math.round((words / speaking) * 100) / 100;
  return {
    view,
    assets: made.map((item) => item.clip.assetId),
    voiced,
    reused,
    speechEnd,
    wordsPerSecond,
    ...rowProblems(context, plan, made.map((item) => item.clip), speechEnd, wordsPerSecond),
  };
}

/**
 * Where each clip of the row goes: the template's clips in their places, each clip after a changed take (by its
 * old end) moved by the change of length; free clips (not a section's) likewise. A template with an unvoiced
 * section has no places to keep: its takes go end to end from the lead-in.
 */
function placeClips(template: ProjectDocument, doc: Pick<ProjectDocument, 'assets'>, pairs: readonly { from: VoiceClip | undefined; to: VoiceClip }[]): VoiceClip[] {
  if (pairs.some((pair) => pair.from === undefined)) {
    let at = LEAD_IN_S;
    return pairs.map(({ to }) => {
      const placed = { ...to, start: Math.round(at * 1e6) / 1e6 };
      at += (clipLength(doc, to) ?? 0) + RESPACE_GAP_S;
      return placed;
    });
  }
  const changes = pairs
    .filter(({ from, to }) => from !== to)
    .map(({ from, to }) => ({ end: from!.start + (clipLength(template, from!) ?? 0), delta: (clipLength(doc, to) ?? 0) - (clipLength(template, from!) ?? 0) }));
  const shift = (start: number) => changes.reduce((sum, change) => sum + (start >= change.end - 1e-6 ? change.delta : 0), 0);
  const byClip = new Map(pairs.map(({ from, to }) => [from!.id, to]));
  return template.clips.map((clip) => {
    const to = byClip.get(clip.id) ?? clip;
    return { ...to, start: Math.max(0, Math.round((clip.start + shift(clip.start)) * 1e6) / 1e6) };
  });
}

/**
 * What is wrong with a voiced row: its speech past the ad's end and a slot's value not in its take (problems), and
 * the judge's pace findings on the row as voiced (src/rules/pace.ts: a warning, or a problem where a sheet limits
 * words a second), in the words the ad gets.
 */
function rowProblems(context: RowContext, plan: RowPlan, clips: readonly VoiceClip[], speechEnd: number, wordsPerSecond: number | null): Pick<RowAd, 'problems' | 'warnings'> {
  const { template, slots } = context;
  const problems: Reason[] = [];
  const warnings: string[] = [];
  if (speechPastEnd(speechEnd, template.duration) > 0) {
    const figures = { end: Math.round(speechEnd * 10) / 10, duration: template.duration, speed: Number(plan.speed.toFixed(2)), max: Number(context.maxFitSpeed.toFixed(2)) };
    const { message, said } = saidAs('feed.says.speechPast', figures);
    problems.push(reason(message, said));
  }
  if (wordsPerSecond !== null) {
    for (const found of judgePace({ speed: plan.speed, wordsPerSecond, keptSpeed: template.voice.keptSpeed }, 'row', { sheets: context.sheets })) {
      if (found.severity === 'problem') problems.push(reason(`${findingText(found)}.`, { finding: found }));
      else warnings.push(`${findingText(found)}.`);
    }
  }
  const said = clips.map((clip) => clip.source?.text ?? '').join('\n');
  for (const section of template.script.sections) {
    for (const { name } of parseSlots(section.text, section.label).slots) {
      const value = plan.values[name];
      if (value === undefined) continue;
      // The value as the voice reads it (its slot's `say` where it is the sample).
      const spoken = spokenText(`{{${name}}}`, { [name]: value }, slots);
      if (spoken.trim() === '' || !said.includes(spoken)) {
        const words = saidAs('feed.says.notInTake', { slot: `{{${name}}}`, value: describe(value), section: describe(section.label) });
        problems.push(reason(words.message, words.said));
      }
    }
  }
  return { problems, warnings };
}
