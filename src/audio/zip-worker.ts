// The zip worker: writes a delivery's ZIP (fflate) off the page's thread, files added as the page sends them
// (Blobs, read a slice at a time), the archive's bytes posted back as Blobs of about 4 MB as they are made.
// Started only when a delivery is packed; one self-contained file (no imports). No DOM; a module worker.
import { zipWriter } from './deliver/zip-writer.js';
import type { FromZipWorker, ToZipWorker } from './deliver/zip-protocol.js';

const post = (message: FromZipWorker): void => {
  (self as unknown as { postMessage(message: FromZipWorker): void }).postMessage(message);
};
const fail = (error: unknown): void => post({ type: 'error', message: error instanceof Error ? error.message : String(error) });

/** Bytes gathered before they are posted as one Blob. */
const BATCH = 4 * 1024 * 1024;
let batch: Uint8Array[] = [];
let batched = 0;
const writer = zipWriter((bytes, final) => {
  batch.push(bytes);
  batched += bytes.length;
  if (batched < BATCH && !final) return;
  post({ type: 'chunk', blob: new Blob(batch as BlobPart[]), final });
  batch = [];
  batched = 0;
}, fail);

self.onmessage = (event: MessageEvent<ToZipWorker>) => {
  const message = event.data;
  if (message.type === 'end') writer.end().catch(fail);
  else writer.add(message.name, message.data, message.method).then(() => post({ type: 'added', name: message.name }), fail);
};

post({ type: 'ready' });
