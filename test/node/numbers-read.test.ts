// Numbers people read (issue 51): every number of the report, the Deliver receipt and the feed grid has at most
// 2 decimals, in the reader's language, and a speed reads "1.16x" ("1,16x" in German), however awkward the float.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { receiptFacts } from '../../src/components/studio-deliver-panel/deliver-words.js';
import { lengthText } from '../../src/components/studio-feed-panel/feed-words.js';
import { findingWords } from '../../src/components/shared/finding-words.js';
import { fileFindings } from '../../src/rules/file.js';
import { buildManifest } from '../../src/delivery/manifest.js';
import { deliveryReport } from '../../src/delivery/report.js';
import type { DeliveredFigures, DeliveredFile } from '../../src/delivery/types.js';
import { de } from '../../src/i18n/de.js';
import { en } from '../../src/i18n/en.js';
import { fr } from '../../src/i18n/fr.js';
import { createTranslator } from '../../src/i18n/translate.js';
import { sampleInput, sampleScript } from '../delivery/sample-manifest.js';

/** A float no one should read whole: 1/3 more, or 1.1575757575757575 for a speed. */
const awkward = (value: number): number => value + 1 / 3;
const SPEED = 1.1575757575757575;

function awkwardFigures(figures: DeliveredFigures): DeliveredFigures {
  return {
    ...figures,
    seconds: awkward(figures.seconds),
    integrated: awkward(figures.integrated),
    range: awkward(figures.range),
    truePeak: awkward(figures.truePeak),
    samplePeak: awkward(figures.samplePeak),
    dc: awkward(figures.dc) / 1000,
    tailSilence: awkward(figures.tailSilence),
    ...(figures.bitrateKbps === undefined ? {} : { bitrateKbps: awkward(figures.bitrateKbps) }),
  };
}

const awkwardFile = (file: DeliveredFile): DeliveredFile => ({
  ...file,
  figures: awkwardFigures(file.figures),
  rules: file.rules.map((rule) => ({ ...rule, measured: rule.rule === 'maxBytes' ? rule.measured : awkward(rule.measured) })),
});

/** The text a reader sees of a page: no style, no tags (the drawing's coordinates are attributes). */
const visible = (page: string): string => page.replace(/<style>[\s\S]*?<\/style>/, '').replace(/<[^>]+>/g, ' ');

/** Decimals past the second, where the decimal mark is `mark`; and any float written whole, whatever its mark. */
const tooManyDecimals = (text: string, mark: '.' | ','): string[] => [...(text.match(mark === '.' ? /\d\.\d{3,}/g : /\d,\d{3,}/g) ?? []), ...(text.match(/\d[.,]\d{4,}/g) ?? [])];

describe('numbers people read', () => {
  it('report.html: no figure has more than 2 decimals, and a voice\'s speed reads "1.16x"', () => {
    const input = sampleInput();
    const manifest = buildManifest({
      ...input,
      project: { ...input.project, seconds: awkward(30) },
      files: input.files.map(awkwardFile),
      excluded: input.excluded.map(awkwardFile),
      stems: input.stems.map((stem) => ({ ...stem, figures: awkwardFigures(stem.figures) })),
      assets: [
        { asset_id: 'a1', kind: 'voice', voice: { voice_id: 'v-emma', name: 'Emma', language: 'en-GB', speed: SPEED } },
        { asset_id: 'a2', kind: 'music', music: { track_id: 't-9', title: 'Morning Light', tempo_bpm: 95.55555555 } },
      ],
      versions: [
        { id: 'v1', label: '', seconds: awkward(30), adId: 'ACME0000001', isci: '' },
        { id: 'v2', label: '', seconds: awkward(15), adId: 'ACME0000002', isci: '' },
      ],
    });
    const text = visible(deliveryReport(manifest, { script: sampleScript() }));
    assert.deepEqual(tooManyDecimals(text, '.'), []);
    assert.match(text, /speed 1\.16x/);
    assert.doesNotMatch(text, /1\.157/);
    assert.match(text, /95\.56 BPM/);
    assert.match(text, /30\.33 s/);
  });

  for (const [language, catalogue, mark] of [
    ['en', en, '.'],
    ['de', de, ','],
    ['fr', fr, ','],
  ] as const) {
    it(`the Deliver receipt and the feed grid in ${language}: at most 2 decimals, a speed as 1${mark}16x`, () => {
      const t = createTranslator(language, {}, catalogue);
      const files = [...sampleInput().files, ...sampleInput().excluded].map(awkwardFile);
      const said = files.flatMap((file) => [...Object.values(receiptFacts(t, file.figures)), ...fileFindings(file.destination, file.rules, 'file', 30).map((found) => findingWords(t, found))]);
      // The receipt says each failed rule as the judge's finding in the reader's words.
      assert.ok(files.some((file) => fileFindings(file.destination, file.rules, 'file', 30).length > 0), 'a failed rule to say');
      const grid = [lengthText(t, { seconds: awkward(6.5), speed: SPEED, wordsPerSecond: awkward(3) }, 1), lengthText(t, { seconds: awkward(6.5), speed: 1, wordsPerSecond: 2 }, 1)];
      for (const line of [...said, ...grid]) assert.deepEqual(tooManyDecimals(line, mark), [], line);
      assert.match(grid[0]!, new RegExp(`6${mark === '.' ? '\\.' : ','}8 s.* 1${mark === '.' ? '\\.' : ','}16x$`));
      assert.ok(said.some((line) => line.includes(`30${mark}33`)), said.join(' | '));
    });
  }
});
