// A decode worker: decodes an asset's bytes (WAV here, MP3 through WebCodecs), resamples them to the render
// rate as they are decoded and finds their peaks, off the page's thread, then transfers the arrays to the
// page (which only receives them: no AudioBuffer is made there). What it does not decode goes back to the
// page, which uses decodeAudioData. A long stereo file's second channel may be streamed to a second such
// worker, which resamples it meanwhile (see decode-work.ts). Started by an `AssetDecoder` when it first
// decodes and stopped once idle. One self-contained file (no imports); no DOM; a module worker.
import { decodeAtFileRate, type DecodedChannels } from './decode-bytes.js';
import type { FromDecodeWorker, ToDecodeWorker, ToResampler } from './decode-protocol.js';
import { peaksOf } from './dsp/peaks.js';
import { Resampler } from './dsp/resample.js';

/** Samples decoded between two steps of resampling or two posts to the other worker (about 1.5 s at 44.1 kHz). */
const STEP = 1 << 16;

const post = (message: FromDecodeWorker, transfer: Transferable[] = []): void => {
  (self as unknown as { postMessage(message: FromDecodeWorker, transfer: Transferable[]): void }).postMessage(message, transfer);
};

self.onmessage = (event: MessageEvent<ToDecodeWorker>) => {
  const message = event.data;
  if (message.type === 'resample') resampleFrom(message.job, message.port);
  else void decode(message.job, message.bytes, message.sampleRate, message.port);
};

/** Decodes, resampling each channel here as it comes, or, with a `port`, the second channel there. */
async function decode(job: number, bytes: ArrayBuffer, sampleRate: number | null, port: MessagePort | undefined): Promise<void> {
  let resamplers: Resampler[] | undefined;
  /** Samples known when the last step was taken. */
  let stepped = 0;
  let split = false;
  const onSamples = ({ channels, sampleRate: fromRate }: DecodedChannels, available: number): void => {
    const length = channels[0]!.length;
    if (sampleRate === null || sampleRate === fromRate) return;
    if (resamplers === undefined) {
      split = port !== undefined && channels.length === 2;
      const here = split ? channels.slice(0, 1) : channels;
      resamplers = here.map(() => new Resampler(length, fromRate, sampleRate, { audible: true }));
      if (split) port!.postMessage({ type: 'begin', length, fromRate, toRate: sampleRate } satisfies ToResampler);
    }
    if (available - stepped < STEP && available < length) return;
    if (split) {
      const samples = channels[1]!.slice(stepped, available);
      port!.postMessage({ type: 'samples', samples } satisfies ToResampler, [samples.buffer]);
    }
    resamplers.forEach((resampler, c) => resampler.advance(channels[c]!, available));
    stepped = available;
  };
  let failed = false;
  try {
    const decoded = await decodeAtFileRate(new Uint8Array(bytes), onSamples);
    const channels = resamplers?.map((resampler) => resampler.output) ?? decoded.channels;
    const rate = resamplers === undefined ? decoded.sampleRate : sampleRate!;
    const peaks = await peaksOf(channels, rate);
    post({ type: 'decoded', job, channels, sampleRate: rate, peaks, split }, [...channels.map((c) => c.buffer), peaks.buffer]);
  } catch (error) {
    failed = true;
    post({ type: 'not-decoded', job, bytes, reason: error instanceof Error ? error.message : String(error) }, [bytes]);
  } finally {
    // Nothing (more) to resample there: the other worker lets go of the job. The port is left for the other
    // worker to close: Firefox drops what was posted just before close() (the last samples), and the other
    // worker would wait for them for ever.
    if (failed || !split) port?.postMessage(null);
  }
}

/** Resamples the channel that comes through `port` as it comes, then posts it with its peaks. */
function resampleFrom(job: number, port: MessagePort): void {
  let input: Float32Array | undefined;
  let resampler: Resampler | undefined;
  let rate = 0;
  let available = 0;
  port.onmessage = async (event: MessageEvent<ToResampler | null>) => {
    const message = event.data;
    if (message === null) {
      input = undefined;
      return port.close();
    }
    if (message.type === 'begin') {
      input = new Float32Array(message.length);
      resampler = new Resampler(message.length, message.fromRate, message.toRate, { audible: true });
      rate = message.toRate;
      return;
    }
    input!.set(message.samples, available);
    available += message.samples.length;
    resampler!.advance(input!, available);
    if (!resampler!.done) return;
    port.close();
    const channel = resampler!.output;
    const peaks = await peaksOf([channel], rate);
    post({ type: 'resampled', job, channel, peaks }, [channel.buffer, peaks.buffer]);
  };
}

post({ type: 'ready' });
