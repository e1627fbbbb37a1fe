// The zip worker: writes a delivery's ZIP (fflate) off the page's thread, files added as the page sends them
// (Blobs, read a slice at a time), the archive's bytes posted back as they are made. Started only when a
// delivery is packed; one self-contained file (no imports). No DOM; a module worker.
import { zipWriter } from './deliver/zip-writer.js';
import type { FromZipWorker, ToZipWorker } from './deliver/zip-protocol.js';

const post = (message: FromZipWorker, transfer: Transferable[] = []): void => {
  (self as unknown as { postMessage(message: FromZipWorker, transfer: Transferable[]): void }).postMessage(message, transfer);
};
const fail = (error: unknown): void => post({ type: 'error', message: error instanceof Error ? error.message : String(error) });

const writer = zipWriter((bytes, final) => post({ type: 'chunk', bytes, final }, [bytes.buffer as ArrayBuffer]), fail);

self.onmessage = (event: MessageEvent<ToZipWorker>) => {
  const message = event.data;
  if (message.type === 'end') writer.end().catch(fail);
  else writer.add(message.name, message.data, message.method).then(() => post({ type: 'added', name: message.name }), fail);
};

post({ type: 'ready' });
