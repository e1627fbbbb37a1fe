import type { ProjectDocument } from '../model/document.js';
import { SPEECH_SLACK } from '../rules/limits.js';
import { sourceFrames, type AudioSource } from './dsp/mix-spec.js';

/** Where the speech is: when it ends, and which clips overlap (two voices at once); judged by src/rules/mix.ts. */
export interface SpeechTiming {
  /** End of the last voice clip, seconds (0 without clips). */
  readonly speechEnd: number;
  /** Pairs of clips that sound at once, with the seconds they share. */
  readonly overlaps: ReadonlyArray<{ readonly a: string; readonly b: string; readonly seconds: number }>;
}

/** The speech timing of a project from its clips and their decoded audio (`source(url)`). */
export function speechTiming(project: ProjectDocument, source: (url: string) => AudioSource | undefined): SpeechTiming {
  const spans = project.clips.flatMap((clip) => {
    const audio = source(clip.url);
    if (audio === undefined) return [];
    const length = Math.max(0, sourceFrames(audio) / audio.sampleRate - clip.trimIn - clip.trimOut);
    return [{ id: clip.id, start: Math.max(0, clip.start), end: Math.max(0, clip.start) + length }];
  });
  const overlaps = overlapsOf(spans);
  return { speechEnd: spans.reduce((end, span) => Math.max(end, span.end), 0), overlaps };
}

/** Every pair of spans that sound at once, with the seconds they share (shorter than `SPEECH_SLACK` is none: a rounding difference, as for a cut). */
export function overlapsOf(spans: ReadonlyArray<{ readonly id: string; readonly start: number; readonly end: number }>): Array<{ a: string; b: string; seconds: number }> {
  const overlaps: Array<{ a: string; b: string; seconds: number }> = [];
  const sorted = [...spans].sort((x, y) => x.start - y.start);
  for (let i = 0; i < sorted.length; i += 1) {
    for (let j = i + 1; j < sorted.length && sorted[j]!.start < sorted[i]!.end; j += 1) {
      const seconds = Math.min(sorted[i]!.end, sorted[j]!.end) - sorted[j]!.start;
      if (seconds > SPEECH_SLACK) overlaps.push({ a: sorted[i]!.id, b: sorted[j]!.id, seconds });
    }
  }
  return overlaps;
}

/** How far the speech runs past the ad's end, seconds (0 when it fits). */
export const speechOverrun = (timing: SpeechTiming, duration: number): number => Math.max(0, timing.speechEnd - duration);
