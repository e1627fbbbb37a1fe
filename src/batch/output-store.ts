// The port a batch run writes its files through: four calls, so a folder (store.ts) and an S3-compatible bucket
// (s3-store.ts) are the same to the renderer.

/** Where a run's files go. Paths are relative and '/'-separated (`TR-100/TR-100_Acme_30s.wav`). */
export interface OutputStore {
  /** The bytes at `path` (relative, '/'-separated), or undefined. */
  read(path: string): Promise<Uint8Array | undefined>;
  /** Writes `bytes` at `path` atomically (a folder: a temporary name, then rename; a bucket: one PUT); never a half file. */
  write(path: string, bytes: Uint8Array): Promise<void>;
  /**
   * Writes `bytes` at `path` unless a complete file is there: `true` when these bytes were written. Atomic against
   * another writer of the same path (a folder: a hard link, which fails on a name taken; a bucket: a PUT with
   * `If-None-Match: *`): one wins, and the other finds the winner's file. For a file that several jobs write alike,
   * a row's captions, of takes voiced apart.
   */
  create(path: string, bytes: Uint8Array): Promise<boolean>;
  /** Whether a complete file is at `path`. */
  has(path: string): Promise<boolean>;
  /**
   * Removes what a killed writer left in these folders (relative; '' is the root): a folder's temporary files. Called
   * once every job of a run has ended, when none of them is writing. A bucket, written by one PUT, has none.
   */
  settle?(folders: Iterable<string>): Promise<void>;
}
