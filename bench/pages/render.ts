// Full render of a 30 s stereo 48 kHz ad (voice clips + looped music bed + ducking + mastering):
// ours (renderMix) against the same mix in Tone.js Offline (gain automation for the ducking, a Gain to
// the loudness our master found, and Tone.Limiter at -1 dB, which is a compressor, not a true-peak limiter).
import * as Tone from 'tone';
import { dbToGain, decodeWav, master, measureLoudness, renderMix, resample, truePeak, type MixSpec } from '../../src/audio/index.js';
import { music, syntheticSpeech } from '../../test/audio/signals.js';
import { compare, contender, loadSpeech, measure, publish } from './harness.js';

publish(async () => {
  const sr = 48000;
  const bed = music(24, sr);
  const { samples: speech, origin } = await loadSpeech(decodeWav, (x, from) => resample(x, from, sr), () => syntheticSpeech(8, sr));
  const starts = [1, 10.5, 20];
  const spec: MixSpec = {
    length: 30,
    sampleRate: sr,
    channelCount: 2,
    voice: starts.map((start) => ({ source: { channels: [speech], sampleRate: sr }, start, fadeIn: 0.01, fadeOut: 0.05 })),
    music: { source: { channels: bed, sampleRate: sr }, gainDb: -4, loop: true, loopCrossfade: 0.05, fadeIn: 1, fadeOut: 2 },
    ducking: { depthDb: 12, attackMs: 250, releaseMs: 600 },
    mastering: { preset: 'streaming' },
  };
  const fmt = (v: number): string => v.toFixed(2);
  const coldStart = performance.now();
  const reference = renderMix(spec);
  const oursCold = performance.now() - coldStart;
  const ours = contender(
    'service-studio-editor/audio renderMix (mix + ducking + mastering to -14 LUFS / -1 dBTP)',
    () => renderMix(spec),
    (r) => `I ${fmt(r.mastering!.measurement.integrated)} LUFS, true peak ${fmt(r.mastering!.measurement.truePeak)} dBTP, ${r.mastering!.passes} pass(es), compliant: ${r.mastering!.compliance.pass}`,
  );
  // The editor's re-render after an edit: it hands the previous preview's arrays back (Renderer.recycle),
  // and the render writes into them instead of new memory.
  let previous: Float32Array[] | undefined;
  const oursReusing = contender(
    "service-studio-editor/audio renderMix into the previous render's arrays (the editor re-rendering after an edit)",
    () => {
      const result = renderMix(spec, { into: previous });
      previous = result.channels;
      return result;
    },
    (r) => `I ${fmt(r.mastering!.measurement.integrated)} LUFS, true peak ${fmt(r.mastering!.measurement.truePeak)} dBTP`,
  );
  const masterGain = dbToGain(reference.mastering!.gainDb);
  const spans = reference.voiceSpans.map((s) => ({ start: s.start / sr, end: s.end / sr }));
  const tone = contender(
    'Tone.js 15.1.22 Offline (same mix; gain + Tone.Limiter instead of true-peak mastering)',
    () =>
      Tone.Offline(
        () => {
          const limiter = new Tone.Limiter(-1).toDestination();
          const out = new Tone.Gain(masterGain).connect(limiter);
          const duck = new Tone.Gain(dbToGain(-4)).connect(out);
          const depth = dbToGain(-4 - 12);
          for (const span of spans) {
            duck.gain.setValueAtTime(dbToGain(-4), Math.max(0, span.start - 0.25));
            duck.gain.linearRampToValueAtTime(depth, span.start);
            duck.gain.setValueAtTime(depth, span.end);
            duck.gain.linearRampToValueAtTime(dbToGain(-4), span.end + 0.6);
          }
          const bedPlayer = new Tone.Player(new Tone.ToneAudioBuffer().fromArray(bed)).connect(duck);
          bedPlayer.loop = true;
          bedPlayer.fadeIn = 1;
          bedPlayer.fadeOut = 2;
          bedPlayer.start(0).stop(30);
          const voice = new Tone.ToneAudioBuffer().fromArray(speech);
          for (const start of starts) {
            const player = new Tone.Player(voice).connect(out);
            player.fadeIn = 0.01;
            player.fadeOut = 0.05;
            player.start(start);
          }
        },
        30,
        2,
        sr,
      ),
    (buffer) => {
      const m = measureLoudness([buffer.getChannelData(0), buffer.getChannelData(1)], sr);
      return `I ${fmt(m.integrated)} LUFS, true peak ${fmt(m.truePeak)} dBTP (measured with our meter)`;
    },
  );
  // Interleaved, and warmed up until V8 has optimised the render's loops (about the sixth render here):
  // the figures are the editor's steady state, re-rendering after each edit; the cold first render is noted.
  const { rows: [oursRow, reusingRow, toneRow], firstMs: [, , toneCold] } = await compare([ours, oursReusing, tone], 15, 8);
  // Where the time goes: the mix alone, mastering alone, one true-peak scan, one loudness measurement.
  const raw = renderMix({ ...spec, mastering: null });
  const stages = [
    await measure('  stage: mix + ducking (renderMix without mastering)', () => renderMix({ ...spec, mastering: null }), () => '', 7, 8),
    await measure('  stage: master() of that mix', () => master(raw.channels, sr, 'streaming'), (m) => `${m.passes} pass(es)`, 7, 8),
    await measure('  stage: one measureLoudness of 30 s', () => measureLoudness(raw.channels, sr), () => '', 7, 8),
    await measure('  stage: one truePeak scan of 30 s', () => truePeak(raw.channels, sr), () => '', 7, 8),
  ];
  // Calibration: one multiply-add pass over the 30 s stereo buffer, the unit the render is made of.
  const a = reference.channels.map((c) => c.slice());
  const calibration = await measure(
    'calibration: one multiply-add pass over 30 s of stereo (2 x 1.44 M samples)',
    () => {
      for (const channel of a) for (let i = 0; i < channel.length; i++) channel[i]! += channel[i]! * 1e-9;
      return a;
    },
    () => "the machine's speed for the simplest full pass",
  );
  return {
    title: 'Full render of a 30 s stereo 48 kHz ad (3 voice clips, looped bed, ducking, mastering)',
    rows: [oursRow!, reusingRow!, toneRow!, ...stages, calibration],
    notes: [
      `voice: ${origin}`,
      `ours: ${(30000 / oursRow!.medianMs).toFixed(0)}x real time (goal: under 100 ms, 300x); Tone.js: ${(30000 / toneRow!.medianMs).toFixed(0)}x real time; ours / Tone.js: ${(oursRow!.medianMs / toneRow!.medianMs).toFixed(2)}; ours / calibration pass: ${(oursRow!.medianMs / calibration.medianMs).toFixed(1)}`,
      `re-render into the previous arrays: ${(30000 / reusingRow!.medianMs).toFixed(0)}x real time; ours / Tone.js: ${(reusingRow!.medianMs / toneRow!.medianMs).toFixed(2)}`,
      `first (cold) render: ours ${oursCold.toFixed(0)} ms, Tone.js ${toneCold!.toFixed(0)} ms`,
    ],
  };
});
