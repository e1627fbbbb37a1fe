// Voice-over (real speech), server-side mix, and complete ad generation.
import { PRONUNCIATIONS_FIELD, type AssetMetadata, type GenerateResult, type MixResult, type ScriptSection, type VoiceoverResult } from '../../../src/api/contract.js';
import { respell } from '../../../src/brand/match.js';
import { HttpError } from '../http.js';
import { GAP_S, LEAD_S, TAIL_S } from './ad-layout.js';
import type { OperationAnswer } from './answer.js';
import { startJob, type OperationContext } from './context.js';
import { mix } from './mixing.js';
import { findTrack, renderTrack, type TrackDefinition } from './music.js';
import { synthesizeDirected } from './directed-speech.js';
import { synthesize, type Speech } from './speech.js';
import { readSsml } from './ssml-read.js';
import * as check from './validate.js';
import { countWords, findVoice, type VoiceDefinition } from './voices.js';
import type { PcmAudio } from './wav.js';
import { priceOf } from './usage.js';

const invalid = (message: string) => new HttpError(400, 'invalid_request', message);

function voiceOf(id: string, field: string): VoiceDefinition {
  const voice = findVoice(id);
  if (!voice) throw invalid(`${field} "${id}" is not in the voice library (GET /v1/voices).`);
  return voice;
}

function trackOf(id: string, field: string): TrackDefinition {
  const track = findTrack(id);
  if (!track) throw invalid(`${field} "${id}" is not in the music library (GET /v1/music).`);
  return track;
}

/** Metadata of a library track as an asset: public URL, no token needed. */
export function musicAsset(baseUrl: string, track: TrackDefinition): AssetMetadata {
  return {
    asset_id: track.details.track_id,
    kind: 'music',
    url: `${baseUrl}/cdn/music/${track.details.track_id}.wav`,
    mime_type: 'audio/wav',
    duration_s: track.details.duration_s!,
    sample_rate: 44_100,
    channels: 2,
    music: { ...track.details },
  };
}

async function speak(ctx: OperationContext, text: string, voice: VoiceDefinition, speed: number, sectionId?: string): Promise<AssetMetadata> {
  return keep(ctx, await synthesize(text, voice.espeak, speed), voice, speed, sectionId);
}

/** A take as an asset, with its word timings. */
function keep(ctx: OperationContext, { audio, timings }: Speech, voice: VoiceDefinition, speed: number, sectionId?: string): AssetMetadata {
  return ctx.state.assets.add(ctx.userId, 'voice', audio, {
    voice: { ...voice.details, speed },
    words: timings.map((word) => ({ text: word.text, start_s: word.start, end_s: word.end })),
    ...(sectionId ? { section_id: sectionId } : {}),
  });
}

/**
 * `POST /v1/voiceover`: `project_id`, `text`, `voice_id`, optional `speed`, `section_id`, `pronunciations`
 * (`[{ text, say, case_sensitive? }]`): the voice speaks each entry's `say` where its text matches, by the
 * editor's own rules (`src/brand/match.ts`), so the audio changes; and `ssml`, the direction (./ssml-read.ts), spoken
 * instead of `text` when given. The price counts the words as written.
 */
export function voiceover(ctx: OperationContext): OperationAnswer {
  const projectId = check.string(ctx.body, 'project_id');
  const written = check.string(ctx.body, 'text', 2000);
  const entries = check.pronunciations(ctx.body, PRONUNCIATIONS_FIELD);
  const text = respell(written, entries);
  const voice = voiceOf(check.string(ctx.body, 'voice_id'), 'voice_id');
  const ssml = check.optionalString(ctx.body, 'ssml', 20_000);
  const segments = ssml === undefined ? undefined : readSsml(ssml, voice.details.language);
  const speed = check.optionalNumber(ctx.body, 'speed', 0.5, 2, 1);
  const sectionId = check.optionalString(ctx.body, 'section_id', 100);
  if (ctx.state.options.testRoutes) ctx.state.voiceoverTexts.add(ctx.userId, written);
  return startJob(ctx, {
    operation: 'voiceover',
    projectId,
    cost: priceOf('voiceover', { words: countWords(written) }),
    stages: ['synthesising speech', 'encoding'],
    work: async (): Promise<VoiceoverResult> => {
      if (ctx.state.faults.failsVoiceover(ctx.userId, written)) throw new Error('The voice could not speak this text (forced by the emulator: failVoiceoverText).');
      const asset =
        segments === undefined
          ? await speak(ctx, text, voice, speed, sectionId)
          : keep(ctx, await synthesizeDirected(segments, voice.espeak, speed, (words) => respell(words, entries)), voice, speed, sectionId);
      return { asset, ...(sectionId ? { section_id: sectionId } : {}) };
    },
  });
}

/** `POST /v1/mix`: voice assets at their start times over a library track, with ducking; a WAV asset. */
export function mixOperation(ctx: OperationContext): OperationAnswer {
  const { state, userId, body } = ctx;
  const projectId = check.string(body, 'project_id');
  const duration = check.number(body, 'duration', check.DURATION.min, check.DURATION.max);
  const voices = check.array(body, 'voice', 0, 50).map((item, index) => {
    const at = `voice[${index}]`;
    if (typeof item !== 'object' || item === null) throw invalid(`${at} must be an object { asset_id, start_s, gain_db? }.`);
    const entry = item as Record<string, unknown>;
    const assetId = check.string(entry, 'asset_id', 100, `${at}.asset_id`);
    const asset = state.assets.get(assetId, userId);
    if (!asset) throw invalid(`${at}.asset_id "${assetId}" is not one of your assets.`);
    return {
      audio: asset.audio,
      startS: check.number(entry, 'start_s', 0, duration, `${at}.start_s`),
      gainDb: check.optionalNumber(entry, 'gain_db', -60, 12, 0, `${at}.gain_db`),
    };
  });
  let music: Parameters<typeof mix>[0]['music'];
  let musicDetails: AssetMetadata['music'];
  if (body['music'] !== undefined) {
    const entry = check.object(body, 'music');
    const id = check.string(entry, 'asset_id', 100, 'music.asset_id');
    const track = findTrack(id);
    const own = track ? undefined : state.assets.get(id, userId);
    if (!track && !own) throw invalid(`music.asset_id "${id}" is neither a library track nor one of your assets.`);
    musicDetails = track?.details ?? own?.metadata.music;
    music = {
      audio: track ? renderTrack(track) : own!.audio,
      gainDb: check.optionalNumber(entry, 'gain_db', -60, 12, -6, 'music.gain_db'),
      fadeInS: check.optionalNumber(entry, 'fade_in_s', 0, 10, 0.5, 'music.fade_in_s'),
      fadeOutS: check.optionalNumber(entry, 'fade_out_s', 0, 10, 1.5, 'music.fade_out_s'),
    };
  }
  let ducking: Parameters<typeof mix>[0]['ducking'];
  if (body['ducking'] !== undefined) {
    const entry = check.object(body, 'ducking');
    ducking = {
      depthDb: check.number(entry, 'depth_db', 0, 40, 'ducking.depth_db'),
      attackMs: check.number(entry, 'attack_ms', 1, 2000, 'ducking.attack_ms'),
      releaseMs: check.number(entry, 'release_ms', 1, 5000, 'ducking.release_ms'),
    };
  }
  return startJob(ctx, {
    operation: 'mix',
    projectId,
    cost: priceOf('mix'),
    stages: ['placing clips', 'mixing', 'encoding'],
    work: async (): Promise<MixResult> => ({
      asset: state.assets.add(userId, 'mix', mix({ duration, voices, music, ducking }), musicDetails ? { music: { ...musicDetails } } : {}),
    }),
  });
}

/** `POST /v1/generate`: from a `recommendation_id` or a `composition`; voices every section, mixes, masters. */
export function generate(ctx: OperationContext): OperationAnswer {
  const { state, userId, body } = ctx;
  const projectId = check.string(body, 'project_id');
  let sections: ScriptSection[];
  let voice: VoiceDefinition;
  let track: TrackDefinition;
  let duration: number;
  let speed = 1;
  if (body['recommendation_id'] !== undefined) {
    const id = check.string(body, 'recommendation_id', 100);
    const recommendation = state.recommendations.get(userId)?.get(id);
    if (!recommendation) throw invalid(`recommendation_id "${id}" is not one of your recommendations.`);
    sections = recommendation.script.sections;
    voice = voiceOf(recommendation.voice.voice_id, 'voice_id');
    track = trackOf(recommendation.music.track_id, 'track_id');
    // The slot it was fitted to (its `duration_s` is the measured length, within 1 s under it).
    duration = typeof recommendation.target_duration_s === 'number' ? recommendation.target_duration_s : recommendation.duration_s;
    speed = recommendation.voice.speed ?? 1;
  } else if (body['composition'] !== undefined) {
    const composition = check.object(body, 'composition');
    sections = check.sections(composition, 'sections', 'composition.sections');
    voice = voiceOf(check.string(composition, 'voice_id', 100, 'composition.voice_id'), 'composition.voice_id');
    track = trackOf(check.string(composition, 'track_id', 100, 'composition.track_id'), 'composition.track_id');
    duration = check.number(composition, 'duration', check.DURATION.min, check.DURATION.max, 'composition.duration');
  } else {
    throw invalid('recommendation_id or composition is required.');
  }
  let mastering: { targetLufs: number; truePeakDbtp: number } | undefined;
  if (body['mastering'] !== undefined) {
    const entry = check.object(body, 'mastering');
    mastering = {
      targetLufs: check.number(entry, 'target_lufs', -40, -5, 'mastering.target_lufs'),
      truePeakDbtp: check.number(entry, 'true_peak_dbtp', -9, 0, 'mastering.true_peak_dbtp'),
    };
  }
  return startJob(ctx, {
    operation: 'generate',
    projectId,
    cost: priceOf('generate', { sections: sections.length }),
    stages: ['voicing the script', 'preparing music', 'mixing', 'mastering'],
    work: async (): Promise<GenerateResult> => {
      const voiceovers: AssetMetadata[] = [];
      const clips: Array<{ audio: PcmAudio; startS: number; gainDb: number }> = [];
      let at = LEAD_S;
      for (const section of sections) {
        const asset = await speak(ctx, section.text, voice, speed, section.id);
        voiceovers.push(asset);
        clips.push({ audio: state.assets.get(asset.asset_id, userId)!.audio, startS: at, gainDb: 0 });
        at += asset.duration_s + GAP_S;
      }
      const length = Math.max(duration, at - GAP_S + TAIL_S);
      const music = musicAsset(state.baseUrl, track);
      const audio = mix({
        duration: length,
        voices: clips,
        music: { audio: renderTrack(track), gainDb: -8, fadeInS: 0.5, fadeOutS: 1.5 },
        ducking: { depthDb: 9, attackMs: 60, releaseMs: 400 },
        mastering: mastering ?? { targetLufs: -16, truePeakDbtp: -1 },
      });
      const asset = state.assets.add(userId, 'ad', audio, { voice: { ...voice.details, speed }, music: { ...track.details } });
      return { asset, voiceovers, music };
    },
  });
}
