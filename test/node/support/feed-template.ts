// A feed's template and the editor around it, for node tests of feed runs: a 30 s ad (or a 15 s one) of Hook, a Body with
// `{{product_name}}` and `{{price}}` and a locked Call to action, each voiced with the samples over a bed; a feed of
// 6 rows (one missing a price, one name over its slot's 30 characters); a scripted voice service whose takes
// are synthetic speech of 2.5 words a second; the pipeline's core on this thread (MP3s decoded by FFmpeg).
import type { ServiceClient } from '../../../src/api/client.js';
import type { PriceList } from '../../../src/api/contract.js';
import type { VoiceoverRequest } from '../../../src/api/contract.js';
import { deliver, localDeliverDeps } from '../../../src/audio/deliver/index.js';
import { mp3Frames } from '../../../src/audio/dsp/mp3-frames.js';
import type { AudioEngine } from '../../../src/audio/engine.js';
import { resolveConfig } from '../../../src/config/validate.js';
import type { ProjectDocument, VoiceClip } from '../../../src/model/document.js';
import { countSpokenWords } from '../../../src/script/estimate.js';
import type { FeedHost } from '../../../src/session/feed-deliver.js';
import { FeedTakes } from '../../../src/session/feed-takes.js';
import { syntheticSpeech } from '../../audio/signals.js';
import { ffmpegDecode, sampleProject } from '../delivery-make.js';

/** The template's length: a :30, the usual spot. */
export const FEED_SECONDS = 30;
/**
 * A :15 of the same template (its script fits either), for the tests whose subject is the rows, the jobs or the
 * files rather than the ad's length: a row's files hold half the audio to mix, master and encode.
 */
export const QUICK_FEED_SECONDS = 15;
export const FEED_ROWS = [
  ['TR-100', 'Trail runner shoes', '59.99'],
  ['HJ-300', 'Hiking jacket', '189.00'],
  ['WS-200', 'Wool socks', ''],
  ['WB-600', 'Water bottle', '9.99'],
  ['TN-900', 'The ultralight four season mountaineering expedition tent', '899.00'],
  ['CM-050', 'Camp mug', '12.50'],
];
/** The rows without a problem. */
export const GOOD_ROWS = ['TR-100', 'HJ-300', 'WB-600', 'CM-050'];

/** Seconds a take of `text` lasts: 2.5 words a second, and a breath. */
const takeSeconds = (text: string): number => Math.round((countSpokenWords(text) / 2.5 + 0.3) * 100) / 100;

/** The template, `seconds` long, with its sources by URL. */
export function feedTemplate(destinations: readonly string[], seconds = FEED_SECONDS): { project: ProjectDocument; sources: Map<string, { channels: Float32Array[]; sampleRate: number }> } {
  const { project: base, sources } = sampleProject(seconds);
  const sections = [
    { id: 'hook', label: 'Hook', text: 'Ready for the trail?' },
    { id: 'body', label: 'Body', text: 'Get {{product_name}} for just {{price}} dollars at Acme Outdoors.' },
    { id: 'cta', label: 'Call to action', text: 'Visit acme outdoors dot com today.', locked: true as const },
  ];
  const spoken = ['Ready for the trail?', 'Get Trail runner shoes for just 59.99 dollars at Acme Outdoors.', 'Visit acme outdoors dot com today.'];
  let at = 0.5;
  const clips: VoiceClip[] = sections.map((section, i) => {
    const url = `mem:template-${section.id}`;
    const seconds = takeSeconds(spoken[i]!);
    sources.set(url, { channels: [syntheticSpeech(seconds, 48_000, i + 1)], sampleRate: 48_000 });
    const clip: VoiceClip = { id: `clip-${section.id}`, sectionId: section.id, assetId: `template-${section.id}`, url, start: at, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: { text: spoken[i]!, voice: 'v-anna', speed: 1 } };
    at += seconds + 0.3;
    return clip;
  });
  const project: ProjectDocument = {
    ...base,
    title: 'Summer gear',
    campaign: { advertiser: 'Acme Outdoors', campaign: 'Summer 2027', adId: '', isci: '' },
    voice: { ...base.voice, voice: 'v-anna' },
    script: { sections },
    clips,
    assets: clips.map((clip, i) => ({ asset_id: clip.assetId, kind: 'voice', url: clip.url, mime_type: 'audio/wav', duration_s: takeSeconds(spoken[i]!) })),
    slots: [
      { name: 'product_name', sample: 'Trail runner shoes', maxLength: 30 },
      { name: 'price', sample: '59.99' },
    ],
    feed: {
      columns: ['sku', 'product_name', 'price'],
      rows: FEED_ROWS,
      key: 'sku',
      mapping: [
        { column: 'product_name', slot: 'product_name' },
        { column: 'price', slot: 'price' },
      ],
    },
    delivery: { ...base.delivery, destinations: [...destinations] },
  };
  return { project, sources };
}

/** A feed's run host around the template (`change` edits it first; `failVoiceover` fails a text's voice-over; `prices` are its price list), the voice-overs it was asked for and the events it fired. */
export function feedHost(
  options: { destinations?: readonly string[]; seconds?: number; change?: (project: ProjectDocument) => ProjectDocument; failVoiceover?: (text: string) => Error | undefined; prices?: PriceList['operations'] } = {},
): { host: FeedHost; requests: VoiceoverRequest[]; events: Event[] } {
  const made = feedTemplate(options.destinations ?? ['streaming', 'broadcast-ebu-r128'], options.seconds);
  const project = options.change?.(made.project) ?? made.project;
  const { sources } = made;
  const requests: VoiceoverRequest[] = [];
  const events: Event[] = [];
  const client = {
    voiceover: async (request: VoiceoverRequest) => {
      requests.push(request);
      const failure = options.failVoiceover?.(request.text);
      if (failure !== undefined) throw failure;
      const n = requests.length;
      const seconds = takeSeconds(request.text);
      sources.set(`mem:take-${n}`, { channels: [syntheticSpeech(seconds, 48_000, 10 + n)], sampleRate: 48_000 });
      return { asset: { asset_id: `take-${n}`, kind: 'voice' as const, url: `mem:take-${n}`, mime_type: 'audio/wav', duration_s: seconds } };
    },
    pricing: async (): Promise<PriceList> => ({ operations: options.prices ?? { voiceover: { base: 1, per_25_words: 1 } } }),
  } as unknown as ServiceClient;
  const decodeMp3 = (bytes: Uint8Array): Promise<Float32Array[]> => ffmpegDecode(bytes, mp3Frames(bytes)!.channelCount);
  const engine = { deliver: (view: ProjectDocument, options: Parameters<typeof deliver>[2]) => deliver(localDeliverDeps((url) => sources.get(url), decodeMp3), view, options) } as unknown as AudioEngine;
  const takes = new FeedTakes({ client, projectId: () => project.project_id, dispatch: () => undefined });
  const host: FeedHost = {
    config: () => resolveConfig({ api: { baseUrl: 'https://api.example.com' }, auth: { getToken: () => 't', refreshToken: () => 't' } }),
    engine: async () => engine,
    project: () => project,
    client: () => client,
    takes: () => takes,
    dispatch: (event) => void events.push(event),
    emitError: (error) => {
      throw error;
    },
  };
  return { host, requests, events };
}
