// The page of bench/deliver.mjs: a 30 s ad (synthetic speech over a music bed) delivered to the five built-in
// destinations plus stems and packed in a ZIP, against the five single exports one after the other.
// Bundled by bench/deliver.mjs and served from dist/esm/audio/, so the engine's workers are the built ones.
import { AudioEngine } from '../src/audio/engine.js';
import { openDeliveryZip } from '../src/audio/deliver/zip.js';
import { encodeWav } from '../src/audio/dsp/wav.js';
import type { ExportOptions } from '../src/audio/engine.js';
import { createProject, type ProjectDocument } from '../src/model/document.js';
import { BUILTIN_DESTINATIONS } from '../src/delivery/destinations.js';
import type { CampaignFields } from '../src/delivery/types.js';
import { music, syntheticSpeech } from '../test/audio/signals.js';

/** The five built-in destinations (streaming, podcast insertion, EBU R 128, ATSC A/85, client approval). */
const destinations = BUILTIN_DESTINATIONS;
/** The same five as single exports (the export path: its presets, formats and rates; MP3 at its 192 kbit/s). */
const exports: ExportOptions[] = [
  { format: 'mp3', preset: 'streaming', sampleRate: 44100 },
  { format: 'mp3', preset: 'podcast', sampleRate: 44100 },
  { format: 'wav24', preset: 'ebu-r128', sampleRate: 48000 },
  { format: 'wav24', preset: 'atsc-a85', sampleRate: 48000 },
  { format: 'mp3', preset: 'podcast', sampleRate: 44100 },
];
const campaign: CampaignFields = { advertiser: 'Northwind', campaign: 'Trail Runner', adId: 'NWBK0000301', isci: '', versionLabel: ':30' };

function project(): ProjectDocument {
  const url = (channels: Float32Array[]) => URL.createObjectURL(new Blob([encodeWav(channels, 48000, { bitDepth: 24 }) as BlobPart], { type: 'audio/wav' }));
  const voice = url([syntheticSpeech(27, 48000)]);
  const bed = url(music(30, 48000));
  return {
    ...createProject({ projectId: 'bench', title: 'Trail Runner', duration: 30 }),
    clips: [{ id: 'c1', sectionId: null, assetId: 'a1', url: voice, start: 0.5, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: null }],
    music: { track: null, assetId: null, url: bed, gain: -8, offset: 0, loop: false, fadeIn: 0.5, fadeOut: 1.5 },
  };
}

declare global {
  interface Window {
    bench: {
      deliver(): Promise<{ ms: number; zipBytes: number; fileBytes: number; longTasks: number[]; files: string[]; stages: string[] }>;
      exports(): Promise<{ ms: number; fileBytes: number; longTasks: number[] }>;
    };
    benchReady: boolean;
  }
}

const engine = new AudioEngine({ fetch: (input, init) => fetch(input, init) });
const ad = project();

/** Long tasks (over 50 ms) while `run` runs, ms each. */
async function watched<T>(run: () => Promise<T>): Promise<{ result: T; ms: number; longTasks: number[] }> {
  const longTasks: number[] = [];
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((entry) => longTasks.push(Math.round(entry.duration))));
  observer.observe({ type: 'longtask' });
  const t0 = performance.now();
  const result = await run();
  const ms = Math.round(performance.now() - t0);
  await new Promise((resolve) => setTimeout(resolve, 100));
  observer.disconnect();
  return { result, ms, longTasks };
}

window.bench = {
  deliver: async () => {
    const stages: string[] = [];
    const t0 = performance.now();
    const { result, ms, longTasks } = await watched(async () => {
      const zip = openDeliveryZip();
      const delivered = await engine.deliver(ad, {
        destinations,
        campaign,
        stems: true,
        sink: zip,
        includeFailed: true,
        onProgress: ({ file, stage }) => stages.push(`${Math.round(performance.now() - t0)} ms ${typeof file === 'number' ? destinations[file]!.id : file} ${stage}`),
      });
      zip.add('manifest.json', new TextEncoder().encode(JSON.stringify(delivered.files.map((file) => ({ fileName: file.fileName, figures: file.figures, rules: file.rules })))));
      return { delivered, blob: await zip.finish() };
    });
    const files = [...result.delivered.files, ...result.delivered.stems];
    return {
      ms,
      stages,
      longTasks,
      zipBytes: result.blob.size,
      fileBytes: files.reduce((sum, file) => sum + file.bytes.size, 0),
      files: result.delivered.files.map((file) => `${file.fileName} ${file.figures.integrated.toFixed(1)} LUFS ${file.figures.truePeak.toFixed(1)} dBTP ${file.pass ? 'pass' : `FAIL ${file.rules.filter((rule) => !rule.pass).map((rule) => rule.rule).join(',')}`}`),
    };
  },
  exports: async () => {
    const { result, ms, longTasks } = await watched(async () => {
      let bytes = 0;
      for (const options of exports) bytes += (await engine.export(ad, options)).blob.size;
      return bytes;
    });
    return { ms, longTasks, fileBytes: result };
  },
};
// Decoded once before anything is timed (both paths share the engine's decoded assets).
await engine.sources(ad);
window.benchReady = true;
