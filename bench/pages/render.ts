// Full render of a 30 s stereo 48 kHz ad (voice clips + looped music bed + ducking + mastering), on three
// contents: ours (renderMix with mastering) against the same mix rendered by Chromium's native
// OfflineAudioContext with no mastering at all ("mix alone": sources, gain ramps for the fades, gain
// automation for the ducking). The goal: the full render within 3x the native mix alone, on
// every content, in the same run. Rows interleave ours and the native render (see `compare`).
import { decodeWav, dbToGain, master, measureLoudness, renderMix, resample, truePeak, type MixSpec } from '../../src/audio/index.js';
import { denseMusic, music, syntheticSpeech } from '../../test/audio/signals.js';
import { compare, contender, loadSpeech, measure, publish, type Row } from './harness.js';

/** The goal: our full render at most this many times the native mix alone. */
const GOAL = 3;
const SR = 48000;
const STARTS = [1, 10.5, 20];
const BED_DB = -4;
const DEPTH_DB = 12;

function specOf(speech: Float32Array, bed: Float32Array[]): MixSpec {
  return {
    length: 30,
    sampleRate: SR,
    channelCount: 2,
    voice: STARTS.map((start) => ({ source: { channels: [speech], sampleRate: SR }, start, fadeIn: 0.01, fadeOut: 0.05 })),
    music: { source: { channels: bed, sampleRate: SR }, gainDb: BED_DB, loop: true, loopCrossfade: 0.05, fadeIn: 1, fadeOut: 2 },
    ducking: { depthDb: DEPTH_DB, attackMs: 250, releaseMs: 600 },
    mastering: { preset: 'streaming' },
  };
}

function audioBuffer(channels: readonly Float32Array[]): AudioBuffer {
  const buffer = new AudioBuffer({ length: channels[0]!.length, numberOfChannels: channels.length, sampleRate: SR });
  channels.forEach((channel, c) => buffer.copyToChannel(channel as Float32Array<ArrayBuffer>, c));
  return buffer;
}

/**
 * The same mix in an OfflineAudioContext: the looped bed through a fade gain and a ducking gain (ramps
 * down over the attack before each voice span, back up over the release after it), each voice clip through
 * its fade gain. The source buffers are made once, outside the timing, as ours receives ready arrays.
 */
function nativeMix(speech: AudioBuffer, bed: AudioBuffer, spans: readonly { start: number; end: number }[]): Promise<AudioBuffer> {
  const context = new OfflineAudioContext(2, 30 * SR, SR);
  const level = dbToGain(BED_DB);
  const depth = dbToGain(BED_DB - DEPTH_DB);
  const duck = new GainNode(context, { gain: level });
  duck.connect(context.destination);
  for (const span of spans) {
    duck.gain.setValueAtTime(level, Math.max(0, span.start - 0.25));
    duck.gain.linearRampToValueAtTime(depth, span.start);
    duck.gain.setValueAtTime(depth, span.end);
    duck.gain.linearRampToValueAtTime(level, span.end + 0.6);
  }
  const fade = new GainNode(context, { gain: 0 });
  fade.gain.linearRampToValueAtTime(1, 1);
  fade.gain.setValueAtTime(1, 28);
  fade.gain.linearRampToValueAtTime(0, 30);
  fade.connect(duck);
  const bedSource = new AudioBufferSourceNode(context, { buffer: bed, loop: true });
  bedSource.connect(fade);
  bedSource.start(0);
  for (const start of STARTS) {
    const gain = new GainNode(context, { gain: 0 });
    const end = start + speech.duration;
    gain.gain.setValueAtTime(0, start);
    gain.gain.linearRampToValueAtTime(1, start + 0.01);
    gain.gain.setValueAtTime(1, end - 0.05);
    gain.gain.linearRampToValueAtTime(0, end);
    gain.connect(context.destination);
    const source = new AudioBufferSourceNode(context, { buffer: speech });
    source.connect(gain);
    source.start(start);
  }
  return context.startRendering();
}

const fmt = (v: number): string => v.toFixed(2);

publish(async () => {
  const { samples: espeak, origin } = await loadSpeech(decodeWav, (x, from) => resample(x, from, SR), () => syntheticSpeech(8, SR));
  const formant = syntheticSpeech(8, SR);
  const contents: { name: string; speech: Float32Array; bed: Float32Array[] }[] = [
    { name: 'speech + music (synthetic formant speech, stand-in music)', speech: formant, bed: music(24, SR) },
    { name: 'dense music (saturated full-band bed peaking at -0.2 dBFS) + speech', speech: espeak, bed: denseMusic(24, SR) },
    { name: `the spec's own clips (${origin} + music)`, speech: espeak, bed: music(24, SR) },
  ];
  const rows: Row[] = [];
  const notes: string[] = [];
  for (const { name, speech, bed } of contents) {
    const spec = specOf(speech, bed);
    const reference = renderMix(spec);
    const spans = reference.voiceSpans.map((s) => ({ start: s.start / SR, end: s.end / SR }));
    const speechBuffer = audioBuffer([speech]);
    const bedBuffer = audioBuffer(bed);
    const figures = (r: ReturnType<typeof renderMix>): string => {
      const m = r.mastering!;
      return `I ${fmt(m.measurement.integrated)} LUFS, true peak ${fmt(m.measurement.truePeak)} dBTP, limiter ${fmt(m.limiterReductionDb)} dB, ${m.passes} pass(es), compliant: ${m.compliance.pass}`;
    };
    // The editor's preview renders into the previous preview's arrays once its player copied them (see
    // `into` in docs/audio.md; ads up to about 3 minutes): no fresh memory to fault in.
    const recycled = reference.channels.map((channel) => new Float32Array(channel.length));
    const { rows: [ours, native, oursInto] } = await compare(
      [
        contender(`[${name}] ours: renderMix (mix + ducking + mastering to -14 LUFS / -1 dBTP), into new arrays`, () => renderMix(spec), figures),
        contender(`[${name}] native OfflineAudioContext, the mix alone (no mastering)`, () => nativeMix(speechBuffer, bedBuffer, spans), (buffer) => {
          const m = measureLoudness([buffer.getChannelData(0), buffer.getChannelData(1)], SR);
          return `I ${fmt(m.integrated)} LUFS, true peak ${fmt(m.truePeak)} dBTP (unmastered, our meter)`;
        }),
        contender(`[${name}] ours, as the editor's preview renders: into the previous result's arrays`, () => renderMix(spec, { into: recycled }), figures),
      ],
      11,
      6,
    );
    // Where our time goes: the mix alone, mastering alone, one true-peak scan of the master.
    const raw = renderMix({ ...spec, mastering: null });
    const stages = [
      await measure(`  [${name}] stage: mix + ducking (renderMix without mastering)`, () => renderMix({ ...spec, mastering: null }), () => '', 5, 4),
      await measure(`  [${name}] stage: master() of that mix`, () => master(raw.channels, SR, 'streaming'), (m) => `${m.passes} pass(es)`, 5, 4),
      await measure(`  [${name}] stage: one truePeak scan of the mastered 30 s`, () => truePeak(reference.channels, SR), () => '', 5, 4),
    ];
    rows.push(ours!, native!, oursInto!, ...stages);
    notes.push(
      `[${name}] ours / native mix alone: ${(ours!.medianMs / native!.medianMs).toFixed(2)}x into new arrays, ${(oursInto!.medianMs / native!.medianMs).toFixed(2)}x into the previous result's (goal: at most ${GOAL}x); mastering ${((100 * stages[1]!.medianMs) / ours!.medianMs).toFixed(0)}% of ours`,
    );
  }
  return { title: 'Full render of a 30 s stereo 48 kHz ad (3 voice clips, looped bed, ducking, mastering), three contents', rows, notes };
});
