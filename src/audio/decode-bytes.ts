// Decoding without the page's AudioContext: WAV read here, MP3 through WebCodecs' AudioDecoder, then
// resampled here. What the decode worker runs (and what the tests compare with decodeAudioData).
import { mp3Frames, type Mp3Frames } from './dsp/mp3-frames.js';
import { resampleChannels } from './dsp/resample.js';
import { decodeWav } from './dsp/wav.js';
import { inspectWavHeader } from './dsp/wav-header.js';

/** Samples per channel (at most 2 channels, as the editor keeps them) and their rate. */
export interface DecodedChannels {
  readonly channels: Float32Array[];
  readonly sampleRate: number;
}

/**
 * Thrown when the bytes are not something decoded here (not WAV or MP3, a WAV format `decodeWav` does not
 * read, no WebCodecs, the codec not supported) or fail to decode here: the caller decodes them with
 * `decodeAudioData` instead, which then decodes them or says why not.
 */
export class NotDecodedHere extends Error {
  override readonly name = 'NotDecodedHere';
}

/**
 * Decodes a WAV (PCM 8/16/24/32-bit, float 32-bit: read here, as Chromium reads it) or MP3 file (frames
 * found here, decoded by WebCodecs' `AudioDecoder`, trimmed of the encoder's delay and padding as
 * `decodeAudioData` trims them) to at most its first two channels, resampled to `toRate` when given
 * (`resample`'s audible design) and left at the file's rate otherwise. Throws `NotDecodedHere` otherwise.
 */
export async function decodeBytes(bytes: Uint8Array, toRate?: number): Promise<DecodedChannels> {
  return resampled(await decodeAtFileRate(bytes), toRate);
}

/** `decoded` at `toRate` (`resample`'s audible design), or as it is when that is its rate or undefined. */
export function resampled(decoded: DecodedChannels, toRate: number | undefined): DecodedChannels {
  if (toRate === undefined || toRate === decoded.sampleRate) return decoded;
  return { channels: resampleChannels(decoded.channels, decoded.sampleRate, toRate, { audible: true }), sampleRate: toRate };
}

/**
 * Called as samples are decoded: `decoded.channels` have their whole length, and their first `available`
 * samples are known (all of them on the last call).
 */
export type OnSamples = (decoded: DecodedChannels, available: number) => void;

/** The file's samples at its own rate; `onSamples` hears of them as they are decoded. */
export async function decodeAtFileRate(bytes: Uint8Array, onSamples?: OnSamples): Promise<DecodedChannels> {
  const header = inspectWavHeader(bytes);
  if (header !== undefined) {
    if (typeof header === 'string') throw new NotDecodedHere(`WAV header: ${header}`);
    let decoded: DecodedChannels;
    try {
      const wav = decodeWav(bytes);
      decoded = { channels: wav.channels.slice(0, 2), sampleRate: wav.sampleRate };
    } catch (error) {
      throw new NotDecodedHere((error as Error).message);
    }
    onSamples?.(decoded, decoded.channels[0]?.length ?? 0);
    return decoded;
  }
  const mp3 = mp3Frames(bytes);
  if (mp3 === undefined || mp3.frames.length === 0) throw new NotDecodedHere('not WAV or MP3');
  return decodeMp3(bytes, mp3, onSamples);
}

async function decodeMp3(bytes: Uint8Array, mp3: Mp3Frames, onSamples: OnSamples | undefined): Promise<DecodedChannels> {
  if (typeof AudioDecoder === 'undefined') throw new NotDecodedHere('no WebCodecs AudioDecoder');
  const { sampleRate, skip, length, samplesPerFrame } = mp3;
  const config: AudioDecoderConfig = { codec: 'mp3', sampleRate, numberOfChannels: mp3.channelCount };
  if (!(await AudioDecoder.isConfigSupported(config)).supported) throw new NotDecodedHere('mp3 is not supported by AudioDecoder');
  const count = Math.min(2, mp3.channelCount);
  const channels = Array.from({ length: count }, () => new Float32Array(length));
  const decoded: DecodedChannels = { channels, sampleRate };
  /** Samples per channel decoded so far, before trimming. */
  let position = 0;
  let failure: unknown;
  const decoder = new AudioDecoder({
    output: (data) => {
      try {
        const frames = data.numberOfFrames;
        // Of this output, what lies in [skip, skip + length) of the decoded stream.
        const from = Math.max(0, skip - position);
        const to = Math.min(frames, skip + length - position);
        if (to > from) {
          for (let c = 0; c < count; c++) {
            const plane = Math.min(c, data.numberOfChannels - 1);
            const at = position + from - skip;
            data.copyTo(channels[c]!.subarray(at, at + to - from), { planeIndex: plane, format: 'f32-planar', frameOffset: from, frameCount: to - from });
          }
        }
        position += frames;
        if (to > from) onSamples?.(decoded, Math.min(length, position - skip));
      } finally {
        data.close();
      }
    },
    error: (error) => (failure ??= error),
  });
  try {
    decoder.configure(config);
    const duration = (samplesPerFrame * 1e6) / sampleRate;
    mp3.frames.forEach(({ offset, size }, index) => {
      decoder.decode(new EncodedAudioChunk({ type: 'key', timestamp: Math.round(index * duration), duration: Math.round(duration), data: bytes.subarray(offset, offset + size) }));
    });
    await decoder.flush();
  } catch (error) {
    throw new NotDecodedHere(`AudioDecoder: ${(failure ?? error) as string}`);
  } finally {
    if (decoder.state !== 'closed') decoder.close();
  }
  if (failure !== undefined) throw new NotDecodedHere(`AudioDecoder: ${failure as string}`);
  // A decoder that gave fewer samples than the frames hold (it should not): decodeAudioData says what it makes of them.
  if (position - skip < length) throw new NotDecodedHere(`AudioDecoder gave ${position} samples of ${skip + length}`);
  return decoded;
}
