// A delivery's manifest for tests of the manifest, its schema and the report: three destinations (one failed
// and included anyway), one excluded, two stems. `hostile` puts markup in every string a user or service sets.
import { buildManifest, type ManifestInput } from '../../src/delivery/manifest.js';
import type { DeliveredFigures, DeliveredFile, DestinationProfile } from '../../src/delivery/types.js';

export const HOSTILE = {
  script: '<script>alert(1)</script>',
  attribute: '"><img src=x onerror=alert(2)>',
  style: '</style><style>body{display:none}</style>',
} as const;

const profile = (overrides: Partial<DestinationProfile> & Pick<DestinationProfile, 'id' | 'label' | 'codec'>): DestinationProfile => ({
  source: { title: 'PRX ad specifications', url: 'https://help.prx.org/hc/en-us/articles/ad-specs' },
  sampleRate: 44100,
  channels: 1,
  loudness: -16,
  tolerance: 1,
  truePeak: -1,
  length: { kind: 'exact' },
  minTailSilence: 0,
  metadata: ['title', 'advertiser', 'campaign', 'adId', 'loudness'],
  fileName: '{advertiser}_{title}_{length}s_{destination}_{adId}',
  ...overrides,
});

/** A short-term curve: speech level with a quiet lead-in and a fade, `null`-free (the silence is -Infinity). */
function curve(seconds: number, level: number, step = 0.5): DeliveredFigures['shortTerm'] {
  const values: number[] = [];
  for (let t = 0; t < seconds; t += step) values.push(t < 0.5 ? -Infinity : level + 2 * Math.sin(t / 2) - (t > seconds - 2 ? 8 * (t - seconds + 2) : 0));
  return { step, values };
}

function figures(over: Partial<DeliveredFigures> & Pick<DeliveredFigures, 'sampleRate' | 'channels' | 'integrated'>): DeliveredFigures {
  const seconds = over.seconds ?? 30;
  return {
    samples: Math.round(seconds * over.sampleRate),
    seconds,
    bytes: 480_000,
    sha256: 'a'.repeat(64),
    range: 4.2,
    truePeak: -1.4,
    samplePeak: -1.9,
    dc: 0.00002,
    tailSilence: 0.6,
    shortTerm: curve(seconds, over.integrated),
    ...over,
  };
}

const passing = (rule: DeliveredFile['rules'][number]['rule'], measured: number, required: string) => ({ rule, pass: true, measured, required });

export function sampleInput(hostile = false): ManifestInput {
  const podcast: DeliveredFile = {
    fileName: hostile ? 'Acme_script_30s_podcast-prx_ACME0000001.mp3' : 'Acme-Coffee_Spring-Sale_30s_podcast-prx_ACME0000001.mp3',
    destination: profile({ id: 'podcast-prx', label: hostile ? HOSTILE.attribute : 'Podcast insertion (PRX)', codec: { container: 'mp3', bitrateKbps: 128 }, minTailSilence: 0.5, maxBytes: 1_000_000 }),
    figures: figures({ sampleRate: 44100, channels: 1, integrated: -16.1, bitrateKbps: 128, bytes: 481_254 }),
    rules: [
      passing('loudness', -16.1, '-16 ±1 LUFS'),
      passing('truePeak', -1.4, 'at most -1 dBTP'),
      passing('length', 30, 'exactly 30 s'),
      passing('maxBytes', 481_254, 'at most 1000000 bytes'),
      passing('tailSilence', 0.6, 'at least 0.5 s'),
    ],
    pass: true,
  };
  const broadcast: DeliveredFile = {
    fileName: 'Acme-Coffee_Spring-Sale_30s_broadcast-ebu_ACME0000001.wav',
    destination: profile({
      id: 'broadcast-ebu',
      label: 'Broadcast EBU R 128',
      source: { title: 'EBU R 128 (2023) and R 128 s1', url: 'https://tech.ebu.ch/publications/r128', unpublished: ['minTailSilence'] },
      codec: { container: 'wav', bitDepth: 24 },
      sampleRate: 48000,
      channels: 2,
      loudness: -23,
      tolerance: 0.5,
    }),
    figures: figures({ sampleRate: 48000, channels: 2, integrated: -23.0, bitDepth: 24, bytes: 8_640_602, truePeak: -3.1, samplePeak: -3.4 }),
    rules: [passing('loudness', -23, '-23 ±0.5 LUFS'), passing('truePeak', -3.1, 'at most -1 dBTP'), passing('length', 30, 'exactly 30 s')],
    pass: true,
  };
  const approval: DeliveredFile = {
    fileName: 'Acme-Coffee_Spring-Sale_30s_client-approval_ACME0000001.mp3',
    destination: profile({ id: 'client-approval', label: 'Client approval', codec: { container: 'mp3', bitrateKbps: 96 }, channels: 2, maxBytes: 300_000 }),
    figures: figures({ sampleRate: 44100, channels: 2, integrated: -16, bitrateKbps: 96, bytes: 361_000 }),
    rules: [passing('loudness', -16, '-16 ±1 LUFS'), { rule: 'maxBytes', pass: false, measured: 361_000, required: 'at most 300000 bytes', fix: 'Use a lower bitrate' }],
    pass: false,
  };
  const radio: DeliveredFile = {
    fileName: 'Acme-Coffee_Spring-Sale_30s_radio-15_ACME0000001.wav',
    destination: profile({ id: 'radio-15', label: 'Radio :15', codec: { container: 'wav', bitDepth: 16 }, length: { kind: 'max', maxSeconds: 15 } }),
    figures: figures({ sampleRate: 44100, channels: 1, integrated: -16, bitDepth: 16 }),
    rules: [passing('loudness', -16, '-16 ±1 LUFS'), { rule: 'length', pass: false, measured: 30, required: 'at most 15 s', fix: 'Shorten the ad to 15 s' }],
    pass: false,
  };
  return {
    project: { projectId: 'p-123', title: hostile ? HOSTILE.script : 'Spring Sale', seconds: 30 },
    campaign: {
      advertiser: hostile ? HOSTILE.attribute : 'Acme Coffee',
      campaign: hostile ? HOSTILE.style : 'Spring 2026',
      adId: 'ACME0000001',
      isci: 'ACME1234',
      versionLabel: ':30 main',
    },
    files: [podcast, broadcast, { ...approval, includedAnyway: true }],
    excluded: [radio],
    stems: [
      { fileName: 'Acme-Coffee_Spring-Sale_stem-voice.wav', stem: 'voice', figures: figures({ sampleRate: 48000, channels: 2, integrated: -19.5, bitDepth: 24 }) },
      { fileName: 'Acme-Coffee_Spring-Sale_stem-music.wav', stem: 'music', figures: figures({ sampleRate: 48000, channels: 2, integrated: -26.2, bitDepth: 24 }) },
    ],
    assets: [
      { asset_id: 'a1', kind: 'voice', url: '/v1/assets/a1', mime_type: 'audio/wav', duration_s: 12.4, voice: { voice_id: 'v-emma', name: hostile ? HOSTILE.script : 'Emma', language: 'en-GB', accent: 'British', gender: 'female' } },
      { asset_id: 'a2', kind: 'music', url: '/v1/assets/a2', mime_type: 'audio/mpeg', duration_s: 60, music: { track_id: 't-9', title: hostile ? HOSTILE.style : 'Morning Light', style: 'acoustic', mood: 'bright', tempo_bpm: 96 } },
    ],
    credits: 42,
    editorVersion: '0.1.0',
    createdAt: '2026-11-26T07:00:00.000Z',
  };
}

/** The sample built into a manifest. */
export const sampleManifest = (hostile = false) => buildManifest(sampleInput(hostile));

/** The script of the sample, by section. */
export function sampleScript(hostile = false): { label: string; text: string }[] {
  return [
    { label: 'Hook', text: hostile ? HOSTILE.script : 'Tired of slow mornings?' },
    { label: 'Body', text: hostile ? HOSTILE.attribute : 'Meet Brewline, the coffee maker that knows when you wake up.' },
    { label: 'Call to action', text: hostile ? HOSTILE.style : 'Order yours today & get free delivery.' },
  ];
}
