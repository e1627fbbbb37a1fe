import { presetNumbers, type DeliveryPresetId } from '../delivery/presets.js';
import { isAudible, type ProjectDocument } from '../model/document.js';
import { sourceFrames, type AudioSource, type MixSpec, type VoiceClip } from './dsp/mix-spec.js';

/** Decoded audio by URL (the clip's or the bed's `url`); a function or anything with `get`. */
export type SourceLookup = ((url: string) => AudioSource | undefined) | { get(url: string): AudioSource | undefined };

/** Options of `projectMixSpec`. */
export interface ProjectMixOptions {
  /** Output sample rate, Hz. Default: the project's delivery rate. */
  readonly sampleRate?: number;
  /** Output channels. Default 2. */
  readonly channelCount?: 1 | 2;
  /** Leave mastering out (a raw mix, e.g. for a quick preview). Default false. */
  readonly unmastered?: boolean;
  /**
   * Master for this preset whatever the project's switch says (`AudioEngine.export`'s `preset`); `custom`
   * takes the project's target and true peak.
   */
  readonly preset?: DeliveryPresetId;
}

const lookup = (sources: SourceLookup, url: string): AudioSource | undefined =>
  typeof sources === 'function' ? sources(url) : sources.get(url);

const durationOf = (source: AudioSource): number => sourceFrames(source) / source.sampleRate;

/** The URLs the project's mix needs that `sources` does not hold yet (decode these before rendering). */
export function missingSources(project: ProjectDocument, sources: SourceLookup): string[] {
  const urls = [...project.clips.map((clip) => clip.url), ...(project.music?.url ? [project.music.url] : [])];
  return [...new Set(urls)].filter((url) => lookup(sources, url) === undefined);
}

/**
 * The mix of a project as the DSP's plain-data `MixSpec`: the ad is `project.duration` long; each voice clip
 * keeps its start, trims (`trimOut` counts from the decoded source's end), fades and gain, on the voice bus at
 * `mix.voiceLevel`; the music bed keeps its offset, loop, fades and gain at `mix.musicLevel`; ducking comes
 * from the mix settings (depth 0 = none); mastering from the project's preset, target and true peak, left out
 * when the project bypasses it (`mastering.enabled` false) unless `options.preset` asks for a preset.
 * Clips (and a bed) whose audio is not in `sources` are left out: see `missingSources`. A track that
 * `project.tracks` mutes (or that another's solo silences) is left out too: the voice's clips (and so the
 * ducking they cause), or the bed. Pure.
 */
export function projectMixSpec(project: ProjectDocument, sources: SourceLookup, options: ProjectMixOptions = {}): MixSpec {
  const voice: VoiceClip[] = [];
  for (const clip of isAudible(project.tracks, 'voice') ? project.clips : []) {
    const source = lookup(sources, clip.url);
    if (source === undefined) continue;
    const trimStart = Math.max(0, clip.trimIn);
    const trimEnd = Math.max(trimStart, durationOf(source) - Math.max(0, clip.trimOut));
    voice.push({ source, start: Math.max(0, clip.start), gainDb: clip.gain, trimStart, trimEnd, fadeIn: Math.max(0, clip.fadeIn), fadeOut: Math.max(0, clip.fadeOut) });
  }
  const bed = isAudible(project.tracks, 'music') ? project.music : null;
  const bedSource = bed?.url ? lookup(sources, bed.url) : undefined;
  const { mix, mastering } = project;
  return {
    length: project.duration,
    sampleRate: options.sampleRate ?? project.delivery.sampleRate,
    channelCount: options.channelCount ?? 2,
    voice,
    music:
      bed && bedSource
        ? { source: bedSource, gainDb: bed.gain, offset: Math.max(0, bed.offset), loop: bed.loop, fadeIn: Math.max(0, bed.fadeIn), fadeOut: Math.max(0, bed.fadeOut) }
        : null,
    voiceGainDb: mix.voiceLevel,
    musicGainDb: mix.musicLevel,
    ducking: mix.duckingDepth > 0 ? { depthDb: mix.duckingDepth, attackMs: mix.duckingAttackMs, releaseMs: mix.duckingReleaseMs } : null,
    mastering: masteringOf(mastering, options),
  };
}

function masteringOf(mastering: ProjectDocument['mastering'], options: ProjectMixOptions): MixSpec['mastering'] {
  if (options.unmastered) return null;
  if (options.preset !== undefined) {
    const { target, truePeak } = presetNumbers(options.preset, mastering);
    return { preset: options.preset, target, truePeak };
  }
  return mastering.enabled ? { preset: mastering.preset, target: mastering.target, truePeak: mastering.truePeak } : null;
}
