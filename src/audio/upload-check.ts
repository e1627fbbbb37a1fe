import type { DecodedAudio } from './decode.js';
import { sourceFrames } from './dsp/mix-spec.js';
import { inspectWavHeader } from './dsp/wav-header.js';

/**
 * The rate a chosen file is decoded at to be checked where it is decoded on the page (decodeAudioData): the
 * check needs its length and that it decodes, and the browser copies a decoded file into an AudioBuffer on
 * the page in one task (a 10-minute stereo file at 48 kHz is 230 MB: about 300 ms here; at this rate a sixth
 * of that). WAV and MP3 are decoded in the decode worker instead, at the file's own rate (nothing resampled).
 */
export const UPLOAD_CHECK_SAMPLE_RATE = 8000;

/** Shortest and longest music a user may upload, in seconds (a bed loops under ads of 5 to 120 s). */
export const UPLOAD_MIN_SECONDS = 1;
export const UPLOAD_MAX_SECONDS = 600;

/** Why an upload is refused: a string key of the catalogue and its parameters (besides `name`). */
export interface UploadRefusal {
  readonly key: 'upload.notAudio' | 'upload.truncated' | 'upload.badFormat' | 'upload.damaged' | 'upload.tooShort' | 'upload.tooLong';
  readonly params: Record<string, string>;
}

const seconds = (value: number): string => `${Math.round(value * 10) / 10} s`;

/**
 * Checks a chosen file before it touches the project: a WAV header must be whole and tell the truth (its
 * data fits in the file; PCM or float; 1 to 8 channels; 8 to 384 kHz), and the file must decode to 1 to
 * 8 channels lasting `UPLOAD_MIN_SECONDS` to `UPLOAD_MAX_SECONDS`. Resolves with the refusal, or with the
 * decoded audio when the file may be used. Aborting rejects with the signal's reason.
 */
export async function checkUpload(
  file: Blob,
  decode: (file: Blob, signal?: AbortSignal) => Promise<DecodedAudio>,
  signal?: AbortSignal,
): Promise<{ refusal: UploadRefusal } | { audio: DecodedAudio }> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  signal?.throwIfAborted();
  const header = inspectWavHeader(bytes);
  if (header === 'truncated') return { refusal: { key: 'upload.truncated', params: {} } };
  if (header === 'format') return { refusal: { key: 'upload.badFormat', params: {} } };
  if (header === 'damaged') return { refusal: { key: 'upload.damaged', params: {} } };
  if (header !== undefined) {
    const duration = header.frames / header.sampleRate;
    if (duration < UPLOAD_MIN_SECONDS) return { refusal: { key: 'upload.tooShort', params: { duration: seconds(duration), min: seconds(UPLOAD_MIN_SECONDS) } } };
    if (duration > UPLOAD_MAX_SECONDS) return { refusal: { key: 'upload.tooLong', params: { duration: seconds(duration), max: seconds(UPLOAD_MAX_SECONDS) } } };
  }
  let audio: DecodedAudio;
  try {
    audio = await decode(file, signal);
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    return { refusal: { key: 'upload.notAudio', params: {} } };
  }
  const frames = sourceFrames(audio);
  if (audio.channels.length === 0 || !(audio.sampleRate > 0) || frames === 0) return { refusal: { key: 'upload.notAudio', params: {} } };
  const duration = frames / audio.sampleRate;
  if (duration < UPLOAD_MIN_SECONDS) return { refusal: { key: 'upload.tooShort', params: { duration: seconds(duration), min: seconds(UPLOAD_MIN_SECONDS) } } };
  if (duration > UPLOAD_MAX_SECONDS) return { refusal: { key: 'upload.tooLong', params: { duration: seconds(duration), max: seconds(UPLOAD_MAX_SECONDS) } } };
  return { audio };
}
