import { StudioError } from '../errors.js';
import { measureAudio, type MeasuredAudio } from './deliver/figures.js';
import type { WavTags, WrittenWav } from './deliver/write-wav.js';
import { measureLoudness, type LoudnessMeasurement } from './dsp/loudness.js';
import { channelBuffers } from './dsp/mix-spec.js';
import { loadMp3Encoder } from './mp3-loader.js';
import type { FromMp3Worker, ToMp3Worker } from './mp3-protocol.js';
import type { WavEncoding } from './render-protocol.js';
import { startMp3Worker } from './render-worker-start.js';
import { describeWorkerFailure, startReadyWorker } from './worker-failure.js';

/** Where an export's MP3 is encoded, and its samples measured once decoded again. */
export interface Mp3Work {
  /** `worker`, or `main-thread` where no worker could start (or none was asked for). */
  readonly where: 'worker' | 'main-thread';
  /**
   * Encodes 1 or 2 channels as CBR MP3 at `kbps`: the gapless Info frame, then the frames (see `encodeMp3`).
   * With a worker the channels are transferred to it: here they are empty afterwards.
   */
  encode(channels: readonly Float32Array[], sampleRate: number, kbps: number): Promise<Uint8Array[]>;
  /** The loudness of `channels` (with a worker, transferred to it where they can be). */
  measure(channels: readonly Float32Array[], sampleRate: number): Promise<LoudnessMeasurement>;
  /** A delivery's WAV of `channels` (transferred, with a worker), tagged, hashed and measured as written (see `writeWav`). */
  writeWav(channels: readonly Float32Array[], sampleRate: number, encoding: WavEncoding, tags: WavTags): Promise<WrittenWav>;
  /** A delivery's figures of a file's decoded `channels` (transferred, with a worker). */
  figures(channels: readonly Float32Array[], sampleRate: number): Promise<MeasuredAudio>;
  /** Stops the worker; what is pending rejects with an AbortError. Idempotent. */
  close(): void;
}

const FILE = 'mp3-worker.js';
let warned = false;

const encoderError = (what: string, cause?: unknown): StudioError =>
  new StudioError('export-encoder', `The MP3 encoder ${what}; check that all of studio-editor's files are served, or export WAV.`, { recoverable: true, cause });

/**
 * Opens where an MP3 is encoded: a worker made by `createWorker` (default: `mp3-worker.js` beside this
 * module), resolved once it runs. Where it cannot start (a CSP without `worker-src`, a missing file, ...)
 * the work is done on this thread, with one console warning per page that names the cause; with
 * `createWorker: null`, or where there is no `Worker` (Node), on this thread without a warning. Aborting
 * `signal` stops the worker: what is pending rejects with the signal's reason.
 */
export async function openMp3Work(createWorker?: (() => Worker) | null, signal?: AbortSignal): Promise<Mp3Work> {
  signal?.throwIfAborted();
  const make = createWorker === undefined ? (typeof Worker === 'undefined' ? null : startMp3Worker) : createWorker;
  if (make === null) return onThisThread(signal);
  const started = await startReadyWorker(make, FILE, signal);
  if (!('reason' in started)) return inWorker(started, signal);
  if (!warned) {
    warned = true;
    console.warn(`service-studio-editor: the MP3 worker could not start: ${describeWorkerFailure(started)}. MP3 files are encoded on the main thread meanwhile, which may pause the page.`);
  }
  return onThisThread(signal);
}

interface Pending {
  readonly handle: (message: FromMp3Worker) => void;
  readonly reject: (reason: unknown) => void;
}

function inWorker(worker: Worker, signal?: AbortSignal): Mp3Work {
  let pending: Pending | undefined;
  let closed = false;
  const fail = (reason: unknown): void => {
    const was = pending;
    pending = undefined;
    was?.reject(reason);
  };
  const close = (reason: unknown = new DOMException('The MP3 encoder was closed.', 'AbortError')): void => {
    if (closed) return;
    closed = true;
    signal?.removeEventListener('abort', onAbort);
    worker.terminate();
    fail(reason);
  };
  const onAbort = (): void => close(signal!.reason);
  signal?.addEventListener('abort', onAbort, { once: true });
  worker.onmessage = (event: MessageEvent<FromMp3Worker>) => {
    const message = event.data;
    if (message.type === 'error') fail(encoderError(`failed (${message.message})`));
    else pending?.handle(message);
  };
  worker.onerror = (event: ErrorEvent) => {
    event.preventDefault();
    fail(encoderError(`stopped (${event.message || 'its worker failed'})`));
  };
  /** Posts `message` and resolves with what `handle` gives once the worker's answer is complete. */
  const ask = <T>(message: ToMp3Worker, transfer: ArrayBuffer[], handle: (message: FromMp3Worker, done: (value: T) => void) => void): Promise<T> =>
    new Promise<T>((resolve, reject) => {
      if (closed) return reject(signal?.reason ?? new DOMException('The MP3 encoder was closed.', 'AbortError'));
      const done = (value: T): void => {
        pending = undefined;
        resolve(value);
      };
      pending = { handle: (answer) => handle(answer, done), reject };
      try {
        worker.postMessage(message, transfer);
      } catch {
        // Buffers that cannot be transferred (an AudioBuffer's may not be): copied instead.
        worker.postMessage(message);
      }
    });
  return {
    where: 'worker',
    encode: (channels, sampleRate, kbps) => {
      const frames: Uint8Array[] = [];
      return ask<Uint8Array[]>({ type: 'encode', channels, sampleRate, kbps }, channelBuffers(channels), (message, done) => {
        if (message.type === 'frames') frames.push(message.bytes);
        else if (message.type === 'encoded') done([message.info, ...frames]);
      });
    },
    measure: (channels, sampleRate) =>
      ask<LoudnessMeasurement>({ type: 'measure', channels, sampleRate }, channelBuffers(channels), (message, done) => {
        if (message.type === 'measured') done(message.measurement);
      }),
    writeWav: (channels, sampleRate, encoding, tags) =>
      ask<WrittenWav>({ type: 'wav', channels, sampleRate, encoding, tags }, channelBuffers(channels), (message, done) => {
        if (message.type === 'wav-written') done(message.written);
      }),
    figures: (channels, sampleRate) =>
      ask<MeasuredAudio>({ type: 'figures', channels, sampleRate }, channelBuffers(channels), (message, done) => {
        if (message.type === 'figures') done(message.measured);
      }),
    close: () => close(),
  };
}

/** On this thread: the encoder is loaded here (from now on, while the mix renders). */
function onThisThread(signal?: AbortSignal): Mp3Work {
  const encoder = loadMp3Encoder();
  encoder.catch(() => undefined);
  return {
    where: 'main-thread',
    encode: async (channels, sampleRate, kbps) => {
      let module: Awaited<typeof encoder>;
      try {
        module = await encoder;
      } catch (error) {
        throw encoderError(`could not be loaded (${(error as Error).message})`, error);
      }
      signal?.throwIfAborted();
      return module.encodeMp3(channels, sampleRate, kbps, signal);
    },
    measure: async (channels, sampleRate) => measureLoudness([...channels], sampleRate),
    writeWav: async (channels, sampleRate, encoding, tags) => (await import('./deliver/write-wav.js')).writeWav(channels, sampleRate, encoding, tags),
    figures: async (channels, sampleRate) => measureAudio(channels, sampleRate),
    close: () => undefined,
  };
}
