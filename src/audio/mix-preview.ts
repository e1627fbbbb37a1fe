import { StudioError } from '../errors.js';
import type { ProjectDocument } from '../model/document.js';
import { duckingEnvelope } from './dsp/mixdown.js';
import { PEAKS_PER_SECOND, type DecodedAudio } from './decode.js';
import { checkCompliance, resolvePreset } from './dsp/presets.js';
import { withTimingRules } from '../rules/mix.js';
import { speechTiming, type SpeechTiming } from './timing-rules.js';
import type { AudioEngine, ExportOptions } from './engine.js';
import type { ExportedMix } from './export.js';
import type { MixPreviewSource, PreviewState } from './preview-state.js';
import { missingSources, projectMixSpec } from './project-mix.js';

/** Options of a `MixPreview`. */
export interface MixPreviewOptions {
  readonly engine: AudioEngine;
  /** The editor's export (it checks the config's formats and fires `studio-export`). */
  readonly export: (options: ExportOptions) => Promise<ExportedMix>;
  /** Quiet time after the last change before a render starts, ms. Default 150. */
  readonly delayMs?: number;
  /** Points per second of the ducking envelope. Default 20. */
  readonly envelopeRate?: number;
}

const INITIAL: PreviewState = Object.freeze({
  status: 'empty',
  stage: null,
  error: null,
  measurement: null,
  series: null,
  compliance: null,
  timing: null,
  mastering: null,
  duration: 0,
  envelope: new Float32Array(0),
  envelopeRate: 20,
  transport: 'stopped',
});

/** The parts of a project that change what is heard; the reducer keeps the unchanged ones identical. */
const audible = (p: ProjectDocument) => [p.clips, p.music, p.mix, p.tracks, p.mastering, p.duration, p.delivery] as const;

const isAbort = (error: unknown) => error instanceof DOMException && error.name === 'AbortError';

/** `peaks` (at `PEAKS_PER_SECOND`) at `pointsPerSecond`: the largest of those each new point spans. */
function peaksAt(peaks: Float32Array, pointsPerSecond: number): Float32Array {
  const ratio = PEAKS_PER_SECOND / pointsPerSecond;
  const out = new Float32Array(Math.ceil(peaks.length / ratio));
  for (let p = 0; p < out.length; p++) {
    let m = 0;
    for (let i = Math.floor(p * ratio), end = Math.min(peaks.length, Math.max(i + 1, Math.ceil((p + 1) * ratio))); i < end; i++) if (peaks[i]! > m) m = peaks[i]!;
    out[p] = m;
  }
  return out;
}

/**
 * The live preview of the project's mix: after each audible change (debounced) it decodes what is new,
 * renders the mix in the worker exactly as an export would (mastered when mastering is on), measures it,
 * checks it against the delivery preset and hands the samples to the transport, crossfading if playing.
 * A newer change aborts the render under way. The ducking envelope follows every change at once (it needs
 * no render). Failures become `status: 'error'`; the project is never touched.
 */
export class MixPreview implements MixPreviewSource {
  readonly #engine: AudioEngine;
  readonly #export: MixPreviewOptions['export'];
  readonly #delayMs: number;
  readonly #envelopeRate: number;
  readonly #listeners = new Set<(state: PreviewState) => void>();
  /** The decoded assets the project uses: lengths and peaks here, samples in the render worker. */
  readonly #sources = new Map<string, DecodedAudio>();
  readonly #peaks = new Map<string, Float32Array>();
  readonly #offTransport: () => void;
  #state: PreviewState;
  #project: ProjectDocument | undefined;
  #rendered: readonly unknown[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #controller: AbortController | undefined;
  #disposed = false;
  /** Counts renders: what a render reports late (its audio's copy failing) gives way to a newer one. */
  #renders = 0;

  constructor(options: MixPreviewOptions) {
    this.#engine = options.engine;
    this.#export = options.export;
    this.#delayMs = options.delayMs ?? 150;
    this.#envelopeRate = options.envelopeRate ?? 20;
    this.#state = { ...INITIAL, envelopeRate: this.#envelopeRate };
    this.#offTransport = this.#engine.transport.onStateChange((transport) => this.#set({ transport }));
  }

  getState(): PreviewState {
    return this.#state;
  }

  /** Where the speech is in the project now: waits while new audio is being decoded (null when not known). */
  speechTiming(): Promise<SpeechTiming | null> {
    const known = (state: PreviewState) => state.timing !== null || state.status === 'error' || state.status === 'empty';
    if (known(this.#state)) return Promise.resolve(this.#state.timing);
    return new Promise((resolve) => {
      const off = this.subscribe((state) => {
        if (!known(state)) return;
        off();
        resolve(state.timing);
      });
    });
  }

  subscribe(listener: (state: PreviewState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  get currentTime(): number {
    return this.#engine.transport.currentTime;
  }

  play(): Promise<void> {
    return this.#engine.transport.play();
  }

  pause(): void {
    this.#engine.transport.pause();
  }

  seek(time: number): void {
    this.#engine.transport.seek(time);
    // Paused, nothing reads the playhead each frame: the toolbar's time is told once (playing, its clock follows).
    if (this.#engine.transport.state !== 'playing') this.#set({});
  }

  peaks(url: string, pointsPerSecond = PEAKS_PER_SECOND): Float32Array | undefined {
    const source = this.#sources.get(url);
    if (source === undefined) return undefined;
    // Kept with the decoded asset (its samples are in the worker); another rate is derived from them.
    if (pointsPerSecond === PEAKS_PER_SECOND) return source.peaks;
    const key = `${pointsPerSecond} ${url}`;
    let peaks = this.#peaks.get(key);
    if (peaks === undefined) {
      peaks = peaksAt(source.peaks, pointsPerSecond);
      this.#peaks.set(key, peaks);
    }
    return peaks;
  }

  sourceDuration(url: string): number | undefined {
    const source = this.#sources.get(url);
    return source === undefined ? undefined : source.frames / source.sampleRate;
  }

  decodeFile(file: Blob, signal?: AbortSignal): Promise<DecodedAudio> {
    return this.#engine.decoder.decodeFile(file, signal);
  }

  keepDecoded(url: string, audio: DecodedAudio): void {
    this.#engine.decoder.adopt(url, audio);
  }

  export(options: ExportOptions): Promise<ExportedMix> {
    return this.#export(options);
  }

  /** Tells the preview the project now; renders again (after the delay) when what is heard changed. */
  update(project: ProjectDocument): void {
    if (this.#disposed) return;
    const first = this.#project === undefined;
    this.#project = project;
    const now = audible(project);
    if (now.every((part, i) => part === this.#rendered[i])) return;
    this.#rendered = now;
    this.#updateEnvelope(project);
    // Where the speech is follows the project at once (the render comes after the delay): the length
    // rules and the export's check never read the clips of before. Unknown until new audio is decoded.
    const timing = missingSources(project, this.#sources).length === 0 ? speechTiming(project, (url) => this.#sources.get(url)) : null;
    if (JSON.stringify(timing) !== JSON.stringify(this.#state.timing)) this.#set({ timing });
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => void this.#render(project), first ? 0 : this.#delayMs);
  }

  /** Stops rendering and playback; the engine (and its AudioContext) is the editor's to dispose. */
  dispose(): void {
    this.#disposed = true;
    clearTimeout(this.#timer);
    this.#controller?.abort(new DOMException('The preview was disposed.', 'AbortError'));
    this.#offTransport();
    this.#listeners.clear();
    this.#sources.clear();
    this.#peaks.clear();
  }

  #set(patch: Partial<PreviewState>): void {
    this.#state = Object.freeze({ ...this.#state, ...patch });
    for (const listener of [...this.#listeners]) listener(this.#state);
  }

  #updateEnvelope(project: ProjectDocument): void {
    if (missingSources(project, this.#sources).length > 0) return; // after decoding
    const spec = projectMixSpec(project, this.#sources, { sampleRate: project.delivery.sampleRate, unmastered: true });
    this.#set({ envelope: duckingEnvelope(spec, this.#envelopeRate) });
  }

  async #render(project: ProjectDocument): Promise<void> {
    this.#controller?.abort(new DOMException('A newer change replaced this render.', 'AbortError'));
    const controller = new AbortController();
    this.#controller = controller;
    const { signal } = controller;
    const run = ++this.#renders;
    const hasAudio = project.clips.length > 0 || Boolean(project.music?.url);
    if (!hasAudio) {
      // One frame of silence: nothing that can fail.
      this.#engine.transport.setAudio([new Float32Array(0)], project.delivery.sampleRate).catch(() => undefined);
      this.#set({ ...INITIAL, envelopeRate: this.#envelopeRate, transport: this.#state.transport, envelope: this.#state.envelope });
      return;
    }
    try {
      const missing = missingSources(project, this.#sources);
      if (missing.length > 0) {
        this.#set({ status: 'rendering', stage: 'decode', error: null });
        const decoded = await Promise.all(missing.map((url) => this.#engine.decoder.decode(url, signal)));
        missing.forEach((url, i) => this.#sources.set(url, decoded[i]!));
        this.#forgetUnused(project);
        this.#updateEnvelope(project);
      }
      this.#set({ status: 'rendering', stage: 'mix', error: null });
      const spec = projectMixSpec(project, this.#sources);
      const result = await this.#engine.renderer.render(spec, {
        signal,
        measure: true,
        onProgress: (stage) => this.#set({ stage }),
      });
      const measurement = result.mastering?.measurement ?? result.measurement ?? null;
      const { mastering } = project;
      const preset = resolvePreset(mastering.preset, { target: mastering.target, truePeak: mastering.truePeak });
      // Once the transport has its 16-bit copy, the arrays go back to the renderer to be written into again.
      // The copy needs half as much memory again: where the browser refuses it, the preview says so.
      this.#engine.transport.setAudio(result.channels, result.sampleRate).then(
        () => this.#engine.renderer.recycle(result.channels),
        (error: unknown) => {
          if (run !== this.#renders || this.#disposed) return;
          const reason = error instanceof Error ? error.message : String(error);
          this.#set({ status: 'error', stage: null, error: new StudioError('preview-failed', `The preview could not be made ready to play (${reason}); the browser may be short of memory. Your project is unchanged: close other tabs, or shorten the ad, and try again.`, { recoverable: true }) });
        },
      );
      const timing = speechTiming(project, (url) => this.#sources.get(url));
      this.#set({
        status: 'ready',
        stage: null,
        measurement,
        series: result.series ?? null,
        timing,
        compliance: measurement ? withTimingRules(checkCompliance(measurement, preset), timing, project.duration) : null,
        mastering: result.mastering
          ? { inputIntegrated: result.mastering.inputIntegrated, gainDb: result.mastering.gainDb, limiterReductionDb: result.mastering.limiterReductionDb }
          : null,
        duration: result.channels[0]!.length / result.sampleRate,
      });
    } catch (error) {
      if (isAbort(error) || signal.aborted) return;
      const failure =
        error instanceof StudioError
          ? error
          : new StudioError('preview-failed', `The preview could not be rendered (${error instanceof Error ? error.message : String(error)}). Your project is unchanged; try the last change again.`, {
              recoverable: true,
            });
      this.#set({ status: 'error', stage: null, error: failure });
    } finally {
      if (this.#controller === controller) this.#controller = undefined;
    }
  }

  /** Drops decoded audio (and its peaks) the project no longer uses. */
  #forgetUnused(project: ProjectDocument): void {
    const used = new Set([...project.clips.map((clip) => clip.url), ...(project.music?.url ? [project.music.url] : [])]);
    for (const url of [...this.#sources.keys()]) if (!used.has(url)) this.#sources.delete(url);
    for (const key of [...this.#peaks.keys()]) if (!used.has(key.slice(key.indexOf(' ') + 1))) this.#peaks.delete(key);
  }
}
