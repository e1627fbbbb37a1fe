import { StudioError } from '../errors.js';
import { fileRateOf, mp3Of, trimmedMp3 } from './decode-on-page.js';
import { DecodeWork } from './decode-work.js';
import { isMoved, sourceBytes, type AudioSource } from './dsp/mix-spec.js';
import { peaksOf } from './dsp/peaks.js';
import { carriesAtMost16Bits } from './file-depth.js';

export { PEAKS_PER_SECOND, peaksOf } from './dsp/peaks.js';

/**
 * Decoded audio: one Float32Array per channel, at `sampleRate` (the shape the DSP takes), with what the page
 * needs of it once the samples are gone: `frames` and `peaks`. The editor's renderer moves the arrays into
 * its worker (here they are then empty, `channels[0].length` 0); `AssetDecoder.reload` puts them back.
 */
export interface DecodedAudio extends AudioSource {
  /** Floats, on this page (a worker may keep them as 16-bit: see `fits16Bit`). */
  readonly channels: readonly Float32Array[];
  readonly sampleRate: number;
  /** Samples per channel, wherever the samples are. */
  readonly frames: number;
  /** The largest absolute sample of any channel in each `1 / PEAKS_PER_SECOND` s (the last one may be shorter). */
  readonly peaks: Float32Array;
}

export interface AssetDecoderOptions {
  /** The fetch to use: the editor's auth fetch, which adds the token to `/v1/` URLs only. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Sample rate to decode to (the render rate). Default 48000. */
  sampleRate?: number;
  /** Decoded bytes kept in the cache before the least recently used asset is dropped. Default 256 MiB. */
  maxCacheBytes?: number;
  /**
   * Keep the file's own rate where the audio is decoded off the page (`sampleRate` is then only the rate of
   * decodeAudioData's fallback): for a decode that only checks a file, which needs no resampling.
   */
  fileRate?: boolean;
  /**
   * Makes the decode worker (WAV and MP3 are decoded there, see decode-work.ts). Default: `decode-worker.js`
   * beside this module where there is a `Worker`; null: decode every file with decodeAudioData on the page.
   */
  createWorker?: (() => Worker) | null;
}

/** Rejects with the signal's reason as soon as it aborts; the shared work goes on for other callers. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

interface CacheEntry {
  readonly promise: Promise<DecodedAudio>;
  /** Set once decoded, so eviction can count bytes. */
  value?: DecodedAudio;
}

/** Where a decoded asset came from, to decode it again once its samples were moved away. */
interface Origin {
  readonly bytes: () => Promise<ArrayBuffer>;
  readonly name: string;
  /** The asset's `channels`, filled again by `reload`. */
  readonly channels: Float32Array[];
  reloading?: Promise<void> | undefined;
}

/**
 * Fetches and decodes audio assets once: concurrent requests for one URL share a single download, results
 * are cached (least recently used dropped past `maxCacheBytes` of samples on this page), a failure is not
 * cached. An uploaded file is decoded the same way, shared while it decodes and not kept. Each result keeps
 * its length and peaks; its arrays may be moved to the render worker (`owns`), and `reload` decodes them
 * again from the URL or the file when they are needed here or in a new worker. `dispose()` aborts every
 * download.
 */
export class AssetDecoder {
  readonly #fetch: AssetDecoderOptions['fetch'];
  readonly #sampleRate: number;
  readonly #maxBytes: number;
  /** In recency order: the most recently used last. */
  readonly #cache = new Map<string, CacheEntry>();
  readonly #files = new WeakMap<Blob, Promise<DecodedAudio>>();
  readonly #origins = new WeakMap<AudioSource, Origin>();
  readonly #controller = new AbortController();
  readonly #fileRate: boolean;
  readonly #work: DecodeWork;
  #context: OfflineAudioContext | undefined;

  constructor(options: AssetDecoderOptions) {
    this.#fetch = options.fetch;
    this.#sampleRate = options.sampleRate ?? 48_000;
    this.#maxBytes = options.maxCacheBytes ?? 256 * 1024 * 1024;
    this.#fileRate = options.fileRate ?? false;
    this.#work = new DecodeWork(options.createWorker);
  }

  /** Decoded audio of the asset at `url`. */
  decode(url: string, signal?: AbortSignal): Promise<DecodedAudio> {
    let entry = this.#cache.get(url);
    if (entry === undefined) {
      const bytes = () => this.#download(url);
      const created: CacheEntry = { promise: bytes().then((data) => this.#decodeBytes(data, displayUrl(url), bytes)) };
      created.promise.then(
        (value) => {
          created.value = value;
          this.#evict();
        },
        () => {
          if (this.#cache.get(url) === created) this.#cache.delete(url);
        },
      );
      entry = created;
    }
    this.#cache.delete(url);
    this.#cache.set(url, entry);
    return raceAbort(entry.promise, signal);
  }

  /** Decoded audio of a file the user chose (not cached: the page keeps no samples of a file it only checks). */
  decodeFile(file: Blob & { name?: string }, signal?: AbortSignal): Promise<DecodedAudio> {
    let entry = this.#files.get(file);
    if (entry === undefined) {
      const bytes = () => file.arrayBuffer();
      entry = bytes().then((data) => this.#decodeBytes(data, file.name ? `“${file.name}”` : 'The file', bytes));
      this.#files.set(file, entry);
      const forget = () => this.#files.delete(file);
      entry.then(forget, forget);
    }
    return raceAbort(entry, signal);
  }

  /**
   * Caches `audio` (from `decodeFile` here) as the decoded asset at `url`, unless that URL is cached
   * already: an upload checked once is not decoded again once it has its URL. Its samples come back from
   * the file when they are needed again (`reload`).
   */
  adopt(url: string, audio: DecodedAudio): void {
    if (this.#cache.has(url)) return;
    this.#cache.set(url, { promise: Promise.resolve(audio), value: audio });
    this.#evict();
  }

  /** Whether `url` is cached (decoded or being decoded). */
  has(url: string): boolean {
    return this.#cache.has(url);
  }

  /** Whether `source` was decoded here: its arrays may be moved elsewhere, `reload` brings them back. */
  owns(source: AudioSource): boolean {
    return this.#origins.has(source);
  }

  /**
   * Decodes `source` (from this decoder) again from its URL or file when its arrays were moved away: once
   * resolved, `source.channels` hold its samples on this page. Concurrent calls share one decode; nothing
   * happens when the samples are here.
   */
  reload(source: AudioSource, signal?: AbortSignal): Promise<void> {
    const origin = this.#origins.get(source);
    if (origin === undefined || !isMoved(source)) return Promise.resolve();
    if (origin.reloading === undefined) {
      const frames = source.frames ?? 0;
      const done = origin
        .bytes()
        .then((data) => this.#decodeChannels(data, origin.name, origin.bytes))
        .then(({ channels }) => {
          // The same bytes decode to the same length; fitted all the same, so `frames` stays true.
          const fitted = channels.map((channel) => (channel.length === frames ? channel : fit(channel, frames)));
          origin.channels.splice(0, origin.channels.length, ...fitted);
          this.#evict();
        })
        .finally(() => (origin.reloading = undefined));
      origin.reloading = done;
    }
    return raceAbort(origin.reloading, signal);
  }

  /** Decoded bytes held in the cache on this page (samples moved to a worker do not count). */
  get cachedBytes(): number {
    let total = 0;
    for (const entry of this.#cache.values()) if (entry.value) total += sourceBytes(entry.value);
    return total;
  }

  dispose(): void {
    this.#controller.abort(new DOMException('The editor was destroyed.', 'AbortError'));
    this.#cache.clear();
    this.#work.dispose();
  }

  async #download(url: string): Promise<ArrayBuffer> {
    let response: Response;
    try {
      response = await this.#fetch(url, { signal: this.#controller.signal });
    } catch (error) {
      if ((error as Error).name === 'AbortError') throw error;
      throw new StudioError('asset-network', `The audio ${displayUrl(url)} could not be downloaded: check the connection and try again.`, {
        recoverable: true,
        cause: error,
      });
    }
    if (!response.ok) {
      throw new StudioError('asset-http', `The audio ${displayUrl(url)} could not be downloaded (HTTP ${response.status}).`, {
        status: response.status,
        recoverable: response.status >= 500 || response.status === 408 || response.status === 429,
      });
    }
    return response.arrayBuffer();
  }

  async #decodeBytes(bytes: ArrayBuffer, name: string, again: () => Promise<ArrayBuffer>): Promise<DecodedAudio> {
    const fits16Bit = carriesAtMost16Bits(bytes); // before decoding, which detaches the bytes
    const { channels, sampleRate, peaks } = await this.#decodeChannels(bytes, name, again);
    const frames = channels[0]?.length ?? 0;
    const audio: DecodedAudio = { channels, sampleRate, frames, peaks: peaks ?? (await peaksOf(channels, sampleRate)), fits16Bit };
    this.#origins.set(audio, { bytes: again, name, channels });
    return audio;
  }

  /**
   * The samples of `bytes`: decoded in the decode worker (the page only receives the arrays), or, for what it
   * does not decode (or where it cannot run), by decodeAudioData on the page, which makes an AudioBuffer here.
   */
  async #decodeChannels(bytes: ArrayBuffer, name: string, again: () => Promise<ArrayBuffer>): Promise<{ channels: Float32Array[]; sampleRate: number; peaks?: Float32Array }> {
    const off = await this.#work.decode(bytes, this.#fileRate ? undefined : this.#sampleRate);
    if ('channels' in off) return off;
    this.#controller.signal.throwIfAborted();
    return this.#decodeOnPage(off.bytes ?? (await again()), name);
  }

  /**
   * decodeAudioData, at the file's rate when that is asked (read from its header: decodeAudioData resamples to
   * its context's rate), an MP3 trimmed as the worker trims it (decode-on-page.ts).
   */
  async #decodeOnPage(bytes: ArrayBuffer, name: string): Promise<{ channels: Float32Array[]; sampleRate: number }> {
    const view = new Uint8Array(bytes);
    const mp3 = mp3Of(view);
    const fileRate = this.#fileRate ? fileRateOf(view) : undefined;
    const context = fileRate !== undefined && fileRate !== this.#sampleRate ? new OfflineAudioContext(1, 1, fileRate) : (this.#context ??= new OfflineAudioContext(1, 1, this.#sampleRate));
    let buffer: AudioBuffer;
    try {
      buffer = await context.decodeAudioData(bytes);
    } catch (error) {
      throw new StudioError('audio-decode', `${name} is not audio this browser can decode: use WAV, MP3, OGG, FLAC or AAC.`, { cause: error });
    }
    const channels = Array.from({ length: Math.min(2, buffer.numberOfChannels) }, (_, index) => buffer.getChannelData(index));
    return { channels: mp3 === undefined ? channels : trimmedMp3(channels, buffer.sampleRate, mp3), sampleRate: buffer.sampleRate };
  }

  /**
   * Drops least recently used decoded assets until the samples on this page fit; the newest always stays,
   * and so do assets whose samples were moved away (their length and peaks cost next to nothing).
   */
  #evict(): void {
    let total = this.cachedBytes;
    const newest = [...this.#cache.keys()].at(-1);
    for (const [url, entry] of this.#cache) {
      if (total <= this.#maxBytes) break;
      if (entry.value === undefined || url === newest) continue;
      const bytes = sourceBytes(entry.value);
      if (bytes === 0) continue;
      total -= bytes;
      this.#cache.delete(url);
    }
  }
}

/** `channel` cut or padded with silence to `frames` samples. */
function fit(channel: Float32Array, frames: number): Float32Array {
  const out = new Float32Array(frames);
  out.set(channel.subarray(0, frames));
  return out;
}

/** A URL for messages: path only, never a query string (which could carry a signature or token). */
export function displayUrl(url: string): string {
  try {
    const parsed = new URL(url, 'http://localhost');
    const name = parsed.pathname.split('/').filter(Boolean).pop();
    return name ? `“${decodeURIComponent(name)}”` : 'the audio file';
  } catch {
    return 'the audio file';
  }
}
