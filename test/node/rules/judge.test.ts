// The one judge, as a property over generated ads and feed rows: an ad, the version chip's subject on that ad, and
// the feed row whose values give the same text get the same verdict in the same words, whatever the script (its
// direction marks too), the ad's length, the voice's speed and rate, `vocal.maxFitSpeed` and the destinations'
// sheets; and a row whose values are the samples reads exactly as long as the Script step says, with takes or without.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { AssetMetadata } from '../../../src/api/contract.js';
import { seededRandom } from '../../../src/api/retry-after.js';
import { destinationById } from '../../../src/delivery/destinations.js';
import { createFeed } from '../../../src/feed/mapping.js';
import { createProject, type ProjectDocument, type ProjectSection } from '../../../src/model/document.js';
import { RULES, severityOf, type RuleSubject } from '../../../src/rules/catalog.js';
import { findingText, type Finding } from '../../../src/rules/finding.js';
import { judge } from '../../../src/rules/judge.js';
import { versionStatus } from '../../../src/rules/version.js';
import { checkFeed, projectCheckInput, type FeedProblem } from '../../../src/rules/row.js';
import { documentRate } from '../../../src/script/read-length.js';
import { directedLength } from '../../../src/script/said-length.js';

const WORDS = ['trail', 'shoes', 'only', 'this', 'week', 'visit', 'northwind', 'dot', 'com', 'today', '59.99', '2026', 'and', 'the', 'best', 'waterproof', 'jacket', 'for', 'every', 'hike'];
/** Direction of the read (script/direction.ts), written into the script's sentences: pauses, say-as and the rest. */
const MARKS = ['[[pause 0.5s]]', '[[pause 1.5s]]', '[[say-as digits: 2026]]', '[[say-as currency: 59.99]]', '[[say-as ordinal: 3]]', '[[emphasis strong: best]]', '[[sub north wind: Northwind]]', '[[rate 90%: this week]]'];

/** One generated case: a script with a slot in one section, the row's value for it, and the ad's settings. */
function generate(seed: number) {
  // The same cases on every run (a failing seed can be replayed).
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const sentence = (min: number, max: number, marks = false) => {
    const words = Array.from({ length: min + Math.floor(next() * (max - min + 1)) }, () => (marks && next() < 0.1 ? pick(MARKS) : pick(WORDS)));
    return words.map((word, at) => (at > 0 && next() < 0.12 ? `, ${word}` : ` ${word}`)).join('').trim() + pick(['.', '!', '?', '']);
  };
  const count = 1 + Math.floor(next() * 4);
  // The row's value is text (a value's `[[` is read as it is), so only the script is directed.
  const texts = Array.from({ length: count }, () => sentence(2, 30, true));
  const at = Math.floor(next() * count);
  const value = sentence(1, 18).replace(/[.!?]$/, '');
  const sample = sentence(1, 6).replace(/[.!?]$/, '');
  return {
    texts,
    at,
    value,
    sample,
    duration: pick([5, 10, 15, 20, 30, 45]),
    speed: pick([1, 1, 1.05, 1.1, 1.2]),
    wordsPerMinute: pick([undefined, 140, 160, 190, 230]),
    maxFitSpeed: pick([1.1, 1.2, 1.3, 1.5]),
    sheets: pick([[], [], [{ ...destinationById('broadcast-ebu-r128')!, label: 'Radio X', maxWordsPerSecond: pick([2.5, 3, 3.5]) }]]),
  };
}

type Case = ReturnType<typeof generate>;

const section = (label: string, text: string): ProjectSection => ({ id: `s-${label}`, label, text });

function document(c: Case, texts: readonly string[], withSlot: boolean): ProjectDocument {
  const base = createProject({ projectId: 'p', title: 'T', duration: c.duration, voice: 'v-anna', speed: c.speed });
  return {
    ...base,
    voice: { ...base.voice, details: c.wordsPerMinute === undefined ? null : { voice_id: 'v-anna', name: 'Anna', language: 'en-US', words_per_minute: c.wordsPerMinute } },
    script: { sections: texts.map((text, at) => section(`Section ${at + 1}`, text)) },
    slots: withSlot ? [{ name: 'value', sample: c.sample }] : [],
    feed: withSlot ? createFeed({ columns: ['id', 'value'], rows: [['A', c.value]] }, ['value']) : null,
  };
}

/** The ad: the row's value written into the script. The template: `{{value}}` there, and a feed row of the value. */
function pair(c: Case): { ad: ProjectDocument; template: ProjectDocument } {
  const ad = c.texts.map((text, at) => (at === c.at ? `${text} ${c.value}` : text));
  const template = c.texts.map((text, at) => (at === c.at ? `${text} {{value}}` : text));
  return { ad: document(c, ad, false), template: { ...document(c, template, true), feed: { ...document(c, template, true).feed!, key: 'id' } } };
}

const CASES = Array.from({ length: 400 }, (_, seed) => seed + 1);

describe('the one judge', () => {
  it('has a severity for each rule in each subject where it is judged, and a source', () => {
    const subjects: RuleSubject[] = ['ad', 'version', 'row', 'mix', 'file', 'delivery'];
    for (const [id, rule] of Object.entries(RULES)) {
      assert.ok(subjects.some((subject) => severityOf(id as keyof typeof RULES, subject) !== undefined), `${id} is judged nowhere`);
      assert.ok(rule.source.title.length > 0, `${id} names no source`);
    }
    // Words a second are a warning wherever they are judged, unless a sheet makes them a limit; a file is judged on
    // them only against such a sheet, so there they are a problem.
    assert.deepEqual(RULES['words-per-second'].severity, { ad: 'warning', version: 'warning', row: 'warning', file: 'problem' });
  });

  it('gives an ad, its version and the feed row with the same text the same verdict in the same words (400 generated cases)', () => {
    let judged = 0;
    let directed = 0;
    for (const seed of CASES) {
      const c = generate(seed);
      const { ad, template } = pair(c);
      const limits = { maxFitSpeed: c.maxFitSpeed, sheets: c.sheets };
      const adFindings = judge({ kind: 'ad', doc: ad, limits });
      const input = projectCheckInput(template, c.maxFitSpeed, c.sheets)!;
      const row = checkFeed(input).rows[0]!;
      // The grid's check (checkFeed) is the judge's verdict on the row, rule for rule.
      assert.deepEqual(judge({ kind: 'row', input, index: 0 }).map((found) => [found.rule, found.severity, found.message]), row.problems.map((problem) => [problem.rule, problem.severity, problem.message]));
      const context = `seed ${seed}: ${JSON.stringify(c)}`;
      // The version chip's verdict on the ad (its subject, on the destinations the sheets are) is the Script step's, finding for finding.
      const version = judge({ kind: 'version', doc: ad, id: ad.openVersion, destinations: c.sheets, maxFitSpeed: c.maxFitSpeed });
      assert.deepEqual(version, adFindings, context);
      assert.deepEqual(version, [...versionStatus(ad, ad.openVersion, c.sheets, c.maxFitSpeed).findings]);
      const rowPace = row.problems.filter((problem) => problem.rule === 'fit' || problem.rule === 'fast-read' || problem.rule === 'words-per-second');
      // The same words: the row's finding says what is wrong as the ad's does, word for word; its fix adds what to
      // blame, and its English message, for the fit, how long it reads.
      const rowFinding = (problem: FeedProblem): Finding => (problem.said as { readonly finding: Finding }).finding;
      assert.deepEqual(
        rowPace.map((problem) => [problem.rule, problem.severity, rowFinding(problem).message]),
        adFindings.map((finding) => [finding.rule, finding.severity, finding.message]),
        context,
      );
      rowPace.forEach((problem) => assert.ok(problem.message.endsWith(findingText(rowFinding(problem))), `${context}\n${problem.message}`));
      judged += adFindings.length;
      if (c.texts.some((text) => text.includes('[['))) directed += 1;
    }
    assert.ok(judged > 100, `only ${judged} findings in 400 cases: the generator no longer reaches the rules`);
    assert.ok(directed > 100, `only ${directed} of 400 cases directed: the generator no longer writes marks`);
  });

  it('judges a version before its takes as the Script step judges the ad: a 5 s ad that needs more than vocal.maxFitSpeed fails both', () => {
    const base = createProject({ projectId: 'p', title: 'T', duration: 5, voice: 'v-anna', speed: 1 });
    const ad = { ...base, script: { sections: [section('Hook', 'The best waterproof jacket for every hike, only this week at Northwind. Visit northwind dot com today.')] } };
    const destinations = [destinationById('streaming')!];
    const script = judge({ kind: 'ad', doc: ad, limits: { sheets: destinations, maxFitSpeed: 1.2 } });
    const chip = judge({ kind: 'version', doc: ad, id: ad.openVersion, destinations, maxFitSpeed: 1.2 });
    assert.deepEqual(script.map((found) => found.rule), ['fit', 'words-per-second']);
    assert.match(script[0]!.message, /^It would need \d\.\d\dx to fit, faster than the 1\.20x allowed$/);
    assert.deepEqual(chip, script);
  });

  it('judges the ad\'s words a second with its pauses counted, as the Script step\'s length counts them', () => {
    const base = createProject({ projectId: 'p', title: 'T', duration: 30, voice: 'v-anna', speed: 1 });
    const ad = { ...base, script: { sections: [section('Hook', 'Trail shoes for every hike. [[pause 2.0s]] Only this week at Northwind.')] } };
    const [pace] = judge({ kind: 'ad', doc: ad, limits: { sheets: [{ label: 'Radio X', maxWordsPerSecond: 1 }] } });
    const script = directedLength(ad, documentRate(ad));
    assert.equal(pace?.rule, 'words-per-second');
    assert.equal(pace.measured, script.wordsPerSecond);
    assert.equal(pace.message, `${script.wordsPerSecond.toFixed(1)} words a second: Radio X takes at most 1 words per second`);
  });

  it('reads a row whose values are the samples as long as the Script step, without takes', () => {
    for (const seed of CASES) {
      const c = generate(seed);
      const { template } = pair({ ...c, value: c.sample });
      const script = directedLength(template, documentRate(template));
      const row = checkFeed(projectCheckInput(template, c.maxFitSpeed)!).rows[0]!;
      assert.ok(Math.abs(row.length!.seconds - script.seconds) < 0.1, `seed ${seed}: ${row.length!.seconds} against ${script.seconds}`);
    }
  });

  it('reads a row whose values are the samples as long as the Script step with takes, and a changed row by its takes', () => {
    const c = { ...generate(7), sample: 'Trail runner shoes', value: 'Trail runner shoes' };
    const { template: bare } = pair(c);
    // Takes as a real voice reads them: quicker than the default estimate (2.9 words a second), from a lead-in.
    let at = 0.5;
    const assets: AssetMetadata[] = [];
    const clips = bare.script.sections.map((entry, index) => {
      const text = entry.text.replace('{{value}}', c.sample);
      const seconds = text.split(/\s+/).length / 2.9;
      assets.push({ asset_id: `a${index}`, kind: 'voice', url: `https://cdn.example/a${index}.mp3`, mime_type: 'audio/mpeg', duration_s: seconds });
      const clip = { id: `c${index}`, sectionId: entry.id, assetId: `a${index}`, start: at, trimIn: 0, trimOut: 0, gain: 0, fadeIn: 0, fadeOut: 0, source: { text, voice: 'v-anna', speed: c.speed } };
      at += seconds + 0.3;
      return clip as unknown as ProjectDocument['clips'][number];
    });
    const template = { ...bare, assets, clips };
    const script = directedLength(template, documentRate(template));
    assert.equal(script.estimate, false);
    const same = checkFeed(projectCheckInput(template, 1.2)!).rows[0]!;
    assert.ok(Math.abs(same.length!.seconds - script.seconds) < 0.1, `${same.length!.seconds} against the Script step's ${script.seconds}`);
    // A longer value reads longer by the estimate's share of the take it changes, not by the default rate.
    const longer = { ...template, feed: { ...template.feed!, rows: [['A', 'Trail runner shoes with a waterproof jacket']] } };
    const grown = checkFeed(projectCheckInput(longer, 1.2)!).rows[0]!;
    assert.ok(grown.length!.seconds > script.seconds && grown.length!.seconds < script.seconds + 3, `${grown.length!.seconds} against ${script.seconds}`);
  });
});
