// projectMixSpec: a project document and its decoded sources to the DSP's MixSpec.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { missingSources, projectMixSpec } from '../../../src/audio/project-mix.js';
import { createProject, type ProjectDocument, type VoiceClip } from '../../../src/model/document.js';

const sr = 48000;
const source = (seconds: number) => ({ channels: [new Float32Array(Math.round(seconds * sr))], sampleRate: sr });
const voiceA = source(4);
const bedAudio = source(20);
const sources = new Map([
  ['https://cdn.example/a.wav', voiceA],
  ['https://cdn.example/bed.mp3', bedAudio],
]);

const clip = (over: Partial<VoiceClip>): VoiceClip => ({
  id: 'c1',
  sectionId: null,
  assetId: 'a1',
  url: 'https://cdn.example/a.wav',
  start: 1,
  gain: -2,
  trimIn: 0.5,
  trimOut: 1,
  fadeIn: 0.1,
  fadeOut: 0.2,
  source: null,
  ...over,
});

const project = (over: Partial<ProjectDocument>): ProjectDocument => ({
  ...createProject({ projectId: 'p1', title: 'Spring sale', duration: 30, preset: 'ebu-r128' }),
  ...over,
});

const bed = { track: null, assetId: 'm1', url: 'https://cdn.example/bed.mp3', gain: -3, offset: 2, loop: true, fadeIn: 0.5, fadeOut: 1.5 };

describe('projectMixSpec', () => {
  const table: Array<{ name: string; doc: ProjectDocument; check: (spec: ReturnType<typeof projectMixSpec>) => void }> = [
    {
      name: 'the ad length is the project duration, at the delivery rate, stereo',
      doc: project({ duration: 15, delivery: { format: 'wav16', sampleRate: 44100, destinations: [], stems: false } }),
      check: (spec) => {
        assert.equal(spec.length, 15);
        assert.equal(spec.sampleRate, 44100);
        assert.equal(spec.channelCount, 2);
        assert.deepEqual(spec.voice, []);
        assert.equal(spec.music, null);
      },
    },
    {
      name: 'a voice clip keeps start, gain, fades; trimIn is trimStart and trimOut counts from the source end',
      doc: project({ clips: [clip({})] }),
      check: (spec) => {
        assert.equal(spec.voice.length, 1);
        const v = spec.voice[0]!;
        assert.equal(v.source, voiceA);
        assert.equal(v.start, 1);
        assert.equal(v.gainDb, -2);
        assert.equal(v.trimStart, 0.5);
        assert.equal(v.trimEnd, 3);
        assert.equal(v.fadeIn, 0.1);
        assert.equal(v.fadeOut, 0.2);
      },
    },
    {
      name: 'trims longer than the source leave an empty span, never a negative one',
      doc: project({ clips: [clip({ trimIn: 3, trimOut: 3 })] }),
      check: (spec) => {
        assert.equal(spec.voice[0]!.trimStart, 3);
        assert.equal(spec.voice[0]!.trimEnd, 3);
      },
    },
    {
      name: 'bus levels come from the mix settings',
      doc: project({ mix: { voiceLevel: 1.5, musicLevel: -8, duckingDepth: 12, duckingAttackMs: 50, duckingReleaseMs: 300 } }),
      check: (spec) => {
        assert.equal(spec.voiceGainDb, 1.5);
        assert.equal(spec.musicGainDb, -8);
        assert.deepEqual(spec.ducking, { depthDb: 12, attackMs: 50, releaseMs: 300 });
      },
    },
    {
      name: 'ducking depth 0 means no ducking',
      doc: project({ mix: { voiceLevel: 0, musicLevel: -6, duckingDepth: 0, duckingAttackMs: 80, duckingReleaseMs: 400 } }),
      check: (spec) => assert.equal(spec.ducking, null),
    },
    {
      name: 'the music bed keeps gain, offset, loop and fades',
      doc: project({ music: bed }),
      check: (spec) => {
        assert.equal(spec.music!.source, bedAudio);
        assert.equal(spec.music!.gainDb, -3);
        assert.equal(spec.music!.offset, 2);
        assert.equal(spec.music!.loop, true);
        assert.equal(spec.music!.fadeIn, 0.5);
        assert.equal(spec.music!.fadeOut, 1.5);
      },
    },
    {
      name: 'a bed played once is not looped',
      doc: project({ music: { ...bed, loop: false } }),
      check: (spec) => assert.equal(spec.music!.loop, false),
    },
    {
      name: 'a bed without a URL yet is left out',
      doc: project({ music: { ...bed, url: null } }),
      check: (spec) => assert.equal(spec.music, null),
    },
    {
      name: 'mastering takes the preset, target and true peak',
      doc: project({ mastering: { enabled: true, preset: 'custom', target: -18, truePeak: -2 } }),
      check: (spec) => assert.deepEqual(spec.mastering, { preset: 'custom', target: -18, truePeak: -2 }),
    },
    {
      name: 'mastering of a preset keeps its numbers',
      doc: project({}),
      check: (spec) => assert.deepEqual(spec.mastering, { preset: 'ebu-r128', target: -23, truePeak: -1 }),
    },
    {
      name: 'mastering bypassed (enabled false) is left out',
      doc: project({ mastering: { enabled: false, preset: 'podcast', target: -16, truePeak: -1 } }),
      check: (spec) => assert.equal(spec.mastering, null),
    },
    {
      name: 'a muted voice track leaves the clips out (and so the ducking under them), the bed plays',
      doc: project({ clips: [clip({})], music: bed, tracks: { voice: { muted: true, solo: false }, music: { muted: false, solo: false } } }),
      check: (spec) => {
        assert.deepEqual(spec.voice, []);
        assert.notEqual(spec.music, null);
      },
    },
    {
      name: 'a soloed voice track silences the bed; mute wins over solo',
      doc: project({ clips: [clip({})], music: bed, tracks: { voice: { muted: false, solo: true }, music: { muted: false, solo: false } } }),
      check: (spec) => {
        assert.equal(spec.voice.length, 1);
        assert.equal(spec.music, null);
        const both = projectMixSpec(project({ clips: [clip({})], music: bed, tracks: { voice: { muted: true, solo: true }, music: { muted: false, solo: false } } }), sources);
        assert.deepEqual(both.voice, []);
        assert.equal(both.music, null);
      },
    },
    {
      name: 'clips whose audio is not decoded are left out',
      doc: project({ clips: [clip({ id: 'x', url: 'https://cdn.example/missing.wav' }), clip({ id: 'y' })] }),
      check: (spec) => assert.equal(spec.voice.length, 1),
    },
  ];
  for (const row of table) it(row.name, () => row.check(projectMixSpec(row.doc, sources)));

  it('honours sampleRate, channelCount and unmastered options', () => {
    const spec = projectMixSpec(project({}), sources, { sampleRate: 44100, channelCount: 1, unmastered: true });
    assert.equal(spec.sampleRate, 44100);
    assert.equal(spec.channelCount, 1);
    assert.equal(spec.mastering, null);
  });

  it('masters for an explicit preset even when the project bypasses mastering', () => {
    const bypassed = project({ mastering: { enabled: false, preset: 'custom', target: -20, truePeak: -3 } });
    assert.deepEqual(projectMixSpec(bypassed, sources, { preset: 'streaming' }).mastering, { preset: 'streaming', target: -14, truePeak: -1 });
    assert.deepEqual(projectMixSpec(bypassed, sources, { preset: 'custom' }).mastering, { preset: 'custom', target: -20, truePeak: -3 });
    assert.equal(projectMixSpec(bypassed, sources, { preset: 'streaming', unmastered: true }).mastering, null);
  });

  it('takes a lookup function as well as a map', () => {
    const spec = projectMixSpec(project({ clips: [clip({})] }), (url) => sources.get(url));
    assert.equal(spec.voice[0]!.source, voiceA);
  });

  it('lists the URLs still to decode, once each', () => {
    const doc = project({ clips: [clip({ url: 'u1' }), clip({ url: 'u1' }), clip({})], music: { ...bed, url: 'u2' } });
    assert.deepEqual(missingSources(doc, sources), ['u1', 'u2']);
  });
});
