// A delivered ZIP made in Node for delivery-ffmpeg.test.ts: a 30 s ad (synthetic speech over a music bed),
// delivered by the pipeline's core (src/audio/deliver/) on this thread, the manifest, the report, the stems.
import { deliver, localDeliverDeps } from '../../src/audio/deliver/index.js';
import { ffmpegDecode as decodeWithFfmpeg } from '../../src/batch/sources.js';
import { openDeliveryZip } from '../../src/audio/deliver/zip.js';
import { mp3Frames } from '../../src/audio/dsp/mp3-frames.js';
import type { AudioEngine } from '../../src/audio/engine.js';
import type { ReviewConfig } from '../../src/config/types.js';
import { resolveConfig } from '../../src/config/validate.js';
import { deliveryFileName } from '../../src/delivery/file-name.js';
import { buildManifest, manifestJson } from '../../src/delivery/manifest.js';
import { deliveryReport } from '../../src/delivery/report.js';
import type { CampaignFields, DeliveredFile, DeliveryManifest, DestinationProfile } from '../../src/delivery/types.js';
import { createProject, type ProjectDocument } from '../../src/model/document.js';
import type { DeliverHost } from '../../src/session/editor-deliver.js';
import { music, syntheticSpeech } from '../audio/signals.js';

/** FFmpeg's decode of encoded bytes to float channels (the batch's: from a file, so a gapless MP3's padding is trimmed). */
export const ffmpegDecode = (bytes: Uint8Array, channels: number): Promise<Float32Array[]> => decodeWithFfmpeg(bytes, 'An encoded file', channels);

export const CAMPAIGN: CampaignFields = { advertiser: 'Acme Coffee', campaign: 'Spring 2027', adId: 'ACME0001000', isci: 'ACME1234', versionLabel: ':30 main' };

/** The ad: two voice clips over a bed that ends 2 s before the ad does (so every destination's tail is silent). */
export function sampleProject(seconds: number, bedToEnd = false): { project: ProjectDocument; sources: Map<string, { channels: Float32Array[]; sampleRate: number }> } {
  const sr = 48000;
  const sources = new Map([
    ['mem:voice-1', { channels: [syntheticSpeech(10, sr)], sampleRate: sr }],
    ['mem:voice-2', { channels: [syntheticSpeech(9, sr, 5)], sampleRate: sr }],
    ['mem:bed', { channels: music(bedToEnd ? seconds : seconds - 2, sr), sampleRate: sr }],
  ]);
  const clip = (id: string, url: string, start: number) => ({ id, sectionId: null, assetId: id, url, start, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: null });
  const project: ProjectDocument = {
    ...createProject({ projectId: 'p-ffmpeg', title: 'Spring Sale', duration: seconds }),
    clips: [clip('a1', 'mem:voice-1', 1.5), clip('a2', 'mem:voice-2', 15)],
    // With `bedToEnd`, the bed sounds to the last sample, as in an ad the editor makes.
    music: { track: null, assetId: null, url: 'mem:bed', gain: -8, offset: 0, loop: false, fadeIn: 0.5, fadeOut: bedToEnd ? 0 : 1.5 },
  };
  return { project, sources };
}

/** What `makeDelivery` made: the ZIP's bytes and the manifest it holds. */
export interface MadeDelivery {
  readonly zip: Uint8Array;
  readonly manifest: DeliveryManifest;
}

/**
 * Delivers the sample ad to `destinations` with the pipeline's core on this thread (MP3s decoded again by
 * FFmpeg), names the files from their templates, and packs the ZIP with the delivery's ZIP writer: the files that pass (all of them with
 * `includeFailed`), the stems on request, manifest.json and report.html.
 */
export async function makeDelivery(options: { destinations: readonly DestinationProfile[]; seconds: number; stems: boolean; includeFailed?: boolean; bedToEnd?: boolean }): Promise<MadeDelivery> {
  const { project, sources } = sampleProject(options.seconds, options.bedToEnd);
  const zip = openDeliveryZip({ createWorker: null });
  const taken = new Set<string>();
  const values = { advertiser: CAMPAIGN.advertiser, title: project.title, campaign: CAMPAIGN.campaign, length: options.seconds, adId: CAMPAIGN.adId, isci: CAMPAIGN.isci, version: CAMPAIGN.versionLabel };
  const name = (template: string, destination: string, extension: string): string => {
    const full = deliveryFileName(template, { ...values, destination }, extension, taken);
    taken.add(full);
    return full;
  };
  const decodeMp3 = (bytes: Uint8Array): Promise<Float32Array[]> => ffmpegDecode(bytes, mp3Frames(bytes)!.channelCount);
  const result = await deliver(localDeliverDeps(sources, decodeMp3), project, {
    destinations: options.destinations,
    campaign: CAMPAIGN,
    stems: options.stems,
    includeFailed: options.includeFailed ?? false,
    fileName: (destination) => name(destination.fileName, destination.id, destination.codec.container),
    stemName: (stem) => name(`{advertiser}_{title}_{length}s_${stem}-stem`, stem, 'wav'),
    sink: zip,
  });
  if (result.failures.length > 0) throw new Error(result.failures.map((failure) => failure.error.message).join('; '));
  const settled = (file: (typeof result.files)[number]): DeliveredFile => ({ fileName: file.fileName, destination: file.destination, figures: file.figures, rules: file.rules, pass: file.pass });
  const manifest = buildManifest({
    project: { projectId: project.project_id, title: project.title, seconds: options.seconds },
    campaign: CAMPAIGN,
    files: result.files.filter((file) => file.packed).map(settled),
    excluded: result.files.filter((file) => !file.packed).map(settled),
    stems: result.stems.map((stem) => ({ fileName: stem.fileName, stem: stem.stem, figures: stem.figures })),
    assets: project.assets,
    credits: null,
    editorVersion: '0.0.0-test',
    createdAt: new Date(Date.UTC(2026, 10, 26, 8)),
  });
  const text = new TextEncoder();
  zip.add('manifest.json', text.encode(manifestJson(manifest)));
  zip.add('report.html', text.encode(deliveryReport(manifest, { script: [{ label: 'Script', text: 'Tired of slow mornings? Meet Brewline.' }] })));
  return { zip: new Uint8Array(await (await zip.finish()).arrayBuffer()), manifest };
}

/**
 * The editor's delivery host in Node: the pipeline's core on this thread (MP3s decoded again by FFmpeg), `project`
 * as it is now; `review`, the config's `review` (whose approvals Deliver needs).
 */
export function nodeDeliverHost(project: () => ProjectDocument, sources: ReturnType<typeof sampleProject>['sources'], review?: ReviewConfig): DeliverHost {
  const decodeMp3 = (bytes: Uint8Array): Promise<Float32Array[]> => ffmpegDecode(bytes, mp3Frames(bytes)!.channelCount);
  const engine = { deliver: (view: ProjectDocument, options: Parameters<typeof deliver>[2]) => deliver(localDeliverDeps(sources, decodeMp3), view, options) } as unknown as AudioEngine;
  return {
    config: () => resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' }, ...(review === undefined ? {} : { review }) }),
    engine: async () => engine,
    project,
    dispatch: () => undefined,
    emitError: (error) => {
      throw error;
    },
  };
}
