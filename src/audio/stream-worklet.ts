// The preview's AudioWorklet processor: plays the mix the page holds as 16-bit, fed a little at a time.
// One node per voice (transport.ts): the page computes the frames in play order (loop wraps included) and
// sends them ahead of the read position; this processor plays them from a ring, asks for more when less
// than `low` frames are left, and says when it started ('started'), ran out ('late'), reached the end
// ('ended') or was stopped.
// Built into one file without imports (rollup.config.mjs), as worklets must be loaded by URL.

/** What the transport gives the processor when it makes the node (`processorOptions`). */
export interface StreamOptions {
  /** The first frames to play, one array per channel: the node starts with data. */
  readonly channels: Float32Array[];
  /** Whether those are all there is (the audio ends after them). */
  readonly end: boolean;
  /** The context time the first frame is due at (when the page made the node). */
  readonly startTime: number;
  /**
   * Whether the voice takes over from one that plays (a seek, a swap): a processor that starts after
   * `startTime` then skips what the playhead has passed since, so as to play in step with the voice it
   * replaces. Otherwise (a play) it plays from its first frame, and the page's playhead starts when it does.
   */
  readonly join: boolean;
  /** Frames the ring holds: the most the page sends ahead. */
  readonly capacity: number;
  /** Fewer frames than this ahead of the read position, and the processor asks for more. */
  readonly low: number;
}

/** Page to processor: more frames in play order (`end`: the last ones), or stop at a context time. */
export type StreamCommand = { readonly type: 'chunk'; readonly channels: Float32Array[]; readonly end: boolean } | { readonly type: 'stop'; readonly at: number };

/**
 * Processor to page: `started` in its first block, with that block's context time (frames skipped, for a
 * voice that joins, are skipped by then); `need` with the frames played (and skipped) so far; `late` when
 * frames came after they were due, with how many frames of silence played meanwhile; `ended` after the last
 * frame; `stopped` at the stop time. After `ended` or `stopped` the processor is done.
 */
export type StreamEvent =
  | { readonly type: 'started'; readonly at: number }
  | { readonly type: 'need'; readonly read: number }
  | { readonly type: 'late'; readonly frames: number }
  | { readonly type: 'ended' }
  | { readonly type: 'stopped' };

declare const sampleRate: number;
declare const currentTime: number;
declare function registerProcessor(name: string, processor: unknown): void;
declare class AudioWorkletProcessor {
  readonly port: MessagePort;
}

class StreamProcessor extends AudioWorkletProcessor {
  readonly #ring: Float32Array[];
  readonly #capacity: number;
  readonly #low: number;
  readonly #startTime: number;
  readonly #join: boolean;
  /** Frames written into the ring, and read from it, since the start. */
  #written = 0;
  #read = 0;
  #end: boolean;
  #asked = false;
  #started = false;
  /** Frames of silence played since the ring ran dry (not at the end). */
  #late = 0;
  #stopAt = Infinity;

  constructor(options: { processorOptions: StreamOptions }) {
    super();
    const { channels, end, startTime, join, capacity, low } = options.processorOptions;
    this.#capacity = capacity;
    this.#low = low;
    this.#startTime = startTime;
    this.#join = join;
    this.#end = end;
    this.#ring = channels.map(() => new Float32Array(capacity));
    this.#write(channels);
    this.port.onmessage = (event: MessageEvent<StreamCommand>) => {
      const command = event.data;
      if (command.type === 'stop') {
        this.#stopAt = command.at;
        return;
      }
      this.#write(command.channels);
      this.#end = command.end;
      this.#asked = false;
    };
  }

  /** Appends `channels` to the ring (the page never sends more than it has room for). */
  #write(channels: Float32Array[]): void {
    const frames = channels[0]?.length ?? 0;
    for (let done = 0; done < frames; ) {
      const at = (this.#written + done) % this.#capacity;
      const n = Math.min(frames - done, this.#capacity - at);
      channels.forEach((channel, c) => this.#ring[c]?.set(channel.subarray(done, done + n), at));
      done += n;
    }
    this.#written += frames;
  }

  /** Copies up to `frames` frames from the ring into `output` from `offset` (or skips them with none). */
  #readInto(output: Float32Array[] | undefined, offset: number, frames: number): number {
    let done = 0;
    while (done < frames && this.#read < this.#written) {
      const at = this.#read % this.#capacity;
      const n = Math.min(frames - done, this.#written - this.#read, this.#capacity - at);
      if (output) this.#ring.forEach((ring, c) => output[c]?.set(ring.subarray(at, at + n), offset + done));
      done += n;
      this.#read += n;
    }
    return done;
  }

  process(_inputs: Float32Array[][], outputs: Float32Array[][]): boolean {
    const output = outputs[0]!;
    const frames = output[0]?.length ?? 128;
    if (!this.#started) {
      this.#started = true;
      // Made a few blocks (or, on a busy machine, many) after the page asked: a voice that joins skips what
      // the playhead has passed since.
      const due = this.#join ? Math.round((currentTime - this.#startTime) * sampleRate) : 0;
      if (due > 0) this.#late = due - this.#readInto(undefined, 0, due);
      this.port.postMessage({ type: 'started', at: currentTime } satisfies StreamEvent);
    }
    // Frames of this block before the stop time.
    const playable = Math.max(0, Math.min(frames, Math.round((this.#stopAt - currentTime) * sampleRate)));
    const played = this.#readInto(output, 0, playable);
    if (played > 0 && this.#late > 0) {
      this.port.postMessage({ type: 'late', frames: this.#late } satisfies StreamEvent);
      this.#late = 0;
    }
    if (playable < frames) {
      this.port.postMessage({ type: 'stopped' } satisfies StreamEvent);
      return false;
    }
    if (played < frames) {
      if (this.#end) {
        this.port.postMessage({ type: 'ended' } satisfies StreamEvent);
        return false;
      }
      this.#late += frames - played;
    }
    if (!this.#end && !this.#asked && this.#written - this.#read < this.#low) {
      this.#asked = true;
      this.port.postMessage({ type: 'need', read: this.#read } satisfies StreamEvent);
    }
    return true;
  }
}

registerProcessor('studio-editor-stream', StreamProcessor);
