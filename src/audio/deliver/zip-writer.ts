// A ZIP written as a stream with fflate: each file added in turn, its bytes read a slice at a time, the
// archive's bytes handed on as they are made. The zip worker runs it (and the page, where no worker starts).
import { Zip, ZipDeflate, ZipPassThrough } from 'fflate';

/** How a file is stored: `store` (audio: MP3 is compressed already, and deflating PCM gains 8 to 23 % for 10 to 25 times the time) or `deflate`. */
export type ZipMethod = 'store' | 'deflate';

/** Bytes read from a file at a time. */
const SLICE = 1 << 20;

/** A ZIP being written: files are added one after another; `end` writes the central directory. */
export interface ZipWriter {
  /** Adds a file; resolves once all its bytes went through. Calls queue behind each other. */
  add(name: string, data: Blob | Uint8Array, method: ZipMethod): Promise<void>;
  /** Ends the archive once the files added before are in; `onChunk` is then called with `final`. */
  end(): Promise<void>;
}

/** A streaming ZIP writer that gives its bytes to `onChunk` as they come (`final` on the last). */
export function zipWriter(onChunk: (chunk: Uint8Array, final: boolean) => void, onError: (error: Error) => void): ZipWriter {
  const zip = new Zip((error, chunk, final) => (error ? onError(error) : onChunk(chunk, final)));
  let queue: Promise<void> = Promise.resolve();
  const then = (step: () => Promise<void> | void): Promise<void> => (queue = queue.then(step));
  return {
    add: (name, data, method) =>
      then(async () => {
        const file = method === 'deflate' ? new ZipDeflate(name, { level: 6 }) : new ZipPassThrough(name);
        zip.add(file);
        const size = data instanceof Blob ? data.size : data.length;
        if (size === 0) return file.push(new Uint8Array(0), true);
        for (let at = 0; at < size; at += SLICE) {
          const end = Math.min(size, at + SLICE);
          const slice = data instanceof Blob ? new Uint8Array(await data.slice(at, end).arrayBuffer()) : data.subarray(at, end);
          file.push(slice, end === size);
        }
      }),
    end: () => then(() => zip.end()),
  };
}
