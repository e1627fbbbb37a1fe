import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { EditAction, ServiceAction } from '../../../src/model/actions.js';
import type { ProjectDocument } from '../../../src/model/document.js';
import { projectReducer } from '../../../src/model/reducer.js';
// The export's format (project/set-delivery) is an edit of model/delivery-edits.ts, loaded with Deliver.
import '../../../src/model/delivery-edits.js';
import { createEditorStore } from '../../../src/model/editor-state.js';
import { validateProject } from '../../../src/model/validate.js';
import { asset, clip, recommendation, sampleProject } from '../../model/fixtures.js';

type Row = [name: string, action: EditAction | ServiceAction, check: (next: ProjectDocument, before: ProjectDocument) => unknown, start?: ProjectDocument];

const base = sampleProject({ recommendations: { items: [recommendation('r1')], chosen: null } });

const bypassed = { ...base, mastering: { ...base.mastering, enabled: false } };
const fittedAtSpeed = sampleProject({ recommendations: { items: [{ ...recommendation('r2'), voice: { ...recommendation('r2').voice, speed: 1.08 } }], chosen: null } });

const rows: Row[] = [
  ['project/rename sets the title', { type: 'project/rename', title: 'Winter' }, (d) => d.title === 'Winter'],
  ['project/set-duration clamps to 5..600 s', { type: 'project/set-duration', duration: 900 }, (d) => d.duration === 600],
  ['project/set-duration allows a long-form read of 5 minutes', { type: 'project/set-duration', duration: 300 }, (d) => d.duration === 300],
  ['project/set-delivery patches the format', { type: 'project/set-delivery', delivery: { format: 'mp3' } }, (d) => d.delivery.format === 'mp3' && d.delivery.sampleRate === 48000],
  ['voice/set sets the voice and clears stale details', { type: 'voice/set', voice: 'v-zoe' }, (d) => d.voice.voice === 'v-zoe' && d.voice.details === null],
  ['voice/set-speed clamps', { type: 'voice/set-speed', speed: 9 }, (d) => d.voice.speed === 2],
  ['voice/set-mode', { type: 'voice/set-mode', mode: 'per-section' }, (d) => d.voice.mode === 'per-section'],
  ['script/add-section appends', { type: 'script/add-section', section: { id: 's3', label: 'CTA', text: 'Buy' } }, (d) => d.script.sections.map((s) => s.id).join() === 's1,s2,s3'],
  ['script/add-section inserts at an index', { type: 'script/add-section', section: { id: 's0', label: 'Intro', text: '' }, index: 0 }, (d) => d.script.sections[0]!.id === 's0'],
  ['script/remove-section removes it and its clips', { type: 'script/remove-section', id: 's1' }, (d) => d.script.sections.length === 1 && d.clips.map((c) => c.id).join() === 'c2'],
  ['script/move-section reorders', { type: 'script/move-section', id: 's2', index: 0 }, (d) => d.script.sections.map((s) => s.id).join() === 's2,s1'],
  ['script/set-text', { type: 'script/set-text', id: 's2', text: 'Everyone' }, (d, b) => d.script.sections[1]!.text === 'Everyone' && d.script.sections[0] === b.script.sections[0]],
  ['script/set-label', { type: 'script/set-label', id: 's1', label: 'Opening' }, (d) => d.script.sections[0]!.label === 'Opening'],
  ['script/set-voice sets a section voice', { type: 'script/set-voice', id: 's1', voice: 'v-zoe' }, (d) => d.script.sections[0]!.voice === 'v-zoe'],
  ['script/set-sections replaces the script', { type: 'script/set-sections', sections: [{ id: 'x', label: 'X', text: 'x' }] }, (d) => d.script.sections.length === 1],
  ['clip/add', { type: 'clip/add', clip: clip('c9') }, (d) => d.clips.length === 3],
  ['clip/replace', { type: 'clip/replace', id: 'c1', clip: { ...clip('c1'), url: 'https://cdn.example/new.wav' } }, (d) => d.clips[0]!.url === 'https://cdn.example/new.wav'],
  ['clip/move keeps other clips shared', { type: 'clip/move', id: 'c2', start: 7.5 }, (d, b) => d.clips[1]!.start === 7.5 && d.clips[0] === b.clips[0] && d.music === b.music],
  ['clip/move clamps below zero', { type: 'clip/move', id: 'c2', start: -3 }, (d) => d.clips[1]!.start === 0],
  ['clip/trim', { type: 'clip/trim', id: 'c1', trimIn: 0.2, trimOut: 0.1 }, (d) => d.clips[0]!.trimIn === 0.2 && d.clips[0]!.trimOut === 0.1],
  ['clip/fade sets only the given fade', { type: 'clip/fade', id: 'c1', fadeOut: 0.3 }, (d) => d.clips[0]!.fadeOut === 0.3 && d.clips[0]!.fadeIn === 0],
  ['clip/gain', { type: 'clip/gain', id: 'c1', gain: -3 }, (d) => d.clips[0]!.gain === -3],
  ['clip/remove', { type: 'clip/remove', id: 'c1' }, (d) => d.clips.length === 1],
  [
    'clip/split cuts a clip in two pieces of the same audio, the fades kept at the outer ends',
    { type: 'clip/split', id: 'c1', newId: 'c1b', at: 1.5, length: 4 },
    (d, b) =>
      d.clips.map((c) => `${c.id}@${c.start}[${c.trimIn},${c.trimOut}]`).join() === `c1@${b.clips[0]!.start}[0,2.5],c1b@${b.clips[0]!.start + 1.5}[1.5,0],c2@${b.clips[1]!.start}[0,0]` &&
      d.clips[1]!.url === b.clips[0]!.url && d.clips[0]!.fadeOut === 0 && d.clips[1]!.fadeIn === 0,
  ],
  [
    'clip/join joins two pieces of one audio in line back into one',
    { type: 'clip/join', id: 'c1', withId: 'c1b' },
    (d, b) => d.clips.length === 2 && JSON.stringify(d.clips[0]) === JSON.stringify({ ...b.clips[0], trimOut: 0, fadeOut: 0.3 }),
    { ...base, clips: [{ ...base.clips[0]!, trimOut: 2.5 }, { ...base.clips[0]!, id: 'c1b', start: base.clips[0]!.start + 1.5, trimIn: 1.5, fadeOut: 0.3 }, base.clips[1]!] },
  ],
  ['track/set mutes a track', { type: 'track/set', track: 'voice', muted: true }, (d, b) => d.tracks.voice.muted && !d.tracks.voice.solo && d.tracks.music === b.tracks.music],
  ['track/set solos a track', { type: 'track/set', track: 'music', solo: true }, (d) => d.tracks.music.solo && !d.tracks.music.muted],
  ['music/set null removes the bed', { type: 'music/set', music: null }, (d) => d.music === null],
  ['music/gain', { type: 'music/gain', gain: -12 }, (d) => d.music!.gain === -12],
  ['music/fades', { type: 'music/fades', fadeIn: 2, fadeOut: 3 }, (d) => d.music!.fadeIn === 2 && d.music!.fadeOut === 3],
  ['music/offset', { type: 'music/offset', offset: 12 }, (d) => d.music!.offset === 12],
  ['music/loop', { type: 'music/loop', loop: false }, (d) => d.music!.loop === false],
  ['mix/set patches levels and ducking', { type: 'mix/set', mix: { musicLevel: -10, duckingDepth: 12, duckingAttackMs: 50 } }, (d) => d.mix.musicLevel === -10 && d.mix.duckingDepth === 12 && d.mix.duckingAttackMs === 50 && d.mix.voiceLevel === 0],
  ['mastering/set-preset takes the preset numbers', { type: 'mastering/set-preset', preset: 'ebu-r128' }, (d) => d.mastering.target === -23 && d.mastering.truePeak === -1],
  ['mastering/set-target makes it custom', { type: 'mastering/set-target', target: -18 }, (d) => d.mastering.preset === 'custom' && d.mastering.target === -18],
  ['mastering/set-preset keeps the switch', { type: 'mastering/set-preset', preset: 'podcast' }, (d) => d.mastering.enabled === false && d.mastering.target === -16, bypassed],
  ['mastering/set-enabled bypasses mastering, keeping the target', { type: 'mastering/set-enabled', enabled: false }, (d, b) => d.mastering.enabled === false && d.mastering.preset === b.mastering.preset && d.mastering.target === b.mastering.target],
  ['mastering/set-enabled turns it on', { type: 'mastering/set-enabled', enabled: true }, (d) => d.mastering.enabled === true, bypassed],
  [
    'mastering/set-enabled with a preset turns it on for that preset at once',
    { type: 'mastering/set-enabled', enabled: true, preset: 'ebu-r128' },
    (d) => d.mastering.enabled === true && d.mastering.preset === 'ebu-r128' && d.mastering.target === -23,
    bypassed,
  ],
  ['mastering/set-enabled with a preset changes it when already on', { type: 'mastering/set-enabled', enabled: true, preset: 'atsc-a85' }, (d) => d.mastering.preset === 'atsc-a85' && d.mastering.truePeak === -2],
  [
    'recommendation/choose fills script, voice and music at once',
    { type: 'recommendation/choose', id: 'r1' },
    (d) => d.script.sections[0]!.id === 'r1-hook' && d.voice.voice === 'v-ben' && d.voice.details!.name === 'Ben' && d.music!.track!.track_id === 't-sunny' && d.recommendations.chosen === 'r1',
  ],
  [
    'recommendation/choose takes the speed its script was fitted at',
    { type: 'recommendation/choose', id: 'r2' },
    (d) => d.voice.speed === 1.08 && d.recommendations.chosen === 'r2',
    fittedAtSpeed,
  ],
  [
    'voiceover/received replaces the take of its section and records the asset as returned',
    { type: 'voiceover/received', asset: asset('a-new'), sectionId: 's2', clipId: 'c2b', source: { text: 'World', voice: 'v-anna', speed: 1 } },
    (d) => d.clips.length === 2 && d.clips[1]!.id === 'c2b' && d.clips[1]!.start === 4 && d.assets[0]!['voice']!.x_extra !== undefined,
  ],
  ['project/load replaces the document', { type: 'project/load', project: sampleProject({ title: 'Loaded' }) }, (d) => d.title === 'Loaded'],
  ['recommendations/received stores them as received', { type: 'recommendations/received', recommendations: [recommendation('r7')] }, (d) => d.recommendations.items[0]!['score'] === 0.91],
  ['usage/received appends usage', { type: 'usage/received', operation: 'voiceover', usage: { credits_used: 2, plan: 'trial' }, at: '2026-01-01T00:00:00Z' }, (d) => d.usage.length === 1 && d.usage[0]!.usage['plan'] === 'trial'],
  ['assets/received adds each asset once', { type: 'assets/received', assets: [asset('a1'), asset('a1')] }, (d) => d.assets.length === 1],
];

const unchanged: Array<[string, EditAction]> = [
  ['the same title', { type: 'project/rename', title: 'Summer sale' }],
  ['an unknown clip', { type: 'clip/move', id: 'nope', start: 3 }],
  ['a non-finite start', { type: 'clip/move', id: 'c1', start: Number.NaN }],
  ['an unknown recommendation', { type: 'recommendation/choose', id: 'nope' }],
  ['the same gain', { type: 'clip/gain', id: 'c1', gain: 0 }],
  ['a duplicate section id', { type: 'script/add-section', section: { id: 's1', label: '', text: '' } }],
  ['a music edit without a bed', { type: 'music/gain', gain: -3 }],
  ['mastering already on', { type: 'mastering/set-enabled', enabled: true }],
  ['a split at the very edge of a clip', { type: 'clip/split', id: 'c1', newId: 'c1b', at: 0.01, length: 4 }],
  ['a split to an id already taken', { type: 'clip/split', id: 'c1', newId: 'c2', at: 1, length: 4 }],
  ['a join of pieces of different audio', { type: 'clip/join', id: 'c1', withId: 'c2' }],
  ['a track already heard', { type: 'track/set', track: 'voice', muted: false, solo: false }],
  ['mastering already on for that preset', { type: 'mastering/set-enabled', enabled: true, preset: 'streaming' }],
];

describe('projectReducer', () => {
  for (const [name, action, check, start] of rows) {
    it(name, () => {
      const before = start ?? base;
      const next = projectReducer(before, action);
      expect(next).to.not.equal(before);
      expect(Boolean(check(next, before))).to.equal(true);
      // Every result is still a valid document, and the input was not mutated.
      expect(() => validateProject(next)).to.not.throw();
      expect(JSON.stringify(before)).to.equal(JSON.stringify(start ?? sampleProject({ recommendations: { items: [recommendation('r1')], chosen: null } })));
    });
  }

  for (const [name, action] of unchanged) {
    it(`returns the same document for ${name}`, () => {
      const before = name === 'a music edit without a bed' ? { ...base, music: null } : base;
      expect(projectReducer(before, action) === before).to.equal(true);
    });
  }
});

describe('an idea names the project (issue 33)', () => {
  const ideas = { items: [{ ...recommendation('r1'), title: 'Dark Roast Beans: Story' }, { ...recommendation('r2'), title: 'Dark Roast Beans: Offer' }], chosen: null };
  const untitled = ['Untitled ad', 'My first audio ad'];
  const titled = (title: string, chosen: string | null = null) => sampleProject({ title, recommendations: { ...ideas, chosen } });

  it('when its title is still one the editor gave, or empty, choosing or making an idea names it after the idea', () => {
    for (const title of ['My first audio ad', 'Untitled ad', '']) {
      expect(projectReducer(titled(title), { type: 'recommendation/choose', id: 'r1', untitled }).title, title).to.equal('Dark Roast Beans: Story');
      expect(projectReducer(titled(title), { type: 'ad/assemble', recommendationId: 'r1', takes: [], untitled }).title, title).to.equal('Dark Roast Beans: Story');
    }
    // Another idea after it: named after that one.
    expect(projectReducer(titled('Dark Roast Beans: Story', 'r1'), { type: 'recommendation/choose', id: 'r2', untitled }).title).to.equal('Dark Roast Beans: Offer');
  });

  it('never replaces a title the user typed', () => {
    expect(projectReducer(titled('Spring promo'), { type: 'recommendation/choose', id: 'r1', untitled }).title).to.equal('Spring promo');
    expect(projectReducer(titled('Spring promo', 'r1'), { type: 'ad/assemble', recommendationId: 'r2', takes: [], untitled }).title).to.equal('Spring promo');
    // A title the editor did not say it gave is the user's.
    expect(projectReducer(titled('My first audio ad'), { type: 'recommendation/choose', id: 'r1' }).title).to.equal('My first audio ad');
  });

  it('is part of the same undo step: one undo restores the title and the script', () => {
    const start = titled('My first audio ad');
    const store = createEditorStore({ project: start });
    store.dispatch({ type: 'recommendation/choose', id: 'r1', untitled });
    expect(store.getState().project.title).to.equal('Dark Roast Beans: Story');
    expect(store.getState().history.pastDepth).to.equal(1);
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project.title).to.equal('My first audio ad');
    expect(store.getState().project.script).to.equal(start.script);
    expect(store.getState().project.recommendations.chosen).to.equal(null);
  });
});

