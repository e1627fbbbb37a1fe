/** Messages to a decode worker; arrays, bytes and ports are transferred. */
export type ToDecodeWorker =
  /**
   * Decode a file's bytes, resampled to `sampleRate` (null: the file's rate) as they are decoded. With a
   * `port`, a second channel that needs resampling is streamed through it (`ToResampler`) to another
   * worker, which resamples it meanwhile.
   */
  | { readonly type: 'decode'; readonly job: number; readonly bytes: ArrayBuffer; readonly sampleRate: number | null; readonly port?: MessagePort }
  /** Resample the channel that comes through `port` (the other end of a decode's), and find its peaks. */
  | { readonly type: 'resample'; readonly job: number; readonly port: MessagePort };

/** From the decoding worker to the resampling one, through the job's port. */
export type ToResampler =
  | { readonly type: 'begin'; readonly length: number; readonly fromRate: number; readonly toRate: number }
  /** The channel's next samples (at the file's rate), transferred. */
  | { readonly type: 'samples'; readonly samples: Float32Array };

/** Messages from a decode worker. */
export type FromDecodeWorker =
  | { readonly type: 'ready' }
  /**
   * The samples (at most two channels) and their peaks. `split`: the second channel went through the port,
   * and comes as `resampled` from the other worker (these peaks are then the first channel's only).
   */
  | { readonly type: 'decoded'; readonly job: number; readonly channels: Float32Array[]; readonly sampleRate: number; readonly peaks: Float32Array; readonly split: boolean }
  /** The channel resampled from a port, and its peaks. */
  | { readonly type: 'resampled'; readonly job: number; readonly channel: Float32Array; readonly peaks: Float32Array }
  /** Not decoded there (see `NotDecodedHere`): the bytes, transferred back, are for decodeAudioData on the page. */
  | { readonly type: 'not-decoded'; readonly job: number; readonly bytes: ArrayBuffer; readonly reason: string };
