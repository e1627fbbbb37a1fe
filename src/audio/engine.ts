import type { DeliveryPresetId, ExportFormat } from '../config/types.js';
import type { ProjectDocument } from '../model/document.js';
import type { DeliverOptions, DeliveryResult } from './deliver/deliver.js';
import { AssetDecoder, type AssetDecoderOptions, type DecodedAudio } from './decode.js';
import { releaseScratch } from './dsp/scratch.js';
import { exportMix, type ExportedMix } from './export.js';
import { projectMixSpec } from './project-mix.js';
import { Renderer, type RendererOptions, type RenderStage } from './renderer.js';
import { LiveMeter } from './live-meter.js';
import { Transport, type TransportOptions } from './transport.js';

/** Options of `AudioEngine`. */
export interface AudioEngineOptions {
  /** The editor's auth fetch (the token goes to `/v1/` URLs only). */
  readonly fetch: AssetDecoderOptions['fetch'];
  /** Rate the assets are decoded at. Default 48000. */
  readonly decodeSampleRate?: number;
  readonly renderer?: RendererOptions;
  readonly transport?: TransportOptions;
}

/** Options of `AudioEngine.export` (and of the element's and the handle's `export`). */
export interface ExportOptions {
  readonly format: ExportFormat;
  /** Master for this delivery preset instead of the project's, even when the project bypasses mastering. */
  readonly preset?: DeliveryPresetId;
  /** Output rate. Default: the project's delivery rate. */
  readonly sampleRate?: 44100 | 48000;
  readonly signal?: AbortSignal;
  /** Told as the render goes: `decode`, `mix`, `master`, `done`, then `encode`. */
  readonly onProgress?: (stage: RenderStage | 'decode' | 'encode') => void;
  /**
   * Export even though the speech runs past the ad's end (cut mid-word). Without it, the editor's export
   * refuses such a spot with a `speech-cut` error: extend the ad or shorten the script first.
   */
  readonly allowSpeechCut?: boolean;
}

/**
 * The editor's audio engine: the asset decoder, the worker renderer and the playback transport, made and
 * disposed together. `dispose()` also drops the DSP's work buffers.
 */
export class AudioEngine {
  readonly decoder: AssetDecoder;
  readonly renderer: Renderer;
  readonly transport: Transport;
  /** What plays, measured live (momentary, short-term, true peak). */
  readonly meter: LiveMeter;

  constructor(options: AudioEngineOptions) {
    this.decoder = new AssetDecoder({ fetch: options.fetch, sampleRate: options.decodeSampleRate ?? 48_000 });
    // Decoded samples are held once: moved into the render worker, decoded again if a new worker needs them.
    this.renderer = new Renderer({ sources: this.decoder, ...options.renderer });
    this.transport = new Transport(options.transport);
    this.meter = new LiveMeter(this.transport);
  }

  /** Decodes every asset the project's mix uses; resolves to them by URL (their samples may be in the worker). */
  async sources(project: ProjectDocument, signal?: AbortSignal): Promise<Map<string, DecodedAudio>> {
    const urls = [...new Set([...project.clips.map((clip) => clip.url), ...(project.music?.url ? [project.music.url] : [])])];
    const decoded = await Promise.all(urls.map((url) => this.decoder.decode(url, signal)));
    return new Map(urls.map((url, i) => [url, decoded[i]!]));
  }

  /** Decodes, renders (in the worker), masters and encodes the project's ad (an MP3 in a worker of its own). */
  async export(project: ProjectDocument, options: ExportOptions): Promise<ExportedMix> {
    const { signal, onProgress } = options;
    onProgress?.('decode');
    const sources = await this.sources(project, signal);
    // An explicit preset masters for it even when the project bypasses mastering.
    const spec = projectMixSpec(project, sources, {
      sampleRate: options.sampleRate ?? project.delivery.sampleRate,
      ...(options.preset ? { preset: options.preset } : {}),
    });
    return exportMix(spec, {
      format: options.format,
      title: project.title,
      signal,
      // Where the render worker cannot start, neither can the MP3 worker: MP3 is encoded here too.
      ...(this.renderer.mode === 'main-thread' ? { mp3Worker: null } : {}),
      render: async (s, o) => {
        const result = await this.renderer.render(s, { signal: o.signal, onProgress, measure: o.measure, wav: o.wav });
        onProgress?.('encode');
        return result;
      },
    });
  }

  /**
   * Delivers the project's ad to each destination (see `deliver` in deliver/deliver.ts): one render, a
   * master per distinct target, each file encoded, measured and checked in the workers. The delivery's
   * code is loaded on first use.
   */
  async deliver(project: ProjectDocument, options: DeliverOptions): Promise<DeliveryResult> {
    const { deliver } = await import('./deliver/deliver.js');
    return deliver(this, project, options);
  }

  dispose(): void {
    this.meter.dispose();
    this.transport.dispose();
    this.renderer.dispose();
    this.decoder.dispose();
    releaseScratch();
  }
}
