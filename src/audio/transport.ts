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

/** Frames copied into the AudioBuffer between two turns of the page: 11 s at 48 kHz, 1 to 4 ms a slice here. */
const COPY_SLICE_FRAMES = 1 << 19;

/** A turn for the page's other work: `scheduler.yield()` where there is one. */
const yieldToPage = (): Promise<void> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
};

interface Voice {
  source: AudioBufferSourceNode;
  gain: GainNode;
}

/**
 * Plays the rendered mix: play, pause, seek, loop a range, and swap in a new render without stopping (a
 * short crossfade). One AudioContext per editor, made on the first play and closed by `dispose()`.
 * `currentTime` is the playhead time source for the UI; read it every frame, it costs nothing.
 */
export class Transport {
  readonly #createContext: (sampleRate: number) => AudioContext;
  readonly #swapFade: number;
  readonly #listeners = new Set<(state: TransportState) => void>();
  readonly #outputListeners = new Set<(output: AudioNode, context: AudioContext) => void>();
  /** Where every voice plays into, on its way to the speakers; taps (the live meter) listen here. */
  #output: GainNode | undefined;
  #context: AudioContext | undefined;
  /** The audio that plays: the last one set whose copy is complete. */
  #buffer: AudioBuffer | undefined;
  /** The audio last set: its length and rate (its copy may still be under way). */
  #audio: { length: number; sampleRate: number } | undefined;
  /** The copy of the audio last set, settled once it can play (each setAudio() starts a new one). */
  #copied: Promise<void> = Promise.resolve();
  #generation = 0;
  #voice: Voice | undefined;
  #state: TransportState = 'stopped';
  #from = 0;
  #startedAt = 0;
  #loop: LoopRange | null = null;
  #disposed = false;

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
    return playheadAt(this.#from, this.#context.currentTime - this.#startedAt, this.duration, this.#loop);
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
   * Sets the audio to play. It is copied into an AudioBuffer a slice at a time, the page getting a turn
   * between slices (a 10-minute stereo mix is 230 MB: one copy took 110 to 155 ms); while playing, the new
   * audio takes over at the same time once copied, crossfaded. Resolves when the copy is done (or replaced by
   * a newer one): `channels` are not read after that, and are not kept.
   */
  setAudio(channels: readonly Float32Array[], sampleRate: number): Promise<void> {
    const generation = ++this.#generation;
    this.#audio = { length: channels[0]?.length ?? 0, sampleRate };
    if (this.#state !== 'playing') this.#from = Math.min(this.#from, this.duration);
    const copied = this.#copy(channels, sampleRate, generation).then((buffer) => {
      if (buffer === undefined || generation !== this.#generation || this.#disposed) return;
      this.#buffer = buffer;
      if (this.#state === 'playing') this.#startVoice(this.currentTime, true);
    });
    this.#copied = copied;
    return copied;
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

  async play(): Promise<void> {
    if (this.#disposed || this.#audio === undefined || this.#state === 'playing') return;
    if (this.#context === undefined) {
      const context = this.#createContext(this.#audio.sampleRate);
      this.#context = context;
      this.#output = context.createGain();
      this.#output.connect(context.destination);
      for (const listener of this.#outputListeners) listener(this.#output, context);
    }
    if (this.#context.state === 'suspended') await this.#context.resume();
    // The latest audio's copy (a newer audio may be set meanwhile).
    for (let copied = this.#copied; ; copied = this.#copied) {
      await copied;
      if (copied === this.#copied) break;
    }
    if (this.#disposed || (this.#state as TransportState) === 'playing') return;
    const from = this.#from >= this.duration - 1e-6 ? (this.#loop?.start ?? 0) : this.#from;
    this.#startVoice(from, false);
    this.#setState('playing');
  }

  pause(): void {
    if (this.#state !== 'playing') return;
    this.#from = this.currentTime;
    this.#stopVoice(0);
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
    this.#stopVoice(0);
    this.#state = 'stopped';
    this.#listeners.clear();
    this.#outputListeners.clear();
    this.#output = undefined;
    void this.#context?.close().catch(() => undefined);
    this.#context = undefined;
  }

  /** `channels` copied into a new AudioBuffer, slice by slice; undefined when a newer audio was set meanwhile. */
  async #copy(channels: readonly Float32Array[], sampleRate: number, generation: number): Promise<AudioBuffer | undefined> {
    const length = channels[0]?.length ?? 0;
    // An AudioBuffer needs no context, and has at least one frame.
    const buffer = new AudioBuffer({ numberOfChannels: Math.max(1, channels.length), length: Math.max(1, length), sampleRate });
    for (let start = 0; start < length; start += COPY_SLICE_FRAMES) {
      if (start > 0) await yieldToPage();
      if (generation !== this.#generation || this.#disposed) return undefined;
      const end = Math.min(length, start + COPY_SLICE_FRAMES);
      channels.forEach((channel, index) => buffer.copyToChannel(channel.subarray(start, end) as Float32Array<ArrayBuffer>, index, start));
    }
    return buffer;
  }

  #startVoice(at: number, crossfade: boolean): void {
    const context = this.#context;
    const buffer = this.#buffer;
    if (context === undefined || buffer === undefined) return;
    this.#stopVoice(crossfade ? this.#swapFade : 0);
    const source = context.createBufferSource();
    source.buffer = buffer;
    const gain = context.createGain();
    source.connect(gain).connect(this.#output ?? context.destination);
    if (this.#loop !== null && at < this.#loop.end) {
      source.loop = true;
      source.loopStart = this.#loop.start;
      source.loopEnd = this.#loop.end;
    }
    const now = context.currentTime;
    if (crossfade) {
      gain.gain.setValueAtTime(0, now);
      gain.gain.linearRampToValueAtTime(1, now + this.#swapFade);
    }
    const voice: Voice = { source, gain };
    source.onended = () => {
      if (this.#voice !== voice) return;
      this.#voice = undefined;
      this.#from = this.duration;
      this.#setState('stopped');
    };
    source.start(now, at);
    this.#voice = voice;
    this.#from = at;
    this.#startedAt = now;
  }

  #stopVoice(fade: number): void {
    const voice = this.#voice;
    if (voice === undefined) return;
    this.#voice = undefined;
    const context = this.#context!;
    const now = context.currentTime;
    if (fade > 0) {
      voice.gain.gain.setValueAtTime(voice.gain.gain.value, now);
      voice.gain.gain.linearRampToValueAtTime(0, now + fade);
      voice.source.stop(now + fade);
    } else {
      voice.source.stop();
    }
  }

  #setState(state: TransportState): void {
    if (state === this.#state) return;
    this.#state = state;
    for (const listener of [...this.#listeners]) listener(state);
  }
}
