import { encodeWav } from '../../src/audio/index.js';
import type { VoiceClip } from '../../src/model/document.js';

/** A `blob:` URL of a 24-bit WAV of `channels` at 48 kHz, for projects the editor fetches and decodes. */
export const wavUrl = (channels: Float32Array[]): string =>
  URL.createObjectURL(new Blob([encodeWav(channels, 48000, { bitDepth: 24 }) as BlobPart], { type: 'audio/wav' }));

/** A voice clip of section `id` at `start`, playing `url` whole. */
export const voiceClip = (id: string, start: number, url: string): VoiceClip => ({
  id,
  sectionId: id,
  assetId: `a-${id}`,
  url,
  start,
  gain: 0,
  trimIn: 0,
  trimOut: 0,
  fadeIn: 0.01,
  fadeOut: 0.05,
  source: null,
});

/**
 * The `blob:` URLs of a 2 s voice and a 4 s bed (synthetic speech and music, 48 kHz), made before the suite's
 * tests (signal making is CPU work: slow on a busy machine) and revoked after them. Call it in a `describe`.
 */
export function voicedUrls(): { readonly voice: string; readonly bed: string } {
  const urls = { voice: '', bed: '' };
  before(async function () {
    const { music, syntheticSpeech } = await import('../audio/signals.js');
    urls.voice = wavUrl([syntheticSpeech(2, 48000)]);
    urls.bed = wavUrl(music(4, 48000));
  });
  after(() => {
    URL.revokeObjectURL(urls.voice);
    URL.revokeObjectURL(urls.bed);
  });
  return urls;
}

/**
 * `project` as a 30 s spot: Hook at 0 s, Body at 4 s and Call to action at 28 s, each playing `voice` (2 s),
 * over `bed` looped from 0 s.
 */
export function thirtySecondSpot<P extends object>(project: P, voice: string, bed: string) {
  return {
    ...project,
    duration: 30,
    script: {
      sections: [
        { id: 'hook', label: 'Hook', text: 'Hello' },
        { id: 'body', label: 'Body', text: 'All about it' },
        { id: 'cta', label: 'Call to action', text: 'Buy now' },
      ],
    },
    clips: [voiceClip('hook', 0, voice), voiceClip('body', 4, voice), voiceClip('cta', 28, voice)],
    music: { track: null, assetId: null, url: bed, gain: -6, offset: 0, loop: true, fadeIn: 0, fadeOut: 1 },
  };
}
