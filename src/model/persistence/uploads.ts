import { StudioError } from '../../errors.js';
import { StudioStorageError } from './storage-error.js';

/**
 * The user's own audio files (a music bed they uploaded), kept in the browser so a project that uses one
 * still plays after a reload. Each file is stored once per user under the SHA-256 of its bytes, in its own
 * IndexedDB database next to the drafts (`studio-editor-uploads`). A project refers to a stored file by the
 * URL `upload:<sha-256 hex>` (see `uploadUrl`), resolved back to the bytes by `loadUpload`.
 */

/** Default name of the uploads database. */
export const DEFAULT_UPLOAD_DB_NAME = 'studio-editor-uploads';
/** The URL scheme of a stored upload in a project: `upload:<sha-256 hex>`. */
export const UPLOAD_SCHEME = 'upload:';
const STORE = 'uploads';

/** One stored upload. */
export interface UploadRecord {
  /** `userId` and `hash`, joined. */
  readonly key: string;
  readonly userId: string;
  /** SHA-256 of the bytes, lower-case hex. */
  readonly hash: string;
  /** The file name as the user chose it. */
  readonly name: string;
  /** MIME type of the file (may be empty). */
  readonly type: string;
  readonly size: number;
  /** ISO time it was stored. */
  readonly savedAt: string;
  /**
   * The file: a Blob (IndexedDB keeps it as a file of its own, so storing and reading it copies nothing on
   * the page), or an ArrayBuffer where the browser refuses Blobs in IndexedDB (Safari's private windows,
   * WebKit's automation sessions) and in records stored before (their clone was a task of 50 to 120 ms on
   * the page for a 10-minute MP3).
   */
  readonly bytes: Blob | ArrayBuffer;
}

/** Where the uploads are kept; both default to the browser's IndexedDB and `DEFAULT_UPLOAD_DB_NAME`. */
export interface UploadStoreOptions {
  dbName?: string;
  /** `null`: no IndexedDB (as in some private modes). */
  indexedDB?: IDBFactory | null;
}

const uploadKey = (userId: string, hash: string): string => `${userId}\u0000${hash}`;

/** The project URL of a stored upload. */
export function uploadUrl(hash: string): string {
  return `${UPLOAD_SCHEME}${hash}`;
}

/** The hash in an `upload:<hash>` URL (or a bare hash), or undefined when `ref` is not one. */
export function parseUploadUrl(ref: string): string | undefined {
  const hash = ref.startsWith(UPLOAD_SCHEME) ? ref.slice(UPLOAD_SCHEME.length) : ref;
  return /^[0-9a-f]{64}$/.test(hash) ? hash : undefined;
}

/** SHA-256 of `bytes` as lower-case hex. */
export async function hashBytes(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function failure(error: unknown, doing: string): StudioStorageError {
  if (error instanceof StudioStorageError) return error;
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'QuotaExceededError') {
    return new StudioStorageError('storage-quota', `The browser has no room left ${doing}. Free some space, or use a smaller file.`, error);
  }
  const detail = error instanceof Error ? ` (${error.name}: ${error.message})` : '';
  return new StudioStorageError('storage-failed', `The browser refused ${doing}${detail}. Try again; in private mode uploads cannot be kept.`, error);
}

function openUploadDb(options: UploadStoreOptions): Promise<IDBDatabase> {
  const factory = options.indexedDB === undefined ? globalThis.indexedDB : options.indexedDB;
  return new Promise((resolve, reject) => {
    if (factory === undefined || factory === null) {
      reject(new StudioStorageError('storage-unavailable', 'This browser has no IndexedDB (private mode or disabled storage), so an uploaded file cannot be kept for the next visit.'));
      return;
    }
    let request: IDBOpenDBRequest;
    try {
      request = factory.open(options.dbName ?? DEFAULT_UPLOAD_DB_NAME, 1);
    } catch (error) {
      reject(failure(error, 'to open the uploads storage'));
      return;
    }
    request.onupgradeneeded = () => {
      if (!request.result.objectStoreNames.contains(STORE)) request.result.createObjectStore(STORE, { keyPath: 'key' });
    };
    request.onblocked = () => reject(new StudioStorageError('storage-blocked', 'The uploads storage is blocked by another tab running an older editor. Close the other tabs of this page and try again.'));
    request.onerror = () => reject(failure(request.error, 'to open the uploads storage'));
    request.onsuccess = () => {
      const db = request.result;
      db.onversionchange = () => db.close();
      resolve(db);
    };
  });
}

function run<T>(options: UploadStoreOptions, mode: IDBTransactionMode, doing: string, work: (store: IDBObjectStore) => IDBRequest<T>): Promise<T> {
  return openUploadDb(options).then(
    (db) =>
      new Promise<T>((resolve, reject) => {
        let result: T;
        try {
          const tx = db.transaction(STORE, mode);
          const request = work(tx.objectStore(STORE));
          request.onsuccess = () => (result = request.result);
          tx.oncomplete = () => {
            db.close();
            resolve(result);
          };
          tx.onerror = () => {
            db.close();
            // The request's error: the transaction's is set only when it aborts, after this.
            reject(failure(request.error ?? tx.error, doing));
          };
          tx.onabort = () => {
            db.close();
            reject(failure(tx.error, doing));
          };
        } catch (error) {
          db.close();
          reject(failure(error, doing));
        }
      }),
  );
}

/**
 * Stores `file` for `userId` (once: the same bytes give the same key) and resolves with its hash; the
 * project refers to it as `uploadUrl(hash)`. The file is stored as a Blob; where the browser refuses Blobs in
 * IndexedDB (an ephemeral session: Safari's private windows, WebKit's automation) it is stored as its bytes.
 */
export async function saveUpload(file: Blob & { name?: string }, userId: string, options: UploadStoreOptions = {}): Promise<string> {
  const bytes = await file.arrayBuffer();
  const hash = await hashBytes(bytes);
  const record: UploadRecord = {
    key: uploadKey(userId, hash),
    userId,
    hash,
    name: file.name ?? '',
    type: file.type,
    size: bytes.byteLength,
    savedAt: new Date().toISOString(),
    bytes: new Blob([file], { type: file.type }),
  };
  const doing = 'to keep the uploaded file';
  try {
    await run(options, 'readwrite', doing, (store) => store.put(record));
  } catch (error) {
    if (!refusedBlob(error)) throw error;
    await run(options, 'readwrite', doing, (store) => store.put({ ...record, bytes }));
  }
  return hash;
}

/**
 * Whether a failed put of a Blob record is the browser refusing the Blob itself (WebKit's ephemeral
 * sessions fail it with an `UnknownError` or a `DataCloneError`), rather than no storage, no room or a block.
 */
function refusedBlob(error: unknown): boolean {
  if (!(error instanceof StudioStorageError) || error.code !== 'storage-failed') return false;
  const cause = error.cause;
  return cause instanceof DOMException && (cause.name === 'UnknownError' || cause.name === 'DataCloneError' || cause.name === 'NotSupportedError');
}

/** The stored record of an upload (name, type, size, bytes), or undefined when this browser does not have it. */
export async function readUpload(ref: string, userId: string, options: UploadStoreOptions = {}): Promise<UploadRecord | undefined> {
  const hash = parseUploadUrl(ref);
  if (hash === undefined) throw new StudioError('upload-ref', `“${ref}” is not an upload reference: expected upload:<64 hex digits>.`);
  return run(options, 'readonly', 'to read the uploaded file', (store) => store.get(uploadKey(userId, hash)) as IDBRequest<UploadRecord | undefined>);
}

/**
 * The uploaded file as a `File` (with its name and type), from `upload:<hash>` or the bare hash, whether it
 * was stored as a Blob or as its bytes. Rejects with a `StudioError` `upload-missing` when this browser does
 * not have it (another browser, cleared storage): the user must upload the file again.
 */
export async function loadUpload(ref: string, userId: string, options: UploadStoreOptions = {}): Promise<File> {
  const record = await readUpload(ref, userId, options);
  if (record === undefined) {
    throw new StudioError('upload-missing', 'The uploaded music of this project is not in this browser (another browser, or its storage was cleared). Upload the file again.');
  }
  return new File([record.bytes], record.name, { type: record.type });
}

/** Removes a stored upload (nothing happens when it is not there). */
export async function deleteUpload(ref: string, userId: string, options: UploadStoreOptions = {}): Promise<void> {
  const hash = parseUploadUrl(ref);
  if (hash === undefined) return;
  await run(options, 'readwrite', 'to delete the uploaded file', (store) => store.delete(uploadKey(userId, hash)));
}
