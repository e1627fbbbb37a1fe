import { StudioError } from '../errors.js';

/** Decoded audio: one Float32Array per channel, at `sampleRate` (the shape the DSP takes). */
export interface DecodedAudio {
  readonly channels: readonly Float32Array[];
  readonly sampleRate: number;
}

export interface AssetDecoderOptions {
  /** The fetch to use: the editor's auth fetch, which adds the token to `/v1/` URLs only. */
  fetch: (input: string, init?: RequestInit) => Promise<Response>;
  /** Sample rate to decode to (the render rate). Default 48000. */
  sampleRate?: number;
  /** Decoded bytes kept in the cache before the least recently used asset is dropped. Default 256 MiB. */
  maxCacheBytes?: number;
}

const bytesOf = (audio: DecodedAudio) => audio.channels.reduce((sum, channel) => sum + channel.byteLength, 0);

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

/**
 * Fetches and decodes audio assets once: concurrent requests for one URL share a single download, results
 * are cached (least recently used dropped past `maxCacheBytes`), a failure is not cached. Uploaded files
 * are decoded the same way, cached by the File object. `dispose()` aborts every download.
 */
export class AssetDecoder {
  readonly #fetch: AssetDecoderOptions['fetch'];
  readonly #sampleRate: number;
  readonly #maxBytes: number;
  /** In recency order: the most recently used last. */
  readonly #cache = new Map<string, CacheEntry>();
  readonly #files = new WeakMap<Blob, Promise<DecodedAudio>>();
  readonly #controller = new AbortController();
  #context: OfflineAudioContext | undefined;

  constructor(options: AssetDecoderOptions) {
    this.#fetch = options.fetch;
    this.#sampleRate = options.sampleRate ?? 48_000;
    this.#maxBytes = options.maxCacheBytes ?? 256 * 1024 * 1024;
  }

  /** Decoded audio of the asset at `url`. */
  decode(url: string, signal?: AbortSignal): Promise<DecodedAudio> {
    let entry = this.#cache.get(url);
    if (entry === undefined) {
      const created: CacheEntry = { promise: this.#load(url) };
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

  /** Decoded audio of a file the user chose. */
  decodeFile(file: Blob & { name?: string }, signal?: AbortSignal): Promise<DecodedAudio> {
    let entry = this.#files.get(file);
    if (entry === undefined) {
      entry = file.arrayBuffer().then((bytes) => this.#decodeBytes(bytes, file.name ? `“${file.name}”` : 'The file'));
      this.#files.set(file, entry);
      entry.catch(() => this.#files.delete(file));
    }
    return raceAbort(entry, signal);
  }

  /** Whether `url` is cached (decoded or being decoded). */
  has(url: string): boolean {
    return this.#cache.has(url);
  }

  /** Decoded bytes held in the cache. */
  get cachedBytes(): number {
    let total = 0;
    for (const entry of this.#cache.values()) if (entry.value) total += bytesOf(entry.value);
    return total;
  }

  dispose(): void {
    this.#controller.abort(new DOMException('The editor was destroyed.', 'AbortError'));
    this.#cache.clear();
  }

  async #load(url: string): Promise<DecodedAudio> {
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
    return this.#decodeBytes(await response.arrayBuffer(), displayUrl(url));
  }

  async #decodeBytes(bytes: ArrayBuffer, name: string): Promise<DecodedAudio> {
    this.#context ??= new OfflineAudioContext(1, 1, this.#sampleRate);
    let buffer: AudioBuffer;
    try {
      buffer = await this.#context.decodeAudioData(bytes);
    } catch (error) {
      throw new StudioError('audio-decode', `${name} is not audio this browser can decode: use WAV, MP3, OGG, FLAC or AAC.`, { cause: error });
    }
    const channels = Array.from({ length: Math.min(2, buffer.numberOfChannels) }, (_, index) => buffer.getChannelData(index));
    return { channels, sampleRate: buffer.sampleRate };
  }

  /** Drops least recently used decoded assets until the cache fits; the newest always stays. */
  #evict(): void {
    let total = this.cachedBytes;
    for (const [url, entry] of this.#cache) {
      if (total <= this.#maxBytes || this.#cache.size <= 1) break;
      if (entry.value === undefined) continue;
      total -= bytesOf(entry.value);
      this.#cache.delete(url);
    }
  }
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
