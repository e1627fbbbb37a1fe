import type { ExportOptions } from '../../src/audio/engine.js';
import type { MixPreviewSource, PreviewState } from '../../src/audio/preview-state.js';

/** A preview whose state the test sets; records what was asked of it. */
export class FakePreview implements MixPreviewSource {
  state: PreviewState = {
    status: 'empty',
    stage: null,
    error: null,
    measurement: null,
    compliance: null,
    mastering: null,
    duration: 0,
    envelope: new Float32Array(0),
    envelopeRate: 20,
    transport: 'stopped',
  };
  readonly calls: string[] = [];
  readonly decoded = new Map<string, { peaks: Float32Array; duration: number }>();
  currentTime = 0;
  #listeners = new Set<(state: PreviewState) => void>();

  set(patch: Partial<PreviewState>): void {
    this.state = { ...this.state, ...patch };
    for (const listener of this.#listeners) listener(this.state);
  }
  getState(): PreviewState {
    return this.state;
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
  async export(options: ExportOptions): Promise<Blob> {
    this.calls.push(`export ${options.format}`);
    return new Blob(['RIFF']);
  }
}
