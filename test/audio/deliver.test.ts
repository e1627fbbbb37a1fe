import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { AudioEngine } from '../../src/audio/engine.js';
import { deliver, engineDeliverDeps, measureAudio, sha256Hex, type DeliverProgress, type DeliveryResult } from '../../src/audio/deliver/index.js';
import { decodeWav, encodeWav } from '../../src/audio/dsp/wav.js';
import { mp3Frames } from '../../src/audio/dsp/mp3-frames.js';
import { createProject, type ProjectDocument } from '../../src/model/document.js';
import type { CampaignFields, DestinationProfile } from '../../src/delivery/types.js';
import { engine as browserEngine } from '../support/engine.js';
import { waitUntil } from '../support/wait.js';
import { music, syntheticSpeech } from './signals.js';

const base: Omit<DestinationProfile, 'id' | 'label' | 'codec' | 'sampleRate' | 'channels' | 'loudness' | 'truePeak' | 'length'> = {
  source: { title: 'test' },
  tolerance: 1,
  minTailSilence: 0,
  metadata: ['title', 'advertiser', 'campaign', 'adId', 'isci', 'loudness'],
  fileName: '{destination}',
};
/** Five destinations: two share a master (same loudness, ceiling, rate and channels). */
const destinations: DestinationProfile[] = [
  { ...base, id: 'podcast', label: 'Podcast', codec: { container: 'mp3', bitrateKbps: 128 }, sampleRate: 44100, channels: 1, loudness: -16, truePeak: -1, length: { kind: 'max', maxSeconds: 30 }, maxBytes: 1_000_000 },
  { ...base, id: 'ebu', label: 'EBU', codec: { container: 'wav', bitDepth: 24 }, sampleRate: 48000, channels: 2, loudness: -23, tolerance: 0.5, truePeak: -1, length: { kind: 'exact' } },
  { ...base, id: 'atsc', label: 'ATSC', codec: { container: 'wav', bitDepth: 16 }, sampleRate: 44100, channels: 2, loudness: -24, tolerance: 2, truePeak: -2, length: { kind: 'exact' } },
  { ...base, id: 'streaming', label: 'Streaming', codec: { container: 'mp3', bitrateKbps: 192 }, sampleRate: 48000, channels: 2, loudness: -14, truePeak: -1, length: { kind: 'max', maxSeconds: 60 } },
  { ...base, id: 'client', label: 'Client', codec: { container: 'mp3', bitrateKbps: 192 }, sampleRate: 48000, channels: 2, loudness: -14, truePeak: -1, length: { kind: 'max', maxSeconds: 60 } },
];
const campaign: CampaignFields = { advertiser: 'Acme', campaign: 'Spring 2027', adId: 'ABCD1234000', isci: 'ABCD1234', versionLabel: ':06' };

const BITRATES_V1 = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320];
const latin1 = (bytes: Uint8Array): string => String.fromCharCode(...bytes);

/** The fmt fields and the bext OriginatorReference of a WAV file. */
function wavHeader(bytes: Uint8Array): { rate: number; channels: number; bits: number; originatorReference: string } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let out = { rate: 0, channels: 0, bits: 0, originatorReference: '' };
  for (let at = 12; at + 8 <= bytes.length; ) {
    const id = latin1(bytes.subarray(at, at + 4));
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ') out = { ...out, channels: view.getUint16(at + 10, true), rate: view.getUint32(at + 12, true), bits: view.getUint16(at + 22, true) };
    if (id === 'bext') out.originatorReference = latin1(bytes.subarray(at + 8 + 288, at + 8 + 320)).replace(/\0+$/, '');
    at += 8 + size + (size & 1);
  }
  return out;
}

/** Rate, channels and bitrate of an MP3 (its first audio frame) and the text of its TXXX frames. */
function mp3Header(bytes: Uint8Array): { rate: number; channels: number; kbps: number; txxx: string[] } {
  const frames = mp3Frames(bytes)!;
  const first = frames.frames[0]!.offset;
  const kbps = BITRATES_V1[bytes[first + 2]! >> 4]!;
  const txxx: string[] = [];
  const tagSize = (bytes[6]! << 21) | (bytes[7]! << 14) | (bytes[8]! << 7) | bytes[9]!;
  for (let at = 10; at < 10 + tagSize; ) {
    const size = (bytes[at + 4]! << 21) | (bytes[at + 5]! << 14) | (bytes[at + 6]! << 7) | bytes[at + 7]!;
    if (latin1(bytes.subarray(at, at + 4)) === 'TXXX') txxx.push(new TextDecoder().decode(bytes.subarray(at + 11, at + 10 + size)));
    at += 10 + size;
  }
  return { rate: frames.sampleRate, channels: frames.channelCount, kbps, txxx };
}

async function decodeFile(blob: Blob, rate: number): Promise<Float32Array[]> {
  const buffer = await new OfflineAudioContext(1, 1, rate).decodeAudioData(await blob.arrayBuffer());
  return Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));
}

/** The paths where two JSON-like values differ, numbers by more than `tolerance`. */
function differences(actual: unknown, expected: unknown, tolerance: number, path = ''): string[] {
  if (typeof actual === 'number' && typeof expected === 'number') return Math.abs(actual - expected) <= tolerance ? [] : [`${path}: ${actual} vs ${expected}`];
  if (typeof actual !== 'object' || typeof expected !== 'object' || actual === null || expected === null) return actual === expected ? [] : [`${path}: ${String(actual)} vs ${String(expected)}`];
  const keys = new Set([...Object.keys(actual), ...Object.keys(expected)]);
  return [...keys].flatMap((key) => differences((actual as Record<string, unknown>)[key], (expected as Record<string, unknown>)[key], tolerance, `${path}.${key}`));
}

describe('deliver', function () {
  const urls: string[] = [];
  let project: ProjectDocument;
  let engine: AudioEngine;
  before(() => {
    const wavUrl = (channels: Float32Array[]) => URL.createObjectURL(new Blob([encodeWav(channels, 48000, { bitDepth: 24 }) as BlobPart], { type: 'audio/wav' }));
    urls.push(wavUrl([syntheticSpeech(4, 48000)]), wavUrl(music(8, 48000)));
    project = {
      ...createProject({ projectId: 'p1', title: 'Spring Sale', duration: 6 }),
      clips: [{ id: 'c1', sectionId: null, assetId: 'a1', url: urls[0]!, start: 1, gain: 0, trimIn: 0, trimOut: 0, fadeIn: 0.01, fadeOut: 0.05, source: null }],
      music: { track: null, assetId: null, url: urls[1]!, gain: -6, offset: 0, loop: false, fadeIn: 0.2, fadeOut: 0.5 },
    };
  });
  after(() => urls.forEach((url) => URL.revokeObjectURL(url)));
  beforeEach(() => {
    engine = new AudioEngine({ fetch: (input, init) => fetch(input, init) });
  });
  afterEach(() => {
    sinon.restore();
    engine.dispose();
  });

  describe('five destinations and stems', () => {
    let result: DeliveryResult;
    const steps: DeliverProgress[] = [];
    const added: string[] = [];
    let renders: sinon.SinonSpy;
    before(async function () {
      engine = new AudioEngine({ fetch: (input, init) => fetch(input, init) });
      renders = sinon.spy(engine.renderer, 'render');
      result = await engine.deliver(project, { destinations, campaign, stems: true, onProgress: (p) => steps.push(p), sink: { add: (name) => added.push(name) } });
    });

    it('renders the mix once, the voice once for the stems, and one master per distinct target', () => {
      const specs = renders.getCalls().map((call) => call.args[0] as { mastering?: unknown; music?: unknown; sampleRate: number; channelCount: number });
      expect(specs.filter((spec) => !spec.mastering).length, 'un-mastered renders: the mix and the voice').to.equal(2);
      // podcast, ebu, atsc, and one for streaming and client.
      expect(specs.filter((spec) => spec.mastering).map((spec) => `${spec.sampleRate}/${spec.channelCount}`)).to.deep.equal(['44100/1', '48000/2', '44100/2', '48000/2']);
      expect(result.failures.length).to.equal(0);
      expect(result.files.map((file) => file.fileName)).to.deep.equal(['podcast.mp3', 'ebu.wav', 'atsc.wav', 'streaming.mp3', 'client.mp3']);
      // Added as they finish (two files are written at once).
      expect([...added].sort()).to.deep.equal([...result.stems.map((stem) => stem.fileName), ...result.files.filter((file) => file.pass).map((file) => file.fileName)].sort());
    });

    it('writes each header as its destination asks, exactly the ad\'s length, with the Ad-ID', async () => {
      for (const file of result.files) {
        const bytes = new Uint8Array(await file.bytes.arrayBuffer());
        const { codec, sampleRate, channels } = file.destination;
        if (codec.container === 'wav') {
          expect(wavHeader(bytes), file.fileName).to.deep.equal({ rate: sampleRate, channels, bits: codec.bitDepth, originatorReference: 'ABCD1234000' });
          expect(decodeWav(bytes).channels[0]!.length, file.fileName).to.equal(6 * sampleRate);
        } else {
          const header = mp3Header(bytes);
          expect([header.rate, header.channels, header.kbps], file.fileName).to.deep.equal([sampleRate, channels, codec.bitrateKbps]);
          expect(header.txxx, file.fileName).to.include('AD-ID\0ABCD1234000');
          expect(header.txxx, file.fileName).to.include('ISCI\0ABCD1234');
        }
        const decoded = await decodeFile(file.bytes, sampleRate);
        expect(decoded.length, file.fileName).to.equal(channels);
        expect(decoded[0]!.length, `${file.fileName} to the sample`).to.equal(6 * sampleRate);
      }
    });

    it('reports figures that equal a fresh measurement of the file', async () => {
      for (const file of [...result.files, ...result.stems]) {
        const name = file.fileName;
        const rate = file.figures.sampleRate;
        const fresh = measureAudio(await decodeFile(file.bytes, rate), rate).figures;
        const { bytes, sha256, bitDepth, bitrateKbps, ...figures } = file.figures;
        if (browserEngine === 'chromium') expect(JSON.stringify(figures), name).to.equal(JSON.stringify(fresh));
        // Firefox and WebKit scale 16-bit codes by 1/32768 where Chromium (and the figures) take 1/32767 for the
        // positive ones: 0.0003 dB at most.
        else expect(differences(figures, fresh, 1e-3), name).to.deep.equal([]);
        expect(bytes, name).to.equal(file.bytes.size);
        expect(sha256, name).to.equal(await sha256Hex(new Uint8Array(await file.bytes.arrayBuffer())));
        expect(bitDepth ?? bitrateKbps, name).to.be.a('number');
      }
    });

    it('meets each loudness target and ceiling on the file as written, the mono downmix too', () => {
      for (const file of result.files) {
        const rules = Object.fromEntries(file.rules.map((rule) => [rule.rule, rule.pass]));
        expect(rules, file.fileName).to.include({ loudness: true, truePeak: true, length: true, speech: true });
        expect(Math.abs(file.figures.integrated - file.destination.loudness), file.fileName).to.be.below(file.destination.tolerance);
      }
      expect(result.files[0]!.figures.channels).to.equal(1);
    });

    it('delivers the stems: WAV 48 kHz 24-bit, the ad\'s length, the voice alone and the music alone', async () => {
      expect(result.stems.map((stem) => stem.fileName)).to.deep.equal(['Acme_Spring-Sale_6s_ABCD1234000_voice.wav', 'Acme_Spring-Sale_6s_ABCD1234000_music.wav']);
      const [voice, bed] = await Promise.all(result.stems.map(async (stem) => decodeWav(new Uint8Array(await stem.bytes.arrayBuffer()))));
      for (const stem of [voice!, bed!]) {
        expect([stem.sampleRate, stem.bitDepth, stem.channels.length, stem.channels[0]!.length]).to.deep.equal([48000, 24, 2, 6 * 48000]);
      }
      // The voice starts at 1 s: nothing before it in the voice stem; the bed plays from the start.
      expect(Math.max(...voice!.channels[0]!.subarray(0, 47000).map(Math.abs))).to.equal(0);
      expect(Math.max(...bed!.channels[0]!.subarray(24000, 47000).map(Math.abs))).to.be.above(0.01);
      expect(Math.max(...voice!.channels[0]!.subarray(48000 * 2, 48000 * 3).map(Math.abs))).to.be.above(0.01);
    });

    it('tells each file\'s stages in order', () => {
      const stages = (file: DeliverProgress['file']) => steps.filter((step) => step.file === file).map((step) => step.stage);
      expect(stages(0)).to.deep.equal(['render', 'master', 'encode', 'measure', ...(result.files[0]!.packed ? ['pack'] : []), 'done']);
      expect(stages('voice')).to.deep.equal(['render', 'encode', 'measure', 'pack', 'done']);
    });
  });

  it('names the file whose encoder failed and delivers the others', async () => {
    const deps = engineDeliverDeps(engine);
    const openWork = deps.openWork!;
    const result = await deliver(
      {
        ...deps,
        openWork: async (signal) => {
          const work = await openWork(signal);
          return { ...work, encode: (channels, rate, kbps) => (kbps === 128 ? Promise.reject(new Error('LAME ran out of memory')) : work.encode(channels, rate, kbps)) };
        },
      },
      project,
      { destinations: destinations.slice(0, 3), campaign },
    );
    expect(result.failures.map((failure) => [failure.file, failure.fileName, failure.error.code])).to.deep.equal([[0, 'podcast.mp3', 'deliver-file']]);
    expect(result.failures[0]!.error.message).to.contain('podcast.mp3').and.contain('LAME ran out of memory');
    expect(result.files.map((file) => file.fileName)).to.deep.equal(['ebu.wav', 'atsc.wav']);
  });

  describe('an MP3 over its ceiling', () => {
    /** Delivers the podcast with an encoder that adds a burst at -0.2 dBFS to its first `spiked` encodes. */
    async function spikedDelivery(spiked: number) {
      const renders = sinon.spy(engine.renderer, 'render');
      const deps = engineDeliverDeps(engine);
      const openWork = deps.openWork!;
      const measured: number[] = [];
      let encodes = 0;
      const steps: DeliverProgress[] = [];
      const result = await deliver(
        {
          ...deps,
          openWork: async (signal) => {
            const work = await openWork(signal);
            return {
              ...work,
              encode: (channels, rate, kbps) => {
                if (encodes++ < spiked) for (let i = 0; i < 0.02 * rate; i++) channels[0]![rate + i] = 0.977 * Math.sin((2 * Math.PI * 1000 * i) / rate);
                return work.encode(channels, rate, kbps);
              },
              figures: async (channels, rate) => {
                const figures = await work.figures(channels, rate);
                measured.push(figures.figures.truePeak);
                return figures;
              },
            };
          },
        },
        project,
        { destinations: destinations.slice(0, 1), campaign, onProgress: (p) => steps.push(p) },
      );
      const ceilings = renders
        .getCalls()
        .map((call) => (call.args[0] as { mastering?: { truePeak?: number } }).mastering?.truePeak)
        .filter((ceiling): ceiling is number => ceiling !== undefined);
      return { result, measured, ceilings, encodes, stages: steps.map((step) => step.stage) };
    }

    it('is mastered again on its own, under its ceiling by the overshoot and a margin, and encoded again', async () => {
      const { result, measured, ceilings, encodes, stages } = await spikedDelivery(1);
      const file = result.files[0]!;
      expect(measured[0], 'the spiked file is over -1 dBTP').to.be.above(-1);
      expect(encodes).to.equal(2);
      expect(ceilings.length, 'the shared master, then this file\'s own').to.equal(2);
      expect(ceilings[0]).to.equal(-2);
      expect(ceilings[1]).to.be.closeTo(-2 - (measured[0]! + 1) - 0.3, 1e-9);
      expect(stages).to.deep.equal(['render', 'master', 'encode', 'measure', 'master', 'encode', 'measure', 'done']);
      expect(file.figures.truePeak, 'the file delivered is the last one').to.equal(measured[1]);
      expect(file.pass).to.equal(true);
      expect(Math.abs(file.figures.integrated - -16), 'loudness after the lower ceiling').to.be.below(file.destination.tolerance);
    });

    it('fails its true-peak rule, with its figure and fix, when still over after two more masters', async () => {
      const { result, measured, ceilings, encodes } = await spikedDelivery(Infinity);
      const file = result.files[0]!;
      expect(encodes).to.equal(3);
      expect(ceilings.length).to.equal(3);
      expect(ceilings[2]!).to.be.below(ceilings[1]!);
      const rule = file.rules.find((r) => r.rule === 'truePeak')!;
      expect(rule.pass).to.equal(false);
      expect(rule.measured).to.equal(measured[2]);
      expect(rule.fix).to.contain('true-peak ceiling');
      expect(file.pass).to.equal(false);
    });
  });

  it('stops everything on abort and leaves nothing', async () => {
    const controller = new AbortController();
    const added: string[] = [];
    const terminate = sinon.spy(Worker.prototype, 'terminate');
    const delivery = engine.deliver(project, {
      destinations,
      campaign,
      signal: controller.signal,
      sink: { add: (name) => added.push(name) },
      onProgress: (p) => {
        if (p.stage === 'encode') controller.abort(new DOMException('cancelled', 'AbortError'));
      },
    });
    let error: unknown;
    await delivery.then(() => undefined, (e: unknown) => (error = e));
    expect((error as Error | undefined)?.name).to.equal('AbortError');
    expect(added).to.deep.equal([]);
    // The MP3 worker (the delivery's encoder) is stopped.
    await waitUntil(() => terminate.called, 'the MP3 worker stopped');
  });
});
