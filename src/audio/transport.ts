import type { StreamCommand, StreamEvent, StreamOptions } from './stream-worklet.js';
import { nextTurn } from '../internal/turn.js';
import { quantise, StreamFeed, type Store } from './stream-feed.js';

/** A range of the timeline to repeat, in seconds. */
export interface LoopRange {
  start: number;
  end: number;
}

export type TransportState = 'stopped' | 'playing' | 'paused';

/**
 * Where the playhead is `elapsed` seconds after playback started at `from`: it runs to `duration` and
 * stops there, or, with a loop range that `from` is before the end of, wraps from `end` back to `start`.
 */
export function playheadAt(from: number, elapsed: number, duration: number, loop: LoopRange | null): number {
  const position = from + Math.max(0, elapsed);
  if (loop !== null && loop.end > loop.start && from < loop.end && position >= loop.end) {
    const length = loop.end - loop.start;
    return loop.start + ((position - loop.end) % length);
  }
  return Math.min(position, duration);
}

export interface TransportOptions {
  /**
   * Makes the AudioContext; called on the first play, which should come from a user gesture, with the rate
   * of the audio to play. Default: a context at that rate, so that what plays is the render itself, not a
   * resampled copy (the live meter reads it as the offline meter does).
   */
  createContext?: (sampleRate: number) => AudioContext;
  /** Crossfade when the audio is replaced while playing, seconds. Default 0.015. */
  swapFade?: number;
}

/** Frames converted (or copied) between two turns of the page: 11 s at 48 kHz, 1 to 4 ms a slice here. */
const COPY_SLICE_FRAMES = 1 << 19;

/**
 * How far ahead of what plays a streamed voice is fed, and how little left makes it ask for more, seconds: the
 * page may be busy for up to a second (a host page's long task, a loaded machine) before the voice runs dry.
 * At 0.5 and 0.3 s, WebKit beside 6 busy processes ran dry in 5 runs of 6 (`node scripts/busy.mjs 6 -- node
 * scripts/test-browser.mjs webkit --files test/audio/transport.test.ts test/audio/live-meter.test.ts`); at 1.5
 * and 1 s in none of 8. A pause, a seek or a swap makes a new voice or stops at a set time: a longer ring delays
 * none of them. It holds 1.5 s of float frames (576 KB in stereo at 48 kHz) per voice.
 */
const STREAM_AHEAD = 1.5;
const STREAM_LOW = 1;

/** The name the stream worklet registers its processor under (stream-worklet.ts). */
const STREAM_PROCESSOR = 'studio-editor-stream';

/** The stream worklet file beside this module (a self-contained build; see rollup.config.mjs). */
const streamWorkletUrl = (): string => new URL('./stream-worklet.js', import.meta.url).href;

interface Voice {
  gain: GainNode;
  /** Whether its first frame has played. */
  started: boolean;
  /** Stops at context time `at` (at once if it is past). */
  stop(at: number): void;
}

/**
 * What a voice tells the transport: its first frame played at context time `at`; it played its last frame;
 * it fell `seconds` behind, waiting for frames.
 */
interface VoiceEvents {
  started(at: number): void;
  ended(): void;
  late(seconds: number): void;
}

/**
 * Plays the rendered mix: play, pause, seek, loop a range, and swap in a new render without stopping (a
 * short crossfade). One AudioContext per editor, made on the first play and closed by `dispose()`.
 * `currentTime` is the playhead time source for the UI; read it every frame, it costs nothing.
 *
 * The mix is kept as 16-bit (a 10-minute stereo mix at 48 kHz is 115 MB, against 230 MB as float) and
 * streamed: each voice is an AudioWorkletNode (stream-worklet.ts) that the page feeds 1 to 1.5 s ahead.
 * Where the worklet cannot load (no AudioWorklet, a policy that refuses it), or for audio at another rate
 * than the context's, it plays from an AudioBuffer made from the 16-bit samples, as before streaming.
 */
export class Transport {
  readonly #createContext: (sampleRate: number) => AudioContext;
  readonly #swapFade: number;
  readonly #listeners = new Set<(state: TransportState) => void>();
  readonly #outputListeners = new Set<(output: AudioNode, context: AudioContext) => void>();
  /** Where every voice plays into, on its way to the speakers; taps (the live meter) listen here. */
  #output: GainNode | undefined;
  #context: AudioContext | undefined;
  /** Whether the stream worklet loaded in the context; made with the context. */
  #streams: Promise<boolean> | undefined;
  /** The audio that plays: the last one set that is ready to. */
  #store: Store | undefined;
  /** The audio last set: its length and rate (its conversion may still be under way). */
  #audio: { length: number; sampleRate: number } | undefined;
  /** The audio last set made ready to play, settled once it is (each setAudio() starts a new one). */
  #ready: Promise<void> = Promise.resolve();
  #generation = 0;
  /** The newest voice: the one heard, or about to take over from `#leaving`. */
  #voice: Voice | undefined;
  /** The voice still heard while `#voice`, which takes over from it, has not started; it fades out when that one starts. */
  #leaving: Voice | undefined;
  /**
   * How to let go of each streamed voice still sounding (fading out included), for `dispose()`: once the
   * context closes, their nodes say no more that they stopped.
   */
  readonly #streaming = new Set<() => void>();
  #state: TransportState = 'stopped';
  #from = 0;
  #startedAt = 0;
  #loop: LoopRange | null = null;
  #disposed = false;
  /** Counts play requests and pauses: a pause before a pending play starts (its context resuming, its audio converting) cancels it. */
  #requests = 0;

  constructor(options: TransportOptions = {}) {
    this.#createContext = options.createContext ?? ((sampleRate) => new AudioContext({ latencyHint: 'interactive', sampleRate }));
    this.#swapFade = options.swapFade ?? 0.015;
  }

  get state(): TransportState {
    return this.#state;
  }

  get playing(): boolean {
    return this.#state === 'playing';
  }

  /** Length of the audio, seconds (0 before any). */
  get duration(): number {
    return this.#audio ? this.#audio.length / this.#audio.sampleRate : 0;
  }

  /** The playhead, seconds. */
  get currentTime(): number {
    if (this.#state !== 'playing' || this.#context === undefined) return this.#from;
    return this.#playheadAt(this.#context.currentTime);
  }

  get loop(): LoopRange | null {
    return this.#loop;
  }

  /** Calls `listener` on every change of state; returns the function that stops it. */
  onStateChange(listener: (state: TransportState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /**
   * Sets the audio to play. It is converted to 16-bit (rounded, clamped to ±1) a slice at a time, the page
   * getting a turn between slices; while playing, the new audio takes over at the same time once converted,
   * crossfaded. Resolves when it is ready to play (or replaced by a newer one): `channels` are not read
   * after that, and are not kept. The preview thus plays 16-bit samples; exports render the mix again.
   */
  setAudio(channels: readonly Float32Array[], sampleRate: number): Promise<void> {
    const generation = ++this.#generation;
    this.#audio = { length: channels[0]?.length ?? 0, sampleRate };
    if (this.#state !== 'playing') this.#from = Math.min(this.#from, this.duration);
    const ready = this.#convert(channels, sampleRate, generation).then(async (store) => {
      if (store === undefined) return;
      // Once playback has started, the fallback's AudioBuffer is made before the audio takes over.
      if (this.#context !== undefined) await this.#prepare(store);
      if (generation !== this.#generation || this.#disposed) return;
      this.#store = store;
      if (this.#state === 'playing') this.#startVoice(undefined, true);
    });
    this.#ready = ready;
    return ready;
  }

  /**
   * Calls `listener` with the output node and its context once they exist (the first play) or at once if
   * they do; returns the function that stops it.
   */
  onOutput(listener: (output: AudioNode, context: AudioContext) => void): () => void {
    this.#outputListeners.add(listener);
    if (this.#output !== undefined && this.#context !== undefined) listener(this.#output, this.#context);
    return () => this.#outputListeners.delete(listener);
  }

  /** Plays from the playhead once the context runs and the latest audio is ready; a `pause()` before then cancels it. */
  async play(): Promise<void> {
    if (this.#disposed || this.#audio === undefined || this.#state === 'playing') return;
    const request = ++this.#requests;
    if (this.#context === undefined) {
      const context = this.#createContext(this.#audio.sampleRate);
      this.#context = context;
      this.#streams = this.#loadStreamWorklet(context);
      this.#output = context.createGain();
      this.#output.connect(context.destination);
      for (const listener of this.#outputListeners) listener(this.#output, context);
    }
    if (this.#context.state === 'suspended') await this.#context.resume();
    // The latest audio, ready (a newer audio may be set meanwhile; one set before the first play may need
    // the fallback's AudioBuffer).
    for (let ready = this.#ready; ; ready = this.#ready) {
      await ready;
      if (this.#store !== undefined) await this.#prepare(this.#store);
      if (ready === this.#ready) break;
    }
    if (this.#disposed || request !== this.#requests || (this.#state as TransportState) === 'playing') return;
    const from = this.#from >= this.duration - 1e-6 ? (this.#loop?.start ?? 0) : this.#from;
    this.#startVoice(from, false);
    this.#setState('playing');
  }

  pause(): void {
    this.#requests += 1;
    if (this.#state !== 'playing') return;
    this.#from = this.currentTime;
    this.#silence();
    this.#setState('paused');
  }

  /** Moves the playhead; keeps playing if it was. */
  seek(time: number): void {
    const to = Math.min(Math.max(0, time), this.duration);
    if (this.#state === 'playing') this.#startVoice(to, true);
    else this.#from = to;
  }

  /** Repeats `range` while playing, or stops repeating with `null`. */
  setLoop(range: LoopRange | null): void {
    const at = this.currentTime;
    this.#loop = range && range.end > range.start ? { start: Math.max(0, range.start), end: Math.min(range.end, this.duration || range.end) } : null;
    if (this.#state === 'playing') this.#startVoice(at, true);
  }

  /** Stops playback and closes the AudioContext. Final. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#silence();
    for (const release of [...this.#streaming]) release();
    this.#state = 'stopped';
    this.#listeners.clear();
    this.#outputListeners.clear();
    this.#output = undefined;
    this.#store = undefined;
    void this.#context?.close().catch(() => undefined);
    this.#context = undefined;
  }

  /** `channels` as 16-bit, slice by slice; undefined when a newer audio was set meanwhile. */
  async #convert(channels: readonly Float32Array[], sampleRate: number, generation: number): Promise<Store | undefined> {
    const length = channels[0]?.length ?? 0;
    const converted = channels.map(() => new Int16Array(length));
    for (let start = 0; start < length; start += COPY_SLICE_FRAMES) {
      if (start > 0) await nextTurn();
      if (generation !== this.#generation || this.#disposed) return undefined;
      const end = Math.min(length, start + COPY_SLICE_FRAMES);
      channels.forEach((channel, c) => quantise(channel, converted[c]!, start, end));
    }
    return { length, sampleRate, channels: converted, buffer: undefined, making: undefined };
  }

  /** Loads the stream worklet into `context`; false, with one warning that names the cause, where it cannot. */
  async #loadStreamWorklet(context: AudioContext): Promise<boolean> {
    try {
      const worklet = (context as { audioWorklet?: AudioWorklet }).audioWorklet;
      if (worklet === undefined) throw new Error('this browser has no AudioWorklet');
      await worklet.addModule(streamWorkletUrl());
      return true;
    } catch (error) {
      const cause = error instanceof Error ? error.message || error.name : String(error);
      console.warn(`service-studio-editor: the preview's streaming AudioWorklet could not start (${cause}). It plays from an AudioBuffer instead, which needs twice the memory.`);
      return false;
    }
  }

  /** Makes `store` ready to play in the context: where it cannot stream, its AudioBuffer (once). */
  async #prepare(store: Store): Promise<void> {
    const context = this.#context;
    if (context === undefined || store.buffer !== undefined) return;
    if ((await this.#streams) && store.sampleRate === context.sampleRate) return;
    store.making ??= this.#makeBuffer(store);
    await store.making;
  }

  /** `store` copied into a new AudioBuffer slice by slice, which then replaces its 16-bit samples. */
  async #makeBuffer(store: Store): Promise<void> {
    const { channels, length, sampleRate } = store;
    // An AudioBuffer needs no context, and has at least one frame.
    const buffer = new AudioBuffer({ numberOfChannels: Math.max(1, channels.length), length: Math.max(1, length), sampleRate });
    const slice = new Float32Array(Math.min(length, COPY_SLICE_FRAMES));
    for (let start = 0; start < length; start += COPY_SLICE_FRAMES) {
      if (start > 0) await nextTurn();
      if (this.#disposed) return;
      const end = Math.min(length, start + COPY_SLICE_FRAMES);
      channels.forEach((channel, c) => {
        for (let i = start; i < end; i++) slice[i - start] = channel[i]! / 32767;
        buffer.copyToChannel(slice.subarray(0, end - start), c, start);
      });
    }
    store.buffer = buffer;
    store.channels = [];
  }

  /** The playhead at context time `now` while playing. */
  #playheadAt(now: number): number {
    return playheadAt(this.#from, now - this.#startedAt, this.duration, this.#loop);
  }

  /**
   * Starts a voice from `at` (where the playhead is, when undefined). A voice that joins (a seek, a loop
   * change, new audio swapped in) takes over from the one heard once its own first frame has played, with a
   * crossfade: the one heard plays on until then, so that a voice that starts late (a busy audio thread, a
   * page held by a long task) delays the change but drops nothing out. A play is heard from its first frame,
   * and the playhead moves from then.
   */
  #startVoice(at: number | undefined, join: boolean): void {
    const context = this.#context;
    const store = this.#store;
    if (context === undefined || store === undefined) return;
    const now = context.currentTime;
    const from = at ?? this.#playheadAt(now);
    const previous = this.#voice;
    if (!join) {
      this.#silence();
    } else if (previous?.started) {
      this.#leaving?.stop(0);
      this.#leaving = previous;
    } else {
      // Never heard: the one heard (if any) goes on until the new voice starts.
      previous?.stop(0);
    }
    // A voice that joins is silent until it takes over: from its start, not from a time read on the page's clock
    // (WebKitGTK's moves in steps, and need not match the audio thread's).
    const gain = new GainNode(context, { gain: join ? 0 : 1 });
    gain.connect(this.#output ?? context.destination);
    const events: VoiceEvents = {
      started: (time) => {
        if (this.#voice !== voice) return;
        voice.started = true;
        if (join) this.#handOver(voice);
        else this.#startedAt = time;
      },
      ended: () => {
        if (this.#voice !== voice) return;
        this.#voice = undefined;
        this.#from = this.duration;
        this.#setState('stopped');
      },
      late: (seconds) => {
        // The playhead waits for what is heard.
        if (this.#voice === voice) this.#startedAt += seconds;
      },
    };
    const voice = store.buffer ? this.#bufferVoice(context, store.buffer, from, now, gain, events) : this.#streamVoice(context, store, from, now, join, gain, events);
    this.#voice = voice;
    this.#from = from;
    // A joining voice plays in step with the playhead from now; a play's playhead stands still until its first frame.
    this.#startedAt = join ? now : Infinity;
    // An AudioBufferSourceNode starts at `now` itself.
    if (store.buffer) events.started(now);
  }

  /** Crossfades from the voice heard (if any) to `voice`, which has started, from now. */
  #handOver(voice: Voice): void {
    const now = this.#context!.currentTime;
    voice.gain.gain.setValueAtTime(0, now);
    voice.gain.gain.linearRampToValueAtTime(1, now + this.#swapFade);
    const leaving = this.#leaving;
    this.#leaving = undefined;
    if (leaving === undefined) return;
    leaving.gain.gain.setValueAtTime(leaving.gain.gain.value, now);
    leaving.gain.gain.linearRampToValueAtTime(0, now + this.#swapFade);
    leaving.stop(now + this.#swapFade);
  }

  /** A voice that plays `buffer` from `at` (the fallback). */
  #bufferVoice(context: AudioContext, buffer: AudioBuffer, at: number, now: number, gain: GainNode, events: VoiceEvents): Voice {
    const source = context.createBufferSource();
    source.buffer = buffer;
    source.connect(gain);
    if (this.#loop !== null && at < this.#loop.end) {
      source.loop = true;
      source.loopStart = this.#loop.start;
      source.loopEnd = this.#loop.end;
    }
    source.onended = () => events.ended();
    source.start(now, at);
    return { gain, started: false, stop: (when) => source.stop(when) };
  }

  /** A voice that streams `store` from `at`, due at context time `now` (see StreamOptions' `join`): an AudioWorkletNode fed ahead. */
  #streamVoice(context: AudioContext, store: Store, at: number, now: number, join: boolean, gain: GainNode, events: VoiceEvents): Voice {
    const rate = store.sampleRate;
    const loop = this.#loop && { start: Math.round(this.#loop.start * rate), end: Math.min(store.length, Math.round(this.#loop.end * rate)) };
    const feed = new StreamFeed(store, Math.round(at * rate), loop);
    const ahead = Math.round(STREAM_AHEAD * rate);
    // The first STREAM_AHEAD seconds go with the node, so that it starts with data.
    const first = feed.take(ahead);
    const options: StreamOptions = { channels: first.channels, end: first.end, startTime: now, join, capacity: ahead, low: Math.round(STREAM_LOW * rate) };
    const node = new AudioWorkletNode(context, STREAM_PROCESSOR, {
      numberOfInputs: 0,
      numberOfOutputs: 1,
      outputChannelCount: [Math.max(1, store.channels.length)],
      processorOptions: options,
    });
    const done = () => {
      this.#streaming.delete(done);
      node.port.onmessage = null;
      node.port.close();
      node.disconnect();
      gain.disconnect();
    };
    this.#streaming.add(done);
    node.port.onmessage = (event: MessageEvent<StreamEvent>) => {
      const message = event.data;
      if (message.type === 'started') {
        events.started(message.at);
      } else if (message.type === 'need') {
        // Up to STREAM_AHEAD seconds ahead of what it has read (it has nothing else under way).
        const chunk = feed.take(ahead - (feed.sent - message.read));
        const command: StreamCommand = { type: 'chunk', ...chunk };
        node.port.postMessage(command, chunk.channels.map((channel) => channel.buffer));
      } else if (message.type === 'late') {
        events.late(message.frames / rate);
      } else {
        done();
        if (message.type === 'ended') events.ended();
      }
    };
    node.connect(gain);
    return { gain, started: false, stop: (when) => node.port.postMessage({ type: 'stop', at: when } satisfies StreamCommand) };
  }

  /** Stops every voice at once: the newest, and the one it was to take over from. */
  #silence(): void {
    this.#voice?.stop(0);
    this.#leaving?.stop(0);
    this.#voice = undefined;
    this.#leaving = undefined;
  }

  #setState(state: TransportState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of [...this.#listeners]) listener(state);
  }
}
