/// <reference types="node" />
// Where a batch run's files go: a folder, or the store a URL names (a folder or an S3-compatible bucket,
// s3-store.ts), behind the port of four calls (output-store.ts), so both are the same to the renderer. Every
// write is atomic (a temporary name in the same folder, then a rename), so a run stopped at any point leaves
// whole files or none, and a file that is there is complete.
import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, isAbsolute, join, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { StudioError } from '../errors.js';
import type { OutputStore } from './output-store.js';
import { s3LocationOf, s3Store } from './s3-store.js';
import { storeSegments } from './store-path.js';

/** The suffix of a file being written; never a complete file's (a store lists none of these as there). */
export const TEMPORARY_SUFFIX = '.tmp';

/** `path` inside `root`, or a refusal (`storeSegments`); a drive-absolute path on Windows is caught by the prefix check. */
function inside(root: string, path: string): string {
  const full = join(root, ...storeSegments(path));
  if (isAbsolute(path) || !full.startsWith(root + sep)) throw new Error(`The store refuses the path ${JSON.stringify(path)}: it leads out of ${root}.`);
  return full;
}

/** A temporary file of `write` (`<name>.<12 hex digits>.tmp`), as a writer killed mid-write leaves it. */
const TEMPORARY = new RegExp(`\\.[0-9a-f]{12}\\${TEMPORARY_SUFFIX}$`);

const missing = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'ENOENT';
const taken = (error: unknown): boolean => (error as { code?: unknown } | null)?.code === 'EEXIST';

/**
 * Writes `bytes` whole under a temporary name beside `full`, then `place`s it there; the temporary file never
 * outlives a failure. Unique per write: two workers writing the same file never share a temporary file.
 */
async function whole(full: string, bytes: Uint8Array, place: (temporary: string, full: string) => Promise<void>): Promise<void> {
  await mkdir(dirname(full), { recursive: true });
  const temporary = `${full}.${randomBytes(6).toString('hex')}${TEMPORARY_SUFFIX}`;
  try {
    await writeFile(temporary, bytes);
    await place(temporary, full);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
}

/** A store in the folder `root` (made when the first file is written). */
export function folderStore(root: string): OutputStore {
  const base = resolve(root);
  return {
    async read(path) {
      try {
        return new Uint8Array(await readFile(inside(base, path)));
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async write(path, bytes) {
      await whole(inside(base, path), bytes, (temporary, full) => rename(temporary, full));
    },
    async create(path, bytes) {
      // A link fails on a name taken, where a rename would replace it; the temporary name goes either way.
      let made = true;
      await whole(inside(base, path), bytes, async (temporary, full) => {
        try {
          await link(temporary, full);
        } catch (error) {
          if (!taken(error)) throw error;
          made = false;
        }
        await rm(temporary, { force: true });
      });
      return made;
    },
    async settle(folders) {
      for (const folder of new Set(folders)) {
        const full = folder === '' ? base : inside(base, folder);
        const names = await readdir(full).catch((error: unknown) => {
          if (missing(error)) return [];
          throw error;
        });
        await Promise.all(names.filter((name) => TEMPORARY.test(name)).map((name) => rm(join(full, name), { force: true })));
      }
    },
    async has(path) {
      try {
        return (await stat(inside(base, path))).isFile();
      } catch (error) {
        if (missing(error)) return false;
        throw error;
      }
    },
  };
}

/**
 * The store a URL names: `s3://bucket/prefix?endpoint=…&region=…` is a bucket (`s3Store`), `file:///…` or a plain
 * path a folder; anything else is refused in words.
 */
export function storeOf(url: string): OutputStore {
  if (/^s3:/i.test(url)) return s3Store(s3LocationOf(url));
  if (url.startsWith('file:')) return folderStore(fileURLToPath(url));
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(url)) {
    throw new StudioError('store', `No store for ${JSON.stringify(url.replace(/\/\/[^/@]*@/, '//'))}: give a folder (a path or a file:/// URL) or a bucket (s3://bucket/prefix).`);
  }
  return folderStore(url);
}
