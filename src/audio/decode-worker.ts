// A decode worker: decodes an asset's bytes (WAV here, MP3 through WebCodecs), resamples them to the render
// rate and finds their peaks, off the page's thread, then transfers the arrays to the page (which only
// receives them: no AudioBuffer is made there). What it does not decode goes back to the page, which uses
// decodeAudioData. A long stereo file's second channel may be resampled by a second such worker meanwhile
// (`split`, see decode-work.ts). Started by an `AssetDecoder` when it first decodes and stopped once idle.
// One self-contained file (no imports); no DOM; a module worker.
import { decodeAtFileRate, resampled } from './decode-bytes.js';
import type { FromDecodeWorker, ToDecodeWorker } from './decode-protocol.js';
import { peaksOf } from './dsp/peaks.js';
import { resample } from './dsp/resample.js';

const post = (message: FromDecodeWorker, transfer: Transferable[] = []): void => {
  (self as unknown as { postMessage(message: FromDecodeWorker, transfer: Transferable[]): void }).postMessage(message, transfer);
};

self.onmessage = async (event: MessageEvent<ToDecodeWorker>) => {
  const message = event.data;
  if (message.type === 'resample') {
    const channel = resample(message.channel, message.fromRate, message.toRate, { audible: true });
    const peaks = await peaksOf([channel], message.toRate);
    post({ type: 'resampled', job: message.job, channel, peaks }, [channel.buffer, peaks.buffer]);
    return;
  }
  const { job, bytes, sampleRate, split } = message;
  try {
    let decoded = await decodeAtFileRate(new Uint8Array(bytes));
    const toRate = sampleRate ?? decoded.sampleRate;
    const [first, second] = decoded.channels;
    if (split && second !== undefined && toRate !== decoded.sampleRate) {
      post({ type: 'half', job, channel: second, fromRate: decoded.sampleRate, toRate }, [second.buffer]);
      decoded = { channels: [resample(first!, decoded.sampleRate, toRate, { audible: true })], sampleRate: toRate };
    } else {
      decoded = resampled(decoded, toRate);
    }
    const peaks = await peaksOf(decoded.channels, decoded.sampleRate);
    post({ type: 'decoded', job, channels: decoded.channels, sampleRate: decoded.sampleRate, peaks }, [...decoded.channels.map((c) => c.buffer), peaks.buffer]);
  } catch (error) {
    post({ type: 'not-decoded', job, bytes, reason: error instanceof Error ? error.message : String(error) }, [bytes]);
  }
};

post({ type: 'ready' });
