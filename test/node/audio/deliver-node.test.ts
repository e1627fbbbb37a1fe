// The delivery's core runs in Node on this thread (`localDeliverDeps`): what the ffmpeg test of a delivered
// ZIP builds on. WAV files and stems come out measured and checked; an MP3 without a decoder is a named failure.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { deliver, localDeliverDeps } from '../../../src/audio/deliver/index.js';
import { decodeWav } from '../../../src/audio/dsp/wav.js';
import type { CampaignFields, DestinationProfile } from '../../../src/delivery/types.js';
import { createProject } from '../../../src/model/document.js';
import { music, syntheticSpeech } from '../../audio/signals.js';

const destination = (id: string, over: Partial<DestinationProfile>): DestinationProfile => ({
  id,
  label: id,
  source: { title: 'test' },
  codec: { container: 'wav', bitDepth: 24 },
  sampleRate: 48000,
  channels: 2,
  loudness: -23,
  tolerance: 0.5,
  truePeak: -1,
  length: { kind: 'exact' },
  minTailSilence: 0,
  metadata: ['adId', 'loudness'],
  fileName: '{destination}',
  ...over,
});
const campaign: CampaignFields = { advertiser: 'Acme', campaign: 'Spring', adId: 'ABCD1234000', isci: '', versionLabel: '' };

describe('deliver in Node', () => {
  it('renders, masters, writes and measures WAVs and stems on this thread; an MP3 without a decoder fails by name', async () => {
    const sources = new Map([
      ['voice.wav', { channels: [syntheticSpeech(3, 48000)], sampleRate: 48000 }],
      ['bed.wav', { channels: music(5, 48000), sampleRate: 48000 }],
    ]);
    const project = {
      ...createProject({ projectId: 'p', title: 'Node ad', duration: 5 }),
      clips: [{ id: 'c', sectionId: null, assetId: 'a', url: 'voice.wav', start: 1, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0, fadeOut: 0.05, source: null }],
      music: { track: null, assetId: null, url: 'bed.wav', gain: -6, offset: 0, loop: false, fadeIn: 0, fadeOut: 0.5 },
    };
    const destinations = [
      destination('ebu', {}),
      destination('mono-16', { codec: { container: 'wav', bitDepth: 16 }, sampleRate: 44100, channels: 1, loudness: -16, tolerance: 1 }),
      destination('podcast', { codec: { container: 'mp3', bitrateKbps: 128 }, sampleRate: 44100, channels: 1, loudness: -16, tolerance: 1 }),
    ];
    // The campaign fields are the project's; two destinations that would have the same name are numbered.
    const result = await deliver(localDeliverDeps(sources), { ...project, campaign }, { destinations: [...destinations, destination('ebu-2', { fileName: 'ebu' })], stems: true });
    assert.deepEqual(result.files.map((file) => file.fileName), ['ebu.wav', 'mono-16.wav', 'ebu_2.wav']);
    assert.deepEqual(result.failures.map((failure) => [failure.fileName, failure.error.code]), [['podcast.mp3', 'deliver-file']]);
    assert.match(result.failures[0]!.error.message, /podcast\.mp3.*decodeMp3/);
    for (const file of result.files) {
      const wav = decodeWav(new Uint8Array(await file.bytes.arrayBuffer()));
      assert.equal(wav.sampleRate, file.destination.sampleRate);
      assert.equal(wav.channels.length, file.destination.channels);
      assert.equal(wav.channels[0]!.length, 5 * file.destination.sampleRate, `${file.fileName} to the sample`);
      assert.equal(file.figures.samples, 5 * file.destination.sampleRate);
      assert.ok(Math.abs(file.figures.integrated - file.destination.loudness) <= file.destination.tolerance, `${file.fileName} ${file.figures.integrated} LUFS`);
      assert.equal(file.rules.find((rule) => rule.rule === 'loudness')!.pass, true);
      assert.match(file.figures.sha256, /^[0-9a-f]{64}$/);
    }
    assert.deepEqual(result.stems.map((stem) => [stem.fileName, stem.figures.sampleRate, stem.figures.bitDepth, stem.figures.samples]), [
      ['Acme_Node-ad_5s_ABCD1234000_voice.wav', 48000, 24, 5 * 48000],
      ['Acme_Node-ad_5s_ABCD1234000_music.wav', 48000, 24, 5 * 48000],
    ]);
  });
});
