import type { ZipMethod } from './zip-writer.js';

/** Messages to the zip worker. */
export type ToZipWorker =
  | { readonly type: 'add'; readonly name: string; readonly data: Blob | Uint8Array; readonly method: ZipMethod }
  | { readonly type: 'end' };

/**
 * Messages from the zip worker: the archive's bytes as they are made, as Blobs made in the worker (the page
 * copies nothing: a Blob is posted as a handle), each file once in.
 */
export type FromZipWorker =
  | { readonly type: 'ready' }
  | { readonly type: 'chunk'; readonly blob: Blob; readonly final: boolean }
  | { readonly type: 'added'; readonly name: string }
  | { readonly type: 'error'; readonly message: string };
