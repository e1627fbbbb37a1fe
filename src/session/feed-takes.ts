// The takes of a feed's rows: each voice-over asked for once per (text as spoken, voice, speed, pronunciations),
// so two rows with the same values, and every section without a slot, cost nothing twice; at most `limit`
// requests at a time (the client honours 429 and Retry-After on each). One cache per editor: a row heard in
// the Feed panel is not paid for again when the feed is delivered.
import type { ServiceClient } from '../api/client.js';
import type { AssetMetadata, Usage } from '../api/contract.js';
import { requestEntries } from '../api/pronunciation-field.js';
import type { ServiceAction } from '../model/actions.js';
import type { ClipSource } from '../model/document.js';
import { isoNow, usageReceived } from '../model/credits.js';

/** The most voice-over requests of a feed in flight at once. */
export const FEED_VOICE_CONCURRENCY = 4;

/** A take as the service made it, and what it was made from. */
export interface FeedTake {
  readonly asset: AssetMetadata;
  readonly source: ClipSource;
}

/** What the takes ask the editor for. */
export interface FeedTakesHost {
  readonly client: Pick<ServiceClient, 'voiceover'>;
  readonly projectId: () => string;
  /** Records what each voice-over used (`usage/received`). */
  dispatch(action: ServiceAction): void;
}

/** The cache key of a take: everything that changes its sound. */
export const takeKey = (source: ClipSource): string => JSON.stringify([source.text, source.voice, source.speed, source.pronunciations ?? [], source.ssml ?? null]);

/** A counting gate: at most `limit` holders at once, the others wait in order. */
class Gate {
  readonly #limit: number;
  #held = 0;
  readonly #waiting: (() => void)[] = [];

  constructor(limit: number) {
    this.#limit = limit;
  }

  async run<T>(work: () => Promise<T>, signal: AbortSignal | undefined): Promise<T> {
    if (this.#held >= this.#limit) {
      await new Promise<void>((resolve, reject) => {
        const go = () => {
          signal?.removeEventListener('abort', stop);
          resolve();
        };
        const stop = () => {
          this.#waiting.splice(this.#waiting.indexOf(go) >>> 0, 1);
          reject(signal!.reason);
        };
        this.#waiting.push(go);
        signal?.addEventListener('abort', stop, { once: true });
      });
    }
    signal?.throwIfAborted();
    this.#held++;
    try {
      return await work();
    } finally {
      this.#held--;
      this.#waiting.shift()?.();
    }
  }
}

/** The takes of a feed, cached for the editor's life. */
export class FeedTakes {
  readonly #host: FeedTakesHost;
  readonly #gate: Gate;
  readonly #takes = new Map<string, Promise<FeedTake>>();
  readonly #usage = new Set<(usage: Usage) => void>();
  /** The keys of the takes made (one being made may yet fail: it is not paid for until it is). */
  readonly #made = new Set<string>();
  /** Voice-over requests answered, and takes served from the cache, over the editor's life. */
  voiced = 0;
  reused = 0;

  constructor(host: FeedTakesHost, limit = FEED_VOICE_CONCURRENCY) {
    this.#host = host;
    this.#gate = new Gate(limit);
  }

  /**
   * Tells `listener` what each voice-over answered from now on used, as the service reported it (the same record
   * the editor's credits count); the function returned stops it. A run's report counts its own credits so.
   */
  onUsage(listener: (usage: Usage) => void): () => void {
    this.#usage.add(listener);
    return () => this.#usage.delete(listener);
  }

  /** Whether a take of `source` is made: asking for it again costs nothing. */
  has(source: ClipSource): boolean {
    return this.#made.has(takeKey(source));
  }

  /**
   * The take of `source` for section `sectionId`: the cached one, or a new voice-over. A failed or aborted request
   * is not cached (the next row asks again). A request is made with its first asker's signal: when that one
   * aborts, another asker still waiting asks again with its own.
   */
  async take(source: ClipSource, sectionId: string, signal?: AbortSignal): Promise<{ readonly take: FeedTake; readonly fresh: boolean }> {
    const key = takeKey(source);
    const cached = this.#takes.get(key);
    if (cached !== undefined) {
      try {
        const take = await raceAbort(cached, signal);
        this.reused++;
        return { take, fresh: false };
      } catch (error) {
        if (signal?.aborted !== true && (error as { name?: unknown } | null)?.name === 'AbortError') return this.take(source, sectionId, signal);
        throw error;
      }
    }
    const made = this.#gate.run(async () => {
      const sent = isoNow();
      const result = await this.#host.client.voiceover(
        {
          project_id: this.#host.projectId(),
          text: source.text,
          voice_id: source.voice,
          speed: source.speed,
          section_id: sectionId,
          ...(source.pronunciations === undefined || source.pronunciations.length === 0 ? {} : { pronunciations: requestEntries(source.pronunciations) }),
          ...(source.ssml === undefined ? {} : { ssml: source.ssml }),
        },
        { signal },
      );
      if (result.usage) {
        this.#host.dispatch(usageReceived('voiceover', result.usage, sent));
        for (const listener of this.#usage) listener(result.usage);
      }
      this.voiced++;
      this.#made.add(key);
      return { asset: result.asset, source };
    }, signal);
    this.#takes.set(key, made);
    made.catch(() => {
      if (this.#takes.get(key) === made) this.#takes.delete(key);
    });
    return { take: await made, fresh: true };
  }
}

/** `promise`, or the signal's reason as soon as it aborts. */
function raceAbort<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (signal === undefined) return promise;
  signal.throwIfAborted();
  return new Promise<T>((resolve, reject) => {
    const stop = () => reject(signal.reason);
    signal.addEventListener('abort', stop, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', stop));
  });
}
