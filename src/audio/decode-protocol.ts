/** Messages to a decode worker; arrays and bytes are transferred. */
export type ToDecodeWorker =
  /**
   * Decode a file's bytes, resampled to `sampleRate` (null: the file's rate). With `split`, a second channel
   * that needs resampling is posted back at the file's rate first (`half`), for another worker to resample.
   */
  | { readonly type: 'decode'; readonly job: number; readonly bytes: ArrayBuffer; readonly sampleRate: number | null; readonly split: boolean }
  /** Resample one channel and find its peaks (the other half of a split decode). */
  | { readonly type: 'resample'; readonly job: number; readonly channel: Float32Array; readonly fromRate: number; readonly toRate: number };

/** Messages from a decode worker. */
export type FromDecodeWorker =
  | { readonly type: 'ready' }
  /** The samples (at most two channels; the first only when split) and their peaks. */
  | { readonly type: 'decoded'; readonly job: number; readonly channels: Float32Array[]; readonly sampleRate: number; readonly peaks: Float32Array }
  /** The second channel of a split decode, at the file's rate: to be resampled elsewhere. */
  | { readonly type: 'half'; readonly job: number; readonly channel: Float32Array; readonly fromRate: number; readonly toRate: number }
  /** A resampled channel and its peaks. */
  | { readonly type: 'resampled'; readonly job: number; readonly channel: Float32Array; readonly peaks: Float32Array }
  /** Not decoded there (see `NotDecodedHere`): the bytes, transferred back, are for decodeAudioData on the page. */
  | { readonly type: 'not-decoded'; readonly job: number; readonly bytes: ArrayBuffer; readonly reason: string };
