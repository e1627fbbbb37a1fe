import { expect } from '@open-wc/testing';
import { DELIVERY_PRESETS, decodeWav, measureLoudness, type MixSpec } from '../../src/audio/index.js';
import { exportFileName, exportMix } from '../../src/audio/export.js';
import { Renderer } from '../../src/audio/renderer.js';
import { engine, skipIn } from '../support/engine.js';
import { music, syntheticSpeech } from './signals.js';

const spec = (sampleRate: number, preset: 'streaming' | 'ebu-r128' = 'streaming'): MixSpec => {
  const sr = 48000;
  return {
    length: 8,
    sampleRate,
    channelCount: 2,
    voice: [{ source: { channels: [syntheticSpeech(5, sr)], sampleRate: sr }, start: 1, fadeIn: 0.01, fadeOut: 0.05 }],
    music: { source: { channels: music(8, sr), sampleRate: sr }, gainDb: -6 },
    ducking: { depthDb: 10, attackMs: 200, releaseMs: 400 },
    mastering: { preset },
  };
};

async function decode(blob: Blob, sampleRate: number): Promise<AudioBuffer> {
  const context = new OfflineAudioContext(2, 1, sampleRate);
  return context.decodeAudioData(await blob.arrayBuffer());
}

const channelsOf = (buffer: AudioBuffer): Float32Array[] => Array.from({ length: buffer.numberOfChannels }, (_, c) => buffer.getChannelData(c));

describe('exportMix', () => {
  for (const [format, sampleRate, preset] of [
    ['wav16', 44100, 'streaming'],
    ['wav24', 48000, 'ebu-r128'],
    ['wav24', 44100, 'streaming'],
  ] as const) {
    it(`${format} at ${sampleRate} Hz decodes in the browser and measures within the ${preset} preset`, async function () {
      if (format === 'wav16') skipIn(this, 'gst-wav');
      const exported = await exportMix(spec(sampleRate, preset), { format, title: 'Spring Sale!' });
      expect(exported.blob.type).to.equal('audio/wav');
      expect(exported.fileName).to.equal('spring-sale.wav');
      expect(exported.compliance!.pass).to.equal(true);
      const buffer = await decode(exported.blob, sampleRate);
      expect(buffer.sampleRate).to.equal(sampleRate);
      expect(buffer.length).to.equal(8 * sampleRate);
      const m = measureLoudness(channelsOf(buffer), sampleRate);
      const p = DELIVERY_PRESETS[preset];
      expect(Math.abs(m.integrated - p.integrated)).to.be.at.most(p.tolerance);
      expect(m.truePeak).to.be.at.most(p.truePeak);
      // The reported figures are the file's: Chromium's samples and ours are the same. Firefox scales positive
      // 16-bit codes by 1/32768, not 1/32767: its samples are a few parts in 10^5 apart, a 10^-8 LU difference.
      const scaledOtherwise = engine === 'firefox' && format === 'wav16';
      const off = scaledOtherwise ? 1e-6 : 0;
      expect(Math.abs(m.integrated - exported.measurement.integrated)).to.be.below(1e-9 + off);
      expect(Math.abs(exported.measurement.truePeak - m.truePeak)).to.be.at.most(off);
      expect(exported.measuredFrom).to.equal(undefined);
      // Our own decoder reads past the metadata chunks to the same samples.
      const ours = decodeWav(new Uint8Array(await exported.blob.arrayBuffer()));
      expect(ours.channels[0]!.length).to.equal(8 * sampleRate);
      expect(Math.abs(ours.channels[1]![sampleRate]! - buffer.getChannelData(1)[sampleRate]!)).to.be.at.most(scaledOtherwise ? 2 ** -15 : 0);
    });
  }

  it('mp3 decodes in Chromium to the ad length at about the same loudness', async () => {
    const renderer = new Renderer();
    try {
      const exported = await exportMix(spec(48000), { format: 'mp3', title: 'Ad', render: (s, o) => renderer.render(s, o) });
      expect(exported.blob.type).to.equal('audio/mpeg');
      expect(exported.fileName).to.equal('ad.mp3');
      expect(exported.blob.size).to.be.above(150_000); // 8 s at 192 kbps is about 192 KB
      const buffer = await decode(exported.blob, 48000);
      // Chromium reads the LAME tag's delay and padding: exactly the ad's samples.
      expect(buffer.length).to.equal(8 * 48000);
      const m = measureLoudness(channelsOf(buffer), 48000);
      expect(Math.abs(m.integrated + 14)).to.be.below(1);
      // The reported figures are the decoded file's (ID3 tag and all), not the master's.
      expect(exported.measuredFrom).to.equal(undefined);
      expect(Math.abs(exported.measurement.integrated - m.integrated)).to.be.below(1e-9);
      expect(exported.measurement.truePeak).to.equal(m.truePeak);
    } finally {
      renderer.dispose();
    }
  });

  it('rejects an unknown format and stops on abort', async () => {
    let code = '';
    await exportMix(spec(48000), { format: 'flac' as 'mp3' }).catch((e: { code: string }) => (code = e.code));
    expect(code).to.equal('audio-input');
    const controller = new AbortController();
    controller.abort();
    let name = '';
    await exportMix(spec(48000), { format: 'wav16', signal: controller.signal }).catch((e: Error) => (name = e.name));
    expect(name).to.equal('AbortError');
  });

  it('makes file names from titles', () => {
    expect(exportFileName('Café  Promo / Summer', 'mp3')).to.equal('cafe-promo-summer.mp3');
    expect(exportFileName('', 'wav16')).to.equal('ad.wav');
    expect(exportFileName(undefined, 'wav24')).to.equal('ad.wav');
  });
});
