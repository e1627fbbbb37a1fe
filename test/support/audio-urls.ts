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
    this.timeout(30_000);
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
