import { AudioInputError } from '../errors.js';

/** Throws an `AudioInputError` unless `channels` is a non-empty list of equally long Float32Arrays. */
export function assertChannels(channels: readonly Float32Array[], what = 'channels'): number {
  if (!Array.isArray(channels) || channels.length === 0) {
    throw new AudioInputError(`${what}: expected at least one Float32Array channel, got none.`);
  }
  channels.forEach((channel, c) => {
    if (!(channel instanceof Float32Array)) throw new AudioInputError(`${what}[${c}]: expected a Float32Array.`);
  });
  return assertLengths(channels, what);
}

function assertLengths(channels: readonly (Float32Array | Int16Array)[], what: string): number {
  const length = channels[0]!.length;
  channels.forEach((channel, c) => {
    if (channel.length !== length) {
      throw new AudioInputError(`${what}[${c}]: has ${channel.length} samples but channel 0 has ${length}; give every channel the same length.`);
    }
  });
  return length;
}

/**
 * Throws an `AudioInputError` unless `channels` is a non-empty list of equally long arrays, all
 * Float32Arrays or all Int16Arrays (a source's channels).
 */
export function assertSourceChannels(channels: readonly (Float32Array | Int16Array)[], what = 'channels'): number {
  if (Array.isArray(channels) && channels[0] instanceof Int16Array) {
    channels.forEach((channel, c) => {
      if (!(channel instanceof Int16Array)) throw new AudioInputError(`${what}[${c}]: expected an Int16Array like channel 0.`);
    });
    return assertLengths(channels, what);
  }
  return assertChannels(channels as readonly Float32Array[], what);
}

/** Throws an `AudioInputError` unless the sample rate is a finite number from 8,000 to 384,000 Hz. */
export function assertSampleRate(sampleRate: number, what = 'sampleRate'): void {
  if (!Number.isFinite(sampleRate) || sampleRate < 8000 || sampleRate > 384000) {
    throw new AudioInputError(`${what}: ${sampleRate} Hz is not supported; use a rate from 8000 to 384000 Hz (44100 or 48000 for delivery).`);
  }
}
