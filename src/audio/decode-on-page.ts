// decodeAudioData on the page, made to give what the decode worker gives in every engine: the file's own rate
// when asked for it, and an MP3 trimmed of its encoder delay and padding (LAME tag), which Chromium's decoder
// trims and WebKitGTK's (GStreamer) does not.
import { mp3Frames, type Mp3Frames } from './dsp/mp3-frames.js';
import { inspectWavHeader } from './dsp/wav-header.js';

/** The rate a WAV or MP3 file was written at, read from its header; undefined for other files. */
export function fileRateOf(bytes: Uint8Array): number | undefined {
  const header = inspectWavHeader(bytes);
  if (header !== undefined) return typeof header === 'string' ? undefined : header.sampleRate;
  return mp3Frames(bytes)?.sampleRate;
}

/** The MP3 frames of `bytes` when they have any, to trim what decodeAudioData makes of them. */
export function mp3Of(bytes: Uint8Array): Mp3Frames | undefined {
  if (inspectWavHeader(bytes) !== undefined) return undefined;
  const mp3 = mp3Frames(bytes);
  return mp3 !== undefined && mp3.frames.length > 0 ? mp3 : undefined;
}

/**
 * `channels` decoded from `mp3` at `sampleRate`, trimmed to the encoder's samples when the decoder left the
 * delay and padding in (its length is that of every frame decoded, within two samples); as they are otherwise.
 */
export function trimmedMp3(channels: Float32Array[], sampleRate: number, mp3: Mp3Frames): Float32Array[] {
  const ratio = sampleRate / mp3.sampleRate;
  const untrimmed = mp3.frames.length * mp3.samplesPerFrame * ratio;
  const length = channels[0]?.length ?? 0;
  if (Math.abs(length - untrimmed) > 2) return channels;
  const from = Math.round(mp3.skip * ratio);
  const to = Math.min(length, from + Math.round(mp3.length * ratio));
  return channels.map((channel) => channel.subarray(from, to));
}
