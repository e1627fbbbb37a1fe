import { describe, it } from 'node:test';
import { expect } from '../support/expect.js';
import type { AssetMetadata } from '../../../src/api/contract.js';
import type { ProjectDocument, VoiceClip } from '../../../src/model/document.js';
import { projectReducer } from '../../../src/model/reducer.js';
import { judgePace, tooFast } from '../../../src/rules/pace.js';
import { spedUp, spokenLength, type SpokenLength } from '../../../src/script/spoken-length.js';

/** The judge finds the read above Amazon's 3 words a second. */
const tooManyWords = (length: SpokenLength) => judgePace(length, 'ad').some((finding) => finding.rule === 'words-per-second');
import { estimateScript } from '../../../src/script/estimate.js';
import { clip, recommendation, sampleProject } from '../../model/fixtures.js';

/** A take of `seconds` at `start`, voiced from `text` at `speed`. */
function take(id: string, start: number, seconds: number, text: string, speed: number): { clip: VoiceClip; asset: AssetMetadata } {
  return {
    clip: { ...clip(id, id, start), source: { text, voice: 'v-anna', speed } },
    asset: { asset_id: `a-${id}`, kind: 'voice', url: `https://cdn.example/a-${id}.wav`, mime_type: 'audio/wav', duration_s: seconds },
  };
}

function withTakes(takes: ReturnType<typeof take>[], overrides: Partial<ProjectDocument> = {}): ProjectDocument {
  return sampleProject({ clips: takes.map((item) => item.clip), assets: takes.map((item) => item.asset), ...overrides });
}

const TEN_WORDS = 'one two three four five six seven eight nine ten';

describe('spokenLength', () => {
  const cases: Array<{ name: string; doc: ProjectDocument; seconds: number; estimate: boolean; over: number; words: number; wps: number; speed: number; spedUp: boolean; tooFast: boolean; tooManyWords: boolean }> = [
    {
      name: 'three takes at 1.16x end where the last one ends',
      doc: withTakes([take('h', 0.5, 5, TEN_WORDS, 1.16), take('b', 5.8, 16, `${TEN_WORDS} ${TEN_WORDS} ${TEN_WORDS}`, 1.16), take('c', 22.1, 6.6, TEN_WORDS, 1.16)]),
      seconds: 28.7, estimate: false, over: 0, words: 50, wps: 50 / 27.6, speed: 1.16, spedUp: true, tooFast: true, tooManyWords: false,
    },
    {
      name: 'a read at 1.08x is sped up, not a warning',
      doc: withTakes([take('h', 0.5, 10, TEN_WORDS, 1.08)]),
      seconds: 10.5, estimate: false, over: 0, words: 10, wps: 1, speed: 1.08, spedUp: true, tooFast: false, tooManyWords: false,
    },
    {
      name: 'a read at 1.10x is not a warning (the limit is "faster than")',
      doc: withTakes([take('h', 0, 10, TEN_WORDS, 1.1)]),
      seconds: 10, estimate: false, over: 0, words: 10, wps: 1, speed: 1.1, spedUp: true, tooFast: false, tooManyWords: false,
    },
    {
      name: 'a normal read past the end is over by the difference',
      doc: withTakes([take('h', 0.5, 31, TEN_WORDS, 1)]),
      seconds: 31.5, estimate: false, over: 1.5, words: 10, wps: 10 / 31, speed: 1, spedUp: false, tooFast: false, tooManyWords: false,
    },
    {
      name: 'the fastest take is the read speed',
      doc: withTakes([take('h', 0, 2, 'a b', 1), take('b', 2.3, 2, 'c d', 1.3)]),
      seconds: 4.3, estimate: false, over: 0, words: 4, wps: 1, speed: 1.3, spedUp: true, tooFast: true, tooManyWords: false,
    },
    {
      name: 'more than 3 words a second is too many',
      doc: withTakes([take('h', 0, 3, `${TEN_WORDS} eleven`, 1)]),
      seconds: 3, estimate: false, over: 0, words: 11, wps: 11 / 3, speed: 1, spedUp: false, tooFast: false, tooManyWords: true,
    },
    {
      name: 'exactly 3 words a second is not',
      doc: withTakes([take('h', 0, 3, 'a b c d e f g h i', 1)]),
      seconds: 3, estimate: false, over: 0, words: 9, wps: 3, speed: 1, spedUp: false, tooFast: false, tooManyWords: false,
    },
    {
      name: 'a trimmed take counts what plays',
      doc: withTakes([{ ...take('h', 1, 10, TEN_WORDS, 1), clip: { ...take('h', 1, 10, TEN_WORDS, 1).clip, trimIn: 1, trimOut: 1 } }]),
      seconds: 9, estimate: false, over: 0, words: 10, wps: 10 / 8, speed: 1, spedUp: false, tooFast: false, tooManyWords: false,
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const length = spokenLength(c.doc);
      expect(length.seconds).to.be.closeTo(c.seconds, 1e-9);
      expect(length.estimate).to.equal(c.estimate);
      expect(length.over).to.be.closeTo(c.over, 1e-9);
      expect(length.words).to.equal(c.words);
      expect(length.wordsPerSecond).to.be.closeTo(c.wps, 1e-9);
      expect(length.speed).to.be.closeTo(c.speed, 1e-9);
      expect(length.target).to.equal(30);
      expect(spedUp(length), 'sped up').to.equal(c.spedUp);
      expect(tooFast(length), 'too fast').to.equal(c.tooFast);
      expect(tooManyWords(length), 'too many words').to.equal(c.tooManyWords);
    });
  }

  it('is an estimate from the words, at the voice speed, while no take exists', () => {
    const doc = sampleProject({ clips: [], assets: [], script: { sections: [{ id: 's1', label: 'Hook', text: TEN_WORDS }] }, voice: { voice: 'v-anna', details: null, speed: 1.2, mode: 'single' } });
    const length = spokenLength(doc, (voice) => (voice === 'v-anna' ? 120 : undefined));
    expect(length.estimate).to.equal(true);
    expect(length.seconds).to.be.closeTo(estimateScript([{ text: TEN_WORDS, wordsPerMinute: 120 }], 1.2).total, 1e-9);
    expect(length.seconds).to.be.closeTo(10 * 0.5 / 1.2, 1e-9);
    expect(length.words).to.equal(10);
    expect(length.speed).to.equal(1.2);
  });

  it('a take of unknown length (asset missing) leaves the estimate', () => {
    const doc = sampleProject({ assets: [] });
    expect(spokenLength(doc).estimate).to.equal(true);
  });

  it('"Keep it" dismisses the warning for reads up to the kept speed, not for a faster one', () => {
    const doc = withTakes([take('h', 0, 10, TEN_WORDS, 1.16)]);
    const kept = projectReducer(doc, { type: 'voice/keep-speed', speed: 1.16 });
    expect(tooFast(spokenLength(kept))).to.equal(false);
    expect(spedUp(spokenLength(kept)), 'still says it was sped up').to.equal(true);
    const faster = withTakes([take('h', 0, 10, TEN_WORDS, 1.25)], { voice: kept.voice });
    expect(tooFast(spokenLength(faster))).to.equal(true);
  });

  it('a version other than the open one is measured on its own takes (versionView)', async () => {
    const { versionView } = await import('../../../src/model/versions.js');
    const doc = withTakes([take('h', 0.5, 12, TEN_WORDS, 1)]);
    expect(spokenLength(versionView(doc, doc.openVersion)).seconds).to.equal(12.5);
  });
});

describe('the reducer never reads faster than vocal.maxFitSpeed', () => {
  const idea = (speed: number) => ({ ...recommendation('r1'), voice: { voice_id: 'v-ben', name: 'Ben', language: 'en-US', speed } });

  it('"Use this" on an idea fitted at 1.4x reads at the most allowed (1.2x)', () => {
    const doc = sampleProject({ recommendations: { items: [idea(1.4)], chosen: null } });
    expect(projectReducer(doc, { type: 'recommendation/choose', id: 'r1', maxSpeed: 1.2 }).voice.speed).to.equal(1.2);
    expect(projectReducer(doc, { type: 'recommendation/choose', id: 'r1', maxSpeed: 1.5 }).voice.speed).to.equal(1.4);
  });

  it('a slow idea keeps its speed, and a new idea forgets the kept speed', () => {
    const doc = sampleProject({ recommendations: { items: [idea(0.9)], chosen: null }, voice: { voice: 'v-anna', details: null, speed: 1, mode: 'single', keptSpeed: 1.16 } });
    const chosen = projectReducer(doc, { type: 'recommendation/choose', id: 'r1', maxSpeed: 1.2 });
    expect(chosen.voice.speed).to.equal(0.9);
    expect(chosen.voice.keptSpeed).to.equal(undefined);
  });

  it('"Make the ad" with a shortened script keeps that script and the speed it was read at', () => {
    const doc = sampleProject({ recommendations: { items: [idea(1.4)], chosen: null } });
    const made = projectReducer(doc, {
      type: 'ad/assemble',
      recommendationId: 'r1',
      takes: [],
      sections: [{ id: 'r1-hook', label: 'Hook', text: 'Summer.' }],
      speed: 1.2,
    });
    expect(made.script.sections.map((section) => section.text)).to.deep.equal(['Summer.']);
    expect(made.voice.speed).to.equal(1.2);
  });
});
