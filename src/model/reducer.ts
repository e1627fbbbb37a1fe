import { LEAD_IN_S, RESPACE_GAP_S, respaceClips, rippleAfter, takeClip } from './clip-layout.js';
import type { AssetMetadata, Usage } from '../api/contract.js';
import type { EditAction, ServiceAction } from './actions.js';
import { DURATION_LIMITS, TARGET_LIMITS, TRUE_PEAK_LIMITS } from '../delivery/limits.js';
import { presetNumbers } from '../delivery/presets.js';
import { DEFAULT_BED, type MusicBed, type ProjectDocument, type ProjectSection, type VoiceClip } from './document.js';
import { setPronunciations } from './pronunciation-list.js';

/**
 * The edits whose code is a module of its own: the versions' and the campaign fields' (./versions.ts, with the
 * Ad-ID and ISCI checks), the export's format and rate, the chosen destinations and stems (./delivery-edits.ts), the locks' (./locks.ts), and
 * the slots' and the feed's (./feed-edits.ts).
 */
type ModuleEdit = Extract<EditAction, { type: `version/${string}` | 'lock/set' | 'campaign/set' | 'project/set-delivery' | `delivery/${string}` | `slot/${string}` | `feed/${string}` }>;

/**
 * The reducers of versions, the campaign fields, the destinations, locks, slots and the feed, added by their
 * modules when they load (none is needed to paint an editor): the versions bar, Deliver, the lock controls and the
 * feed's panels load them, and so does the editor once ready.
 */
const moduleEdits = new Map<ModuleEdit['type'], (doc: ProjectDocument, action: ModuleEdit) => ProjectDocument>();

/** Called by ./versions.ts, ./delivery-edits.ts, ./locks.ts and ./feed-edits.ts as they load: `reduce` applies the edits of `types`. */
export function addEdits<T extends ModuleEdit>(types: readonly T['type'][], reduce: (doc: ProjectDocument, action: T) => ProjectDocument): void {
  for (const type of types) moduleEdits.set(type, reduce as (doc: ProjectDocument, action: ModuleEdit) => ProjectDocument);
}

function moduleEdit(doc: ProjectDocument, action: ModuleEdit): ProjectDocument {
  const reduce = moduleEdits.get(action.type);
  if (reduce === undefined) {
    const module = action.type === 'lock/set' ? 'locks' : /^(slot|feed)\//.test(action.type) ? 'feed-edits' : /deliver/.test(action.type) ? 'delivery-edits' : 'versions';
    throw new Error(`[studio-editor] "${action.type}" is an edit of model/${module}.ts, which is not loaded: import it before dispatching (the panels that make the edit do).`);
  }
  return reduce(doc, action);
}

/** Clamps a number into a range; a non-finite input gives `undefined` (the edit is ignored). */
const clamp = (value: number, min: number, max: number): number | undefined =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, value)) : undefined;

const SECONDS = [0, 3600] as const;
const DB = [-120, 24] as const;

/** Replaces the list entry whose `id` matches, when `change` returns a different object. */
function updateById<T extends { readonly id: string }>(list: readonly T[], id: string, change: (item: T) => T): readonly T[] {
  const index = list.findIndex((item) => item.id === id);
  if (index === -1) return list;
  const next = change(list[index]!);
  if (next === list[index]) return list;
  const copy = list.slice();
  copy[index] = next;
  return copy;
}

/** Sets fields on an object, returning the same object when nothing changed (keeps sharing intact). */
export function patch<T extends object>(target: T, fields: Partial<T>): T {
  for (const [key, value] of Object.entries(fields)) {
    if (value !== undefined && !Object.is(target[key as keyof T], value)) return { ...target, ...withoutUndefined(fields) };
  }
  return target;
}

function withoutUndefined<T extends object>(fields: T): T {
  return Object.fromEntries(Object.entries(fields).filter(([, value]) => value !== undefined)) as T;
}

function withClip(doc: ProjectDocument, id: string, change: (clip: VoiceClip) => VoiceClip): ProjectDocument {
  const clips = updateById(doc.clips, id, change);
  return clips === doc.clips ? doc : { ...doc, clips };
}

function withSection(doc: ProjectDocument, id: string, change: (section: ProjectSection) => ProjectSection): ProjectDocument {
  const sections = updateById(doc.script.sections, id, change);
  return sections === doc.script.sections ? doc : { ...doc, script: { sections } };
}

function addAssets(doc: ProjectDocument, assets: readonly AssetMetadata[]): ProjectDocument {
  if (assets.length === 0) return doc;
  const byId = new Map(doc.assets.map((asset, index) => [asset.asset_id, index]));
  const next = doc.assets.slice();
  let changed = false;
  for (const asset of assets) {
    const index = byId.get(asset.asset_id);
    if (index === undefined) {
      byId.set(asset.asset_id, next.length);
      next.push(asset);
      changed = true;
    } else if (next[index] !== asset) {
      next[index] = asset;
      changed = true;
    }
  }
  return changed ? { ...doc, assets: next } : doc;
}

/** `doc` with the usage record of one operation appended. */
const withUsage = (doc: ProjectDocument, operation: string, usage: Usage, { at = '', sent }: { at?: string; sent?: string }): ProjectDocument => ({
  ...doc,
  usage: [...doc.usage, sent === undefined ? { operation, at, usage } : { operation, at, sent, usage }],
});

/** Applies a service fact to a document (also used on every history step). */
export function applyServiceAction(doc: ProjectDocument, action: ServiceAction): ProjectDocument {
  switch (action.type) {
    case 'recommendations/received': {
      const next = { ...doc, recommendations: { ...doc.recommendations, items: action.recommendations } };
      return action.usage === undefined ? next : withUsage(next, 'recommend', action.usage, action);
    }
    case 'usage/received':
      return withUsage(doc, action.operation, action.usage, action);
    case 'assets/received':
      return addAssets(doc, action.assets);
    case 'music/resolved': {
      const bed = doc.music;
      if (bed === null || bed.url !== null || bed.track?.track_id !== action.trackId) return doc;
      return { ...doc, music: { ...bed, url: action.url } };
    }
  }
}

/**
 * The pure reducer of the project document: returns the same document when an action changes nothing
 * (unknown ids, equal values, non-finite numbers), and shares every unchanged subtree.
 */
export function projectReducer(doc: ProjectDocument, action: EditAction | ServiceAction): ProjectDocument {
  switch (action.type) {
    case 'recommendations/received':
    case 'usage/received':
    case 'assets/received':
    case 'music/resolved':
      return applyServiceAction(doc, action);
    case 'project/rename': {
      const title = action.title.slice(0, 200);
      return title === doc.title ? doc : { ...doc, title };
    }
    case 'project/set-duration': {
      const duration = clamp(action.duration, DURATION_LIMITS.min, DURATION_LIMITS.max);
      return duration === undefined || duration === doc.duration ? doc : { ...doc, duration };
    }
    case 'campaign/set':
    case 'project/set-delivery':
    case 'delivery/destinations':
    case 'delivery/stems':
    case 'version/add':
    case 'version/open':
    case 'version/remove':
    case 'version/set':
    case 'lock/set':
    case 'slot/set':
    case 'slot/remove':
    case 'feed/set':
    case 'feed/map':
    case 'feed/key':
      return moduleEdit(doc, action);
    case 'pronunciations/set':
      return setPronunciations(doc, action.entries);
    case 'voice/set': {
      const details = action.details !== undefined ? action.details : action.voice === doc.voice.voice ? doc.voice.details : null;
      if (action.voice === doc.voice.voice && details === doc.voice.details) return doc;
      return { ...doc, voice: { ...doc.voice, voice: action.voice, details } };
    }
    case 'voice/set-speed': {
      const speed = clamp(action.speed, 0.5, 2);
      return speed === undefined || speed === doc.voice.speed ? doc : { ...doc, voice: { ...doc.voice, speed } };
    }
    case 'voice/keep-speed': {
      const speed = clamp(action.speed, 0.5, 2);
      return speed === undefined || speed === doc.voice.keptSpeed ? doc : { ...doc, voice: { ...doc.voice, keptSpeed: speed } };
    }
    case 'voice/set-mode':
      return action.mode === doc.voice.mode ? doc : { ...doc, voice: { ...doc.voice, mode: action.mode } };
    case 'script/add-section': {
      if (doc.script.sections.some((section) => section.id === action.section.id)) return doc;
      const sections = doc.script.sections.slice();
      const index = action.index === undefined ? sections.length : Math.max(0, Math.min(sections.length, Math.trunc(action.index)));
      sections.splice(index, 0, action.section);
      return { ...doc, script: { sections } };
    }
    case 'script/remove-section': {
      // The section's voice-over clips go with it (in the same undo step).
      const sections = doc.script.sections.filter((section) => section.id !== action.id);
      if (sections.length === doc.script.sections.length) return doc;
      const clips = doc.clips.filter((clip) => clip.sectionId !== action.id);
      return { ...doc, script: { sections }, clips: clips.length === doc.clips.length ? doc.clips : clips };
    }
    case 'script/move-section': {
      const from = doc.script.sections.findIndex((section) => section.id === action.id);
      const to = Math.max(0, Math.min(doc.script.sections.length - 1, Math.trunc(action.index)));
      if (from === -1 || from === to || !Number.isFinite(action.index)) return doc;
      const sections = doc.script.sections.slice();
      const [moved] = sections.splice(from, 1);
      sections.splice(to, 0, moved!);
      return { ...doc, script: { sections } };
    }
    case 'script/set-text':
      return withSection(doc, action.id, (section) => patch(section, { text: action.text }));
    case 'script/set-label':
      return withSection(doc, action.id, (section) => patch(section, { label: action.label }));
    case 'script/set-voice':
      return withSection(doc, action.id, (section) => {
        if (action.voice === null) {
          if (section.voice === undefined) return section;
          const { voice: _voice, ...rest } = section;
          return rest;
        }
        return patch(section, { voice: action.voice });
      });
    case 'script/set-sections':
      return { ...doc, script: { sections: action.sections } };
    case 'clip/add':
      return doc.clips.some((clip) => clip.id === action.clip.id) ? doc : { ...doc, clips: [...doc.clips, action.clip] };
    case 'clip/replace':
      return withClip(doc, action.id, () => action.clip);
    case 'clip/move': {
      const start = clamp(action.start, ...SECONDS);
      return start === undefined ? doc : withClip(doc, action.id, (clip) => patch(clip, { start }));
    }
    case 'clip/trim':
      return withClip(doc, action.id, (clip) =>
        patch(clip, {
          trimIn: action.trimIn === undefined ? undefined : clamp(action.trimIn, ...SECONDS),
          trimOut: action.trimOut === undefined ? undefined : clamp(action.trimOut, ...SECONDS),
        }),
      );
    case 'clip/fade':
      return withClip(doc, action.id, (clip) =>
        patch(clip, {
          fadeIn: action.fadeIn === undefined ? undefined : clamp(action.fadeIn, ...SECONDS),
          fadeOut: action.fadeOut === undefined ? undefined : clamp(action.fadeOut, ...SECONDS),
        }),
      );
    case 'clip/gain': {
      const gain = clamp(action.gain, ...DB);
      return gain === undefined ? doc : withClip(doc, action.id, (clip) => patch(clip, { gain }));
    }
    case 'clip/remove': {
      const clips = doc.clips.filter((clip) => clip.id !== action.id);
      return clips.length === doc.clips.length ? doc : { ...doc, clips };
    }
    case 'clip/split':
      return splitClip(doc, action.id, action.newId, action.at, action.length);
    case 'clip/join':
      return joinClips(doc, action.id, action.withId);
    case 'track/set': {
      if (action.track !== 'voice' && action.track !== 'music') return doc;
      const track = patch(doc.tracks[action.track], { muted: action.muted, solo: action.solo });
      return track === doc.tracks[action.track] ? doc : { ...doc, tracks: { ...doc.tracks, [action.track]: track } };
    }
    case 'music/set':
      return action.music === doc.music ? doc : { ...doc, music: action.music };
    case 'music/gain': {
      const gain = clamp(action.gain, ...DB);
      return doc.music === null || gain === undefined ? doc : withMusic(doc, patch(doc.music, { gain }));
    }
    case 'music/fades':
      return doc.music === null
        ? doc
        : withMusic(
            doc,
            patch(doc.music, {
              fadeIn: action.fadeIn === undefined ? undefined : clamp(action.fadeIn, ...SECONDS),
              fadeOut: action.fadeOut === undefined ? undefined : clamp(action.fadeOut, ...SECONDS),
            }),
          );
    case 'music/offset': {
      const offset = clamp(action.offset, ...SECONDS);
      return doc.music === null || offset === undefined ? doc : withMusic(doc, patch(doc.music, { offset }));
    }
    case 'music/loop':
      return doc.music === null ? doc : withMusic(doc, patch(doc.music, { loop: action.loop }));
    case 'mix/set': {
      const { voiceLevel, musicLevel, duckingDepth, duckingAttackMs, duckingReleaseMs } = action.mix;
      const maybe = (value: number | undefined, min: number, max: number) => (value === undefined ? undefined : clamp(value, min, max));
      const mix = patch(doc.mix, {
        voiceLevel: maybe(voiceLevel, ...DB),
        musicLevel: maybe(musicLevel, ...DB),
        duckingDepth: maybe(duckingDepth, 0, 40),
        duckingAttackMs: maybe(duckingAttackMs, 0, 5000),
        duckingReleaseMs: maybe(duckingReleaseMs, 0, 10000),
      });
      return mix === doc.mix ? doc : { ...doc, mix };
    }
    case 'mastering/set-preset': {
      if (action.preset === doc.mastering.preset) return doc;
      return { ...doc, mastering: { ...doc.mastering, preset: action.preset, ...presetNumbers(action.preset, doc.mastering) } };
    }
    case 'mastering/set-enabled': {
      const preset = action.preset ?? doc.mastering.preset;
      if (action.enabled === doc.mastering.enabled && preset === doc.mastering.preset) return doc;
      return { ...doc, mastering: { ...doc.mastering, enabled: action.enabled, preset, ...presetNumbers(preset, doc.mastering) } };
    }
    case 'mastering/set-target': {
      const target = action.target === undefined ? undefined : clamp(action.target, TARGET_LIMITS.min, TARGET_LIMITS.max);
      const truePeak = action.truePeak === undefined ? undefined : clamp(action.truePeak, TRUE_PEAK_LIMITS.min, TRUE_PEAK_LIMITS.max);
      const mastering = patch(doc.mastering, { target, truePeak, preset: 'custom' });
      return mastering === doc.mastering ? doc : { ...doc, mastering };
    }
    case 'recommendation/choose': {
      const chosen = named(doc, chooseRecommendation(doc, action.id, action.bed, action.maxSpeed), action.untitled);
      const duration = action.duration === undefined ? undefined : clamp(action.duration, DURATION_LIMITS.min, DURATION_LIMITS.max);
      return duration === undefined || chosen === doc || duration === chosen.duration ? chosen : { ...chosen, duration };
    }
    case 'clips/respace': {
      const clips = respaceClips(doc, clamp(action.gap, 0, 10) ?? 0);
      return clips === doc.clips ? doc : { ...doc, clips };
    }
    case 'ad/assemble': {
      const chosen = projectReducer(doc, {
        type: 'recommendation/choose',
        id: action.recommendationId,
        ...(action.duration === undefined ? {} : { duration: action.duration }),
        ...(action.untitled === undefined ? {} : { untitled: action.untitled }),
        ...(action.speed === undefined ? {} : { maxSpeed: action.speed }),
      });
      let next: ProjectDocument = { ...chosen, clips: [] };
      // The script as the editor shortened it to read no faster than `vocal.maxFitSpeed`, at the speed it was read.
      if (action.sections !== undefined) next = { ...next, script: { sections: action.sections.map((section) => ({ id: section.id, label: section.label, text: section.text })) } };
      const speed = action.speed === undefined ? undefined : clamp(action.speed, 0.5, 2);
      if (speed !== undefined) next = { ...next, voice: { ...next.voice, speed } };
      for (const take of action.takes) {
        next = projectReducer(next, { type: 'voiceover/received', asset: take.asset, sectionId: take.sectionId, source: take.source, clipId: `clip-${take.sectionId}`, start: LEAD_IN_S });
      }
      next = { ...next, clips: respaceClips(next, RESPACE_GAP_S) };
      return action.music === undefined ? next : addAssets(next, [action.music]);
    }
    case 'voiceover/received': {
      const withAsset = addAssets(doc, [action.asset]);
      const previous = action.sectionId === null ? undefined : doc.clips.find((clip) => clip.sectionId === action.sectionId);
      const clip = takeClip(
        { id: action.clipId, sectionId: action.sectionId, asset: action.asset, start: clamp(action.start ?? previous?.start ?? 0, ...SECONDS) ?? 0, source: action.source },
        previous,
      );
      if (previous === undefined) return { ...withAsset, clips: [...withAsset.clips, clip] };
      // A take of another length moves the clips after it with it: no two voices at once, gaps kept.
      const replaced = withAsset.clips.map((item) => (item === previous ? clip : item));
      return { ...withAsset, clips: rippleAfter(withAsset, replaced, previous, clip) };
    }
    case 'project/load':
      return action.project;
  }
}

/** The shortest piece a split leaves, seconds. */
const MIN_PIECE = 0.05;

function splitClip(doc: ProjectDocument, id: string, newId: string, at: number, length: number): ProjectDocument {
  const index = doc.clips.findIndex((clip) => clip.id === id);
  const clip = doc.clips[index];
  if (clip === undefined || doc.clips.some((other) => other.id === newId) || newId === '' || !Number.isFinite(at) || !Number.isFinite(length)) return doc;
  if (at < MIN_PIECE || at > length - MIN_PIECE) return doc;
  const left: VoiceClip = { ...clip, trimOut: clip.trimOut + (length - at), fadeOut: 0, fadeIn: Math.min(clip.fadeIn, at) };
  const right: VoiceClip = { ...clip, id: newId, start: clip.start + at, trimIn: clip.trimIn + at, fadeIn: 0, fadeOut: Math.min(clip.fadeOut, length - at) };
  const clips = doc.clips.slice();
  clips.splice(index, 1, left, right);
  return { ...doc, clips };
}

/** Two pieces join when they play the same audio in line: the same URL, and the same source time at the same place. */
function joinClips(doc: ProjectDocument, id: string, withId: string): ProjectDocument {
  const a = doc.clips.find((clip) => clip.id === id);
  const b = doc.clips.find((clip) => clip.id === withId);
  if (a === undefined || b === undefined || a === b || a.url !== b.url) return doc;
  if (Math.abs(a.start - a.trimIn - (b.start - b.trimIn)) > 1e-6) return doc;
  const [left, right] = a.start <= b.start ? [a, b] : [b, a];
  const joined: VoiceClip = { ...a, start: left.start, trimIn: left.trimIn, fadeIn: left.fadeIn, trimOut: right.trimOut, fadeOut: right.fadeOut };
  return { ...doc, clips: doc.clips.filter((clip) => clip !== b).map((clip) => (clip === a ? joined : clip)) };
}

function withMusic(doc: ProjectDocument, music: ProjectDocument['music']): ProjectDocument {
  return music === doc.music ? doc : { ...doc, music };
}

/**
 * `chosen` (an idea chosen in `doc`) named after its idea when `doc`'s title is not the user's: empty, one
 * the editor gave (`untitled`), or the title of the idea chosen before.
 */
function named(doc: ProjectDocument, chosen: ProjectDocument, untitled: readonly string[] = []): ProjectDocument {
  const { items } = chosen.recommendations;
  const idea = items.find((item) => item.recommendation_id === chosen.recommendations.chosen);
  if (chosen === doc || idea === undefined || typeof idea.title !== 'string' || idea.title.trim() === '') return chosen;
  const before = items.find((item) => item.recommendation_id === doc.recommendations.chosen)?.title;
  const untouched = doc.title.trim() === '' || untitled.includes(doc.title) || doc.title === before;
  const title = idea.title.trim().slice(0, 200);
  return untouched && title !== doc.title ? { ...chosen, title } : chosen;
}

/** Script, voice and music of a recommendation, in one document change. */
function chooseRecommendation(doc: ProjectDocument, id: string, defaults: Partial<MusicBed> = {}, maxSpeed = 2): ProjectDocument {
  const chosen = doc.recommendations.items.find((item) => item.recommendation_id === id);
  if (chosen === undefined) return doc;
  // A new script: a fast read kept for the last one is not kept for this one.
  const { keptSpeed: _kept, ...voice } = doc.voice;
  const given = typeof chosen.voice.speed === 'number' ? chosen.voice.speed : doc.voice.speed;
  const bed: MusicBed = doc.music ?? { ...DEFAULT_BED, ...withoutUndefined(defaults), track: null, assetId: null, url: null };
  const sameTrack = bed.track?.track_id === chosen.music.track_id;
  return {
    ...doc,
    script: { sections: chosen.script.sections.map((section) => ({ id: section.id, label: section.label, text: section.text })) },
    // A recommendation's script is fitted at its voice's speed (the service's `voice.speed`, when given).
    // The editor never reads faster than `vocal.maxFitSpeed` (`maxSpeed`): the script says it is long instead.
    voice: { ...voice, voice: chosen.voice.voice_id, details: chosen.voice, speed: clamp(Math.min(given, Math.max(1, maxSpeed)), 0.5, 2) ?? doc.voice.speed },
    music: { ...bed, track: chosen.music, ...(sameTrack ? {} : { assetId: null, url: null, offset: 0 }) },
    recommendations: { ...doc.recommendations, chosen: id },
  };
}
