/** Messages to the decode worker: a file's bytes (transferred), and the rate to resample to (none: the file's). */
export type ToDecodeWorker = { readonly type: 'decode'; readonly job: number; readonly bytes: ArrayBuffer; readonly sampleRate: number | null };

/** Messages from the decode worker. */
export type FromDecodeWorker =
  | { readonly type: 'ready' }
  /** The samples (at most two channels) and their peaks, transferred. */
  | { readonly type: 'decoded'; readonly job: number; readonly channels: Float32Array[]; readonly sampleRate: number; readonly peaks: Float32Array }
  /** Not decoded there (see `NotDecodedHere`): the bytes, transferred back, are for decodeAudioData on the page. */
  | { readonly type: 'not-decoded'; readonly job: number; readonly bytes: ArrayBuffer; readonly reason: string };
