// The decode worker: decodes an asset's bytes (WAV here, MP3 through WebCodecs), resamples them to the render
// rate and finds their peaks, off the page's thread, then transfers the arrays to the page (which only
// receives them: no AudioBuffer is made there). What it does not decode goes back to the page, which uses
// decodeAudioData. Started by an `AssetDecoder` when it first decodes and stopped once idle (decode-work.ts).
// One self-contained file (no imports); no DOM; a module worker.
import { decodeBytes } from './decode-bytes.js';
import type { FromDecodeWorker, ToDecodeWorker } from './decode-protocol.js';
import { peaksOf } from './dsp/peaks.js';

const post = (message: FromDecodeWorker, transfer: Transferable[] = []): void => {
  (self as unknown as { postMessage(message: FromDecodeWorker, transfer: Transferable[]): void }).postMessage(message, transfer);
};

self.onmessage = async (event: MessageEvent<ToDecodeWorker>) => {
  const { job, bytes, sampleRate } = event.data;
  try {
    const decoded = await decodeBytes(new Uint8Array(bytes), sampleRate ?? undefined);
    const peaks = await peaksOf(decoded.channels, decoded.sampleRate);
    post({ type: 'decoded', job, channels: decoded.channels, sampleRate: decoded.sampleRate, peaks }, [...decoded.channels.map((c) => c.buffer), peaks.buffer]);
  } catch (error) {
    post({ type: 'not-decoded', job, bytes, reason: error instanceof Error ? error.message : String(error) }, [bytes]);
  }
};

post({ type: 'ready' });
