import { AudioInputError } from '../errors.js';

/** Throws an `AudioInputError` unless `channels` is a non-empty list of equally long Float32Arrays. */
export function assertChannels(channels: readonly Float32Array[], what = 'channels'): number {
  if (!Array.isArray(channels) || channels.length === 0) {
    throw new AudioInputError(`${what}: expected at least one Float32Array channel, got none.`);
  }
  const length = channels[0]!.length;
  for (let c = 0; c < channels.length; c++) {
    const channel = channels[c];
    if (!(channel instanceof Float32Array)) throw new AudioInputError(`${what}[${c}]: expected a Float32Array.`);
    if (channel.length !== length) {
      throw new AudioInputError(`${what}[${c}]: has ${channel.length} samples but channel 0 has ${length}; give every channel the same length.`);
    }
  }
  return length;
}

/** Throws an `AudioInputError` unless the sample rate is a finite number from 8,000 to 384,000 Hz. */
export function assertSampleRate(sampleRate: number, what = 'sampleRate'): void {
  if (!Number.isFinite(sampleRate) || sampleRate < 8000 || sampleRate > 384000) {
    throw new AudioInputError(`${what}: ${sampleRate} Hz is not supported; use a rate from 8000 to 384000 Hz (44100 or 48000 for delivery).`);
  }
}
