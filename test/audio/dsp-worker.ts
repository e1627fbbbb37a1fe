// A module worker running the audio DSP: proves `service-studio-editor/audio` needs no DOM.
import { renderMix } from '../../src/audio/index.js';
import { music, syntheticSpeech } from './signals.js';

self.onmessage = (event: MessageEvent<{ seconds: number }>) => {
  const sr = 48000;
  const { seconds } = event.data;
  const bed = music(seconds, sr);
  const speech = syntheticSpeech(seconds - 1, sr);
  const result = renderMix({
    length: seconds,
    sampleRate: sr,
    channelCount: 2,
    voice: [{ source: { channels: [speech], sampleRate: sr }, start: 0.5 }],
    music: { source: { channels: bed, sampleRate: sr }, gainDb: -6 },
    ducking: { depthDb: 10, attackMs: 200, releaseMs: 400 },
    mastering: { preset: 'podcast' },
  });
  const m = result.mastering!;
  self.postMessage({ integrated: m.measurement.integrated, truePeak: m.measurement.truePeak, pass: m.compliance.pass, length: result.channels[0]!.length });
};
