// A delivery's ZIP: written by fflate in the zip worker (loaded only when a delivery is packed), files added
// as they finish, the archive collected as Blob parts (the page keeps no second copy of the files in its heap).
import { StudioError } from '../../errors.js';
import { startZipWorker } from '../render-worker-start.js';
import { describeWorkerFailure, startReadyWorker } from '../worker-failure.js';
import type { DeliverySink } from './deliver.js';
import type { FromZipWorker, ToZipWorker } from './zip-protocol.js';
import type { ZipMethod } from './zip-writer.js';

export type { ZipMethod } from './zip-writer.js';

/** A ZIP being written. */
export interface DeliveryZip extends DeliverySink {
  /**
   * Adds a file (queued: files go in in the order they are added). `method` defaults to `store` for audio
   * (`.wav`, `.mp3`: deflating PCM gains 8 to 23 % for 10 to 25 times the time, MP3 is compressed already)
   * and `deflate` for the rest (manifest.json, report.html).
   */
  add(name: string, data: Blob | Uint8Array, method?: ZipMethod): void;
  /** Ends the archive once every file added is in: the ZIP. Rejects with the signal's reason when aborted, or naming the file that failed. */
  finish(): Promise<Blob>;
  /** Stops the worker and drops what was written; `finish` rejects. Idempotent. */
  abort(reason?: unknown): void;
}

/** Options of `openDeliveryZip`. */
export interface DeliveryZipOptions {
  /** Aborting stops the worker and drops what was written. */
  readonly signal?: AbortSignal | undefined;
  /** Told as each file is in the archive. */
  readonly onAdded?: ((name: string) => void) | undefined;
  /**
   * Makes the worker. Default: `zip-worker.js` beside the audio modules (where there is a `Worker`); when it
   * cannot start, or with `null`, the ZIP is written on this thread (fflate loaded here).
   */
  readonly createWorker?: (() => Worker) | null | undefined;
}

interface Backend {
  post(message: ToZipWorker): void;
  close(): void;
}

const FILE = 'zip-worker.js';
let warned = false;

const defaultMethod = (name: string): ZipMethod => (/\.(wav|mp3)$/i.test(name) ? 'store' : 'deflate');

/**
 * Opens a delivery's ZIP: the zip worker starts now (with `signal`, it stops on abort). Files are added as
 * they finish (`add` returns at once); `finish` resolves to the archive as a Blob made of the Blobs the
 * worker posted (made there, about 4 MB each: the page copies no bytes).
 */
export function openDeliveryZip(options: DeliveryZipOptions = {}): DeliveryZip {
  const { signal, onAdded } = options;
  let parts: Blob[] = [];
  let failure: unknown;
  let closed = false;
  let settle: { resolve: (blob: Blob) => void; reject: (reason: unknown) => void } | undefined;
  const finished = new Promise<Blob>((resolve, reject) => (settle = { resolve, reject }));
  finished.catch(() => undefined);
  const lastAdded: string[] = [];
  const receive = (message: FromZipWorker): void => {
    if (closed) return;
    if (message.type === 'chunk') {
      parts.push(message.blob);
      if (message.final) {
        const blob = new Blob(parts, { type: 'application/zip' });
        parts = [];
        close();
        settle!.resolve(blob);
      }
    } else if (message.type === 'added') {
      lastAdded.push(message.name);
      onAdded?.(message.name);
    } else if (message.type === 'error') {
      stop(new StudioError('deliver-zip', `The ZIP could not be written (${message.message}) after ${lastAdded.length ? lastAdded.join(', ') : 'no file'}.`, { recoverable: true }));
    }
  };
  const backend = openBackend(options.createWorker, signal, receive);
  backend.catch(() => undefined);
  const close = (): void => {
    closed = true;
    signal?.removeEventListener('abort', onAbort);
    void backend.then((b) => b.close(), () => undefined);
  };
  const stop = (reason: unknown): void => {
    if (closed) return;
    failure = reason;
    parts = [];
    close();
    settle!.reject(reason);
  };
  const onAbort = (): void => stop(signal!.reason);
  if (signal?.aborted) stop(signal.reason);
  else signal?.addEventListener('abort', onAbort, { once: true });
  const send = (message: ToZipWorker): void => {
    if (closed) return;
    backend.then((b) => (closed ? undefined : b.post(message)), stop);
  };
  return {
    add: (name, data, method) => send({ type: 'add', name, data, method: method ?? defaultMethod(name) }),
    finish: () => {
      if (failure !== undefined) return Promise.reject(failure);
      send({ type: 'end' });
      return finished;
    },
    abort: (reason = new DOMException('The ZIP was aborted.', 'AbortError')) => stop(reason),
  };
}

/** The zip worker, or this thread where it cannot start (one warning per page naming the cause). */
async function openBackend(createWorker: DeliveryZipOptions['createWorker'], signal: AbortSignal | undefined, receive: (message: FromZipWorker) => void): Promise<Backend> {
  const make = createWorker === undefined ? (typeof Worker === 'undefined' ? null : startZipWorker) : createWorker;
  if (make !== null) {
    const started = await startReadyWorker(make, FILE, signal);
    if (!('reason' in started)) {
      started.onmessage = (event: MessageEvent<FromZipWorker>) => receive(event.data);
      started.onerror = (event: ErrorEvent) => {
        event.preventDefault();
        receive({ type: 'error', message: event.message || 'the zip worker stopped' });
      };
      return { post: (message) => started.postMessage(message), close: () => started.terminate() };
    }
    if (!warned) {
      warned = true;
      console.warn(`service-studio-editor: the zip worker could not start: ${describeWorkerFailure(started)}. The delivery's ZIP is written on the main thread meanwhile, which may pause the page.`);
    }
  }
  const { zipWriter } = await import('./zip-writer.js');
  let open = true;
  const fail = (error: unknown): void => (open ? receive({ type: 'error', message: error instanceof Error ? error.message : String(error) }) : undefined);
  const writer = zipWriter((bytes, final) => (open ? receive({ type: 'chunk', blob: new Blob([bytes as BlobPart]), final }) : undefined), fail);
  return {
    post: (message) => {
      if (message.type === 'end') writer.end().catch(fail);
      else writer.add(message.name, message.data, message.method).then(() => (open ? receive({ type: 'added', name: message.name }) : undefined), fail);
    },
    close: () => {
      open = false;
    },
  };
}
