import { AssetDecoder, type DecodedAudio } from '../../src/audio/decode.js';
import { measureLoudness } from '../../src/audio/dsp/loudness.js';
import type { ExportOptions } from '../../src/audio/engine.js';
import type { ExportedMix } from '../../src/audio/export.js';
import type { MixPreviewSource, PreviewState } from '../../src/audio/preview-state.js';
import { TestEditorContext } from './editor-context.js';

/** A preview state with every field, `over` replacing some. */
export function previewState(over: Partial<PreviewState> = {}): PreviewState {
  return {
    status: 'ready',
    stage: null,
    error: null,
    series: null,
    measurement: null,
    compliance: null,
    timing: null,
    mastering: null,
    duration: 0,
    envelope: new Float32Array(0),
    envelopeRate: 10,
    transport: 'stopped',
    ...over,
  };
}

/** An export's result for `blob`: figures of silence unless given. */
export function exported(blob: Blob, over: Partial<ExportedMix> = {}): ExportedMix {
  return { blob, format: 'wav16', fileName: 'ad.wav', measurement: measureLoudness([new Float32Array(4800)], 48000), ...over };
}

/**
 * A stand-in for the editor's `MixPreview`: `set(state)` publishes a state; `export` is `exportImpl`
 * (replace it, or stub it with sinon, to control the sequence); `calls` records play, pause and seek;
 * `decoded` holds the peaks and lengths it gives by URL.
 */
export class FakePreview implements MixPreviewSource {
  #state: PreviewState;
  readonly #listeners = new Set<(state: PreviewState) => void>();
  currentTime = 0;
  readonly calls: string[] = [];
  readonly decoded = new Map<string, { peaks: Float32Array; duration: number }>();
  exportImpl: (options: ExportOptions) => Promise<ExportedMix> = async () => exported(new Blob([new Uint8Array(4)], { type: 'audio/wav' }));

  constructor(state: PreviewState = previewState()) {
    this.#state = state;
  }

  get listenerCount(): number {
    return this.#listeners.size;
  }

  set(over: Partial<PreviewState>): void {
    this.#state = { ...this.#state, ...over };
    for (const listener of this.#listeners) listener(this.#state);
  }

  getState(): PreviewState {
    return this.#state;
  }

  subscribe(listener: (state: PreviewState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  async play(): Promise<void> {
    this.calls.push('play');
    this.set({ transport: 'playing' });
  }
  pause(): void {
    this.calls.push('pause');
    this.set({ transport: 'paused' });
  }
  seek(time: number): void {
    this.calls.push(`seek ${time}`);
    this.currentTime = time;
  }
  peaks(url: string): Float32Array | undefined {
    return this.decoded.get(url)?.peaks;
  }
  sourceDuration(url: string): number | undefined {
    return this.decoded.get(url)?.duration;
  }
  /** Decodes as the editor's decoder does by default; `kept` records what `keepDecoded` was given. */
  readonly decoder = new AssetDecoder({ fetch: async () => new Response(null, { status: 404 }) });
  readonly kept = new Map<string, DecodedAudio>();
  decodeFile(file: Blob, signal?: AbortSignal): Promise<DecodedAudio> {
    return this.decoder.decodeFile(file, signal);
  }
  keepDecoded(url: string, audio: DecodedAudio): void {
    this.kept.set(url, audio);
  }
  export(options: ExportOptions): Promise<ExportedMix> {
    return this.exportImpl(options);
  }
}

/** `<test-editor-context>` under another name, for the tests that set its `preview`. */
export class TestPreviewContext extends TestEditorContext {}
customElements.define('test-preview-context', TestPreviewContext);
