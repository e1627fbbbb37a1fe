import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { mix } from '../../demo/server/emulator/mixing.js';
import { MUSIC_SAMPLE_RATE, TRACKS, renderPreview, renderTrack } from '../../demo/server/emulator/music.js';
import { SPEECH_SAMPLE_RATE, synthesize } from '../../demo/server/emulator/speech.js';
import { VOICES, countWords, voiceSample } from '../../demo/server/emulator/voices.js';
import { decodeWav, encodeWav, type PcmAudio } from '../../demo/server/emulator/wav.js';

const rms = (samples: Float32Array, from = 0, to = samples.length) => {
  let sum = 0;
  for (let i = from; i < to; i++) sum += samples[i]! ** 2;
  return Math.sqrt(sum / Math.max(1, to - from));
};

describe('emulator audio: WAV', () => {
  it('round-trips 16-bit PCM, stereo and mono', () => {
    const audio: PcmAudio = { sampleRate: 48_000, channels: [Float32Array.from([0, 0.5, -0.5, 1]), Float32Array.from([-1, 0.25, 0, 0])] };
    const wav = encodeWav(audio);
    assert.equal(wav.length, 44 + 4 * 2 * 2);
    assert.equal(wav.toString('ascii', 0, 4), 'RIFF');
    const back = decodeWav(wav);
    assert.equal(back.sampleRate, 48_000);
    assert.equal(back.channels.length, 2);
    back.channels.forEach((channel, c) => channel.forEach((x, i) => assert.ok(Math.abs(x - audio.channels[c]![i]!) < 1e-4)));
  });

  it('refuses what is not a 16-bit PCM WAV', () => {
    assert.throws(() => decodeWav(Buffer.from('not a wav file at all, long enough to have a header...')), /16-bit PCM WAV/);
  });
});

describe('emulator audio: speech (eSpeak NG)', () => {
  it('speaks at 22,050 Hz mono, longer for longer text and slower speed', async () => {
    const short = await synthesize('Hello.', 'gmw/en-US');
    const long = await synthesize('Hello, and welcome to the longest sentence of this small test.', 'gmw/en-US');
    const slow = await synthesize('Hello, and welcome to the longest sentence of this small test.', 'gmw/en-US', 0.6);
    assert.equal(short.audio.sampleRate, SPEECH_SAMPLE_RATE);
    assert.equal(short.audio.channels.length, 1);
    assert.ok(long.audio.channels[0]!.length > short.audio.channels[0]!.length * 2);
    assert.ok(slow.audio.channels[0]!.length > long.audio.channels[0]!.length * 1.3);
    assert.ok(rms(long.audio.channels[0]!) > 0.02, 'speech, not silence');
    assert.ok(long.words >= 10);
  });

  it('voices differ: a female variant is not the male voice', async () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    const male = await synthesize(text, 'gmw/en-US+m3');
    const female = await synthesize(text, 'gmw/en-US+f3');
    assert.notDeepEqual(male.audio.channels[0], female.audio.channels[0]);
  });

  it('hands out a take asked for again from the takes it kept, a copy of its own each time', async () => {
    const text = 'Kept takes: the same words, voice and speed are not spoken twice.';
    const first = await synthesize(text, 'gmw/en-US+f3', 1.1);
    const again = await synthesize(text, 'gmw/en-US+f3', 1.1);
    // eSpeak's own takes of the same words differ by a few samples (their phase): these are one take.
    assert.deepEqual(again.audio.channels[0], first.audio.channels[0]);
    assert.deepEqual(again.timings, first.timings);
    assert.notEqual(again.audio.channels[0], first.audio.channels[0], 'a copy, not the kept array');
    again.audio.channels[0]!.fill(0);
    again.timings[0]!.start = 99;
    const third = await synthesize(text, 'gmw/en-US+f3', 1.1);
    assert.deepEqual(third.audio.channels[0], first.audio.channels[0], 'a caller that changes its copy changes nothing kept');
    assert.deepEqual(third.timings, first.timings);
    const slower = await synthesize(text, 'gmw/en-US+f3', 0.9);
    assert.ok(slower.audio.channels[0]!.length > first.audio.channels[0]!.length, 'another speed is another take');
  });

  it('rejects an unknown eSpeak voice, and keeps working after', async () => {
    await assert.rejects(synthesize('Hi', 'xx/nope'), /no voice/);
    assert.ok((await synthesize('Hi', 'gmw/en')).audio.channels[0]!.length > 0);
  });

  it('measures every library voice at a plausible rate', async () => {
    for (const voice of VOICES) {
      const { wordsPerMinute, audio } = await voiceSample(voice);
      assert.ok(wordsPerMinute > 100 && wordsPerMinute < 300, `${voice.details.voice_id}: ${wordsPerMinute}`);
      assert.equal(wordsPerMinute, Math.round((countWords(voice.sampleText) / (audio.channels[0]!.length / audio.sampleRate)) * 60));
    }
  });
});

describe('emulator audio: music beds', () => {
  it('renders each track as 44.1 kHz stereo of its stated duration, with sound in it', () => {
    for (const track of TRACKS) {
      const audio = renderTrack(track);
      assert.equal(audio.sampleRate, MUSIC_SAMPLE_RATE);
      assert.equal(audio.channels.length, 2);
      assert.ok(Math.abs(audio.channels[0]!.length / MUSIC_SAMPLE_RATE - track.details.duration_s!) < 0.001);
      assert.ok(rms(audio.channels[0]!) > 0.01, track.details.track_id);
      assert.ok(audio.channels.every((channel) => channel.every((x) => Math.abs(x) < 1)), 'no clipping');
    }
  });

  it('loops without a click: the end fades to the level the start begins at', () => {
    for (const track of TRACKS) {
      const [left] = renderTrack(track).channels;
      const edge = Math.round(0.002 * MUSIC_SAMPLE_RATE);
      const jump = Math.abs(left![left!.length - 1]! - left![0]!);
      assert.ok(jump < 0.05, `${track.details.track_id}: jump ${jump}`);
      assert.ok(rms(left!, left!.length - edge) < 0.05, `${track.details.track_id}: every note has ended`);
    }
  });

  it('is the same on every render, and the preview is a faded start of it', () => {
    const track = TRACKS[0]!;
    const full = renderTrack(track);
    const preview = renderPreview(track, 3);
    assert.equal(preview.channels[0]!.length, 3 * MUSIC_SAMPLE_RATE);
    assert.equal(preview.channels[0]![1000], full.channels[0]![1000]);
    assert.ok(Math.abs(preview.channels[0]![preview.channels[0]!.length - 1]!) < 1e-9);
  });
});

describe('emulator audio: mix', () => {
  const tone = (seconds: number, rate: number): PcmAudio => ({
    sampleRate: rate,
    channels: [Float32Array.from({ length: seconds * rate }, (_, i) => 0.5 * Math.sin((2 * Math.PI * 220 * i) / rate))],
  });

  it('places voice at its start time and ducks the music under it', () => {
    const music = { audio: renderTrack(TRACKS[1]!), gainDb: -6, fadeInS: 0, fadeOutS: 0 };
    const voice = tone(1, 22_050);
    const voices = [{ audio: voice, startS: 2, gainDb: -6 }];
    const voiceOnly = mix({ duration: 4, voices });
    // The music part of a mix: the mix less the voice alone.
    const musicOf = (audio: PcmAudio): PcmAudio => ({ sampleRate: 44_100, channels: [audio.channels[0]!.map((x, i) => x - voiceOnly.channels[0]![i]!)] });
    const ducked = musicOf(mix({ duration: 4, voices, music, ducking: { depthDb: 20, attackMs: 5, releaseMs: 5 } }));
    const plain = musicOf(mix({ duration: 4, voices, music }));
    assert.equal(voiceOnly.sampleRate, 44_100);
    assert.equal(voiceOnly.channels[0]!.length, 4 * 44_100);
    assert.ok(rms(voiceOnly.channels[0]!, 2.1 * 44_100, 2.5 * 44_100) > 0.1, 'the voice starts at 2 s');
    assert.ok(rms(voiceOnly.channels[0]!, 0, 1.9 * 44_100) === 0, 'and not before');
    const window = (audio: PcmAudio, from: number) => rms(audio.channels[0]!, Math.round(from * 44_100), Math.round((from + 0.5) * 44_100));
    assert.ok(window(ducked, 2.2) < window(plain, 2.2) * 0.3, 'music is lower under the voice');
    assert.ok(Math.abs(window(ducked, 1) - window(plain, 1)) < 1e-6, 'and untouched before it');
  });

  it('masters to a sample-peak ceiling', () => {
    const out = mix({ duration: 2, voices: [{ audio: tone(2, 44_100), startS: 0, gainDb: 12 }], mastering: { targetLufs: -5, truePeakDbtp: -3 } });
    const peak = out.channels[0]!.reduce((m, x) => Math.max(m, Math.abs(x)), 0);
    assert.ok(peak <= 10 ** (-3 / 20) + 1e-6, String(peak));
  });
});
