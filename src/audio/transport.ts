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
  #buffer: AudioBuffer | undefined;
  #audio: { channels: readonly Float32Array[]; sampleRate: number } | undefined;
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
    return this.#audio ? (this.#audio.channels[0]?.length ?? 0) / this.#audio.sampleRate : 0;
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

  /** Sets the audio to play. While playing, the new audio takes over at the same time, crossfaded. */
  setAudio(channels: readonly Float32Array[], sampleRate: number): void {
    this.#audio = { channels, sampleRate };
    this.#buffer = undefined;
    if (this.#state === 'playing') {
      const at = this.currentTime;
      this.#startVoice(at, true);
    } else {
      this.#from = Math.min(this.#from, this.duration);
    }
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
    if (this.#disposed) return;
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

  #audioBuffer(context: AudioContext): AudioBuffer {
    if (this.#buffer === undefined) {
      const { channels, sampleRate } = this.#audio!;
      const buffer = context.createBuffer(channels.length, channels[0]?.length || 1, sampleRate);
      channels.forEach((channel, index) => buffer.copyToChannel(channel as Float32Array<ArrayBuffer>, index));
      this.#buffer = buffer;
    }
    return this.#buffer;
  }

  #startVoice(at: number, crossfade: boolean): void {
    const context = this.#context;
    if (context === undefined || this.#audio === undefined) return;
    this.#stopVoice(crossfade ? this.#swapFade : 0);
    const source = context.createBufferSource();
    source.buffer = this.#audioBuffer(context);
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
