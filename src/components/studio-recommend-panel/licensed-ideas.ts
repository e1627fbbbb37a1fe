// Ideas within the host's licence (`vocal.voices`, `music.tracks`): a recommendation that names a voice or a
// track the host did not license gets a licensed one in its place before it reaches the project, so that
// neither "Choose" nor "Make the ad" can bring it in. The service's own choice is kept in `licensed_from`.
import type { ServiceClient } from '../../api/client.js';
import type { MusicDetails, MusicLibraryEntry, Recommendation, VoiceDetails, VoiceLibraryEntry } from '../../api/contract.js';

/** The ids the host licensed; undefined: every voice (or track). */
export interface Licence {
  readonly voices?: readonly string[] | undefined;
  readonly tracks?: readonly string[] | undefined;
}

/** What a recommendation named before its voice or track was replaced (`Recommendation.licensed_from`). */
export interface LicensedFrom {
  readonly voice?: string;
  readonly music?: string;
}

/** Whether the host limits either library. */
export const limitsLibrary = (licence: Licence): boolean => licence.voices !== undefined || licence.tracks !== undefined;

/** The closest of `candidates` to `wanted`: the first that matches the most of `keys`, in order. */
function closest<T>(candidates: readonly T[], wanted: T, keys: ReadonlyArray<keyof T>): T | undefined {
  let best: T | undefined;
  let bestScore = -1;
  for (const candidate of candidates) {
    let score = 0;
    for (const [i, key] of keys.entries()) if (candidate[key] !== undefined && candidate[key] === wanted[key]) score += 2 ** (keys.length - i);
    if (score > bestScore) [best, bestScore] = [candidate, score];
  }
  return best;
}

function voiceDetails(entry: VoiceLibraryEntry, speed: number | undefined): VoiceDetails {
  const { voice_id, name, language, accent, gender } = entry;
  return { voice_id, name, language, ...(accent === undefined ? {} : { accent }), ...(gender === undefined ? {} : { gender }), ...(speed === undefined ? {} : { speed }) };
}

function musicDetails(entry: MusicLibraryEntry): MusicDetails {
  const { track_id, title, style, mood, tempo_bpm, duration_s, loopable } = entry;
  return { track_id, title, style, ...(mood === undefined ? {} : { mood }), ...(tempo_bpm === undefined ? {} : { tempo_bpm }), ...(duration_s === undefined ? {} : { duration_s }), ...(loopable === undefined ? {} : { loopable }) };
}

/**
 * `ideas` with every voice and track outside `licence` replaced: by the licensed voice closest to it (same
 * language, then gender, then accent) at the idea's speed, and the licensed track closest to it (same style,
 * then mood); where the library holds none of the licensed ids, by the first licensed id, which the service
 * then refuses by name rather than voice what was not licensed. Reads the libraries only when one is needed.
 * Returns the ideas and how many were changed.
 */
export async function licensedIdeas(ideas: readonly Recommendation[], licence: Licence, library: Pick<ServiceClient, 'voices' | 'music'>, signal?: AbortSignal): Promise<{ ideas: Recommendation[]; changed: number }> {
  const voices = licence.voices === undefined ? undefined : new Set(licence.voices);
  const tracks = licence.tracks === undefined ? undefined : new Set(licence.tracks);
  const badVoice = (idea: Recommendation) => voices !== undefined && !voices.has(idea.voice.voice_id);
  const badTrack = (idea: Recommendation) => tracks !== undefined && !tracks.has(idea.music.track_id);
  if (!ideas.some((idea) => badVoice(idea) || badTrack(idea))) return { ideas: [...ideas], changed: 0 };
  const [voiceLibrary, musicLibrary] = await Promise.all([
    ideas.some(badVoice) ? library.voices({ signal }).then((read) => read.voices.filter((entry) => voices!.has(entry.voice_id))) : [],
    ideas.some(badTrack) ? library.music({ signal }).then((read) => read.tracks.filter((entry) => tracks!.has(entry.track_id))) : [],
  ]);
  let changed = 0;
  const result = ideas.map((idea) => {
    if (!badVoice(idea) && !badTrack(idea)) return idea;
    changed += 1;
    const from: { voice?: string; music?: string } = {};
    let { voice, music } = idea;
    if (badVoice(idea)) {
      from.voice = idea.voice.name || idea.voice.voice_id;
      const entry = closest(voiceLibrary, idea.voice as VoiceLibraryEntry, ['language', 'gender', 'accent']);
      voice = entry ? voiceDetails(entry, idea.voice.speed) : { voice_id: licence.voices![0]!, name: licence.voices![0]!, language: idea.voice.language, ...(idea.voice.speed === undefined ? {} : { speed: idea.voice.speed }) };
    }
    if (badTrack(idea)) {
      from.music = idea.music.title || idea.music.track_id;
      const entry = closest(musicLibrary, idea.music as MusicLibraryEntry, ['style', 'mood']);
      music = entry ? musicDetails(entry) : { track_id: licence.tracks![0]!, title: licence.tracks![0]!, style: idea.music.style };
    }
    return { ...idea, voice, music, licensed_from: from satisfies LicensedFrom };
  });
  return { ideas: result, changed };
}
