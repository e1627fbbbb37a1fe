import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { destinationById } from '../../../src/delivery/destinations.js';
import {
  DEFAULT_FILE_NAME_TEMPLATE,
  destinationFileName,
  FILE_NAME_MAX_LENGTH,
  deliveryFileName,
  fileNameDate,
  portableText,
  templateProblem,
} from '../../../src/delivery/file-name.js';

const values = { advertiser: 'Acme', title: 'Summer Sale', length: 30, destination: 'streaming', adId: 'ABCD1234000' };

describe('delivered file names', () => {
  it('fill the default template', () => {
    assert.equal(deliveryFileName(DEFAULT_FILE_NAME_TEMPLATE, values, 'mp3'), 'Acme_Summer-Sale_30s_streaming_ABCD1234000.mp3');
  });

  it('take accents off and spell out letters NFKD keeps', () => {
    assert.equal(portableText('Crème brûlée Straße Ærø Łódź'), 'Creme-brulee-Strasse-AEro-Lodz');
    assert.equal(portableText('ﬁnal①'), 'final1');
  });

  it('drop emoji, Arabic and CJK, leaving no stray separator', () => {
    assert.equal(portableText('Sale 🎉🎉'), 'Sale');
    assert.equal(deliveryFileName('{advertiser}_{title}_{length}s', { advertiser: 'شركة', title: '夏のセール', length: 15 }, 'wav'), '15s.wav');
    assert.equal(deliveryFileName('{advertiser}_{title}', { advertiser: '🎉', title: 'Go' }, 'wav'), 'Go.wav');
  });

  it('leave no doubled separator for an empty placeholder', () => {
    assert.equal(deliveryFileName(DEFAULT_FILE_NAME_TEMPLATE, { ...values, title: '', adId: '' }, 'wav'), 'Acme_30s_streaming.wav');
    assert.equal(deliveryFileName('{advertiser}-{campaign}_{title}', { advertiser: 'A', title: 'B' }, 'wav'), 'A_B.wav');
  });

  it('fall back to the destination when every value is empty', () => {
    assert.equal(deliveryFileName('{advertiser}_{title}', { destination: 'podcast' }, 'mp3'), 'podcast.mp3');
    assert.equal(deliveryFileName('{advertiser}_{title}', {}, 'mp3'), 'ad.mp3');
  });

  it('never hold a path separator or "..", whatever the values', () => {
    const name = deliveryFileName(DEFAULT_FILE_NAME_TEMPLATE, { ...values, advertiser: '../../etc/passwd', title: 'a\\b/c' }, 'wav');
    assert.equal(name, 'etcpasswd_abc_30s_streaming_ABCD1234000.wav');
    assert.ok(!/[/\\]|\.\./.test(name));
  });

  it('hold ASCII letters, digits, - and _ only, before the extension', () => {
    const name = deliveryFileName(DEFAULT_FILE_NAME_TEMPLATE, { ...values, advertiser: 'A&B "Co" <x>: é\n\t%00' }, 'wav');
    assert.match(name, /^[A-Za-z0-9_-]+\.wav$/);
    assert.equal(name, 'AB-Co-x-e-00_Summer-Sale_30s_streaming_ABCD1234000.wav');
  });

  it('are at most 100 characters, extension included, without a separator before it', () => {
    const name = deliveryFileName(DEFAULT_FILE_NAME_TEMPLATE, { ...values, title: `${'x'.repeat(70)} ${'y'.repeat(60)}` }, 'wav');
    assert.equal(name.length, FILE_NAME_MAX_LENGTH);
    assert.ok(name.endsWith('.wav'));
    const edge = deliveryFileName('{title}', { title: `${'x'.repeat(95)}_yy` }, 'wav');
    assert.equal(edge, `${'x'.repeat(95)}.wav`);
  });

  it('number duplicates against the taken names, without case, and stay within 100 characters', () => {
    const taken = new Set<string>();
    for (let i = 0; i < 3; i++) taken.add(deliveryFileName('{title}', { title: 'Spot' }, 'mp3', taken));
    assert.deepEqual([...taken], ['Spot.mp3', 'Spot_2.mp3', 'Spot_3.mp3']);
    assert.equal(deliveryFileName('{title}', { title: 'spot' }, 'MP3', new Set(['SPOT.mp3'])), 'spot_2.mp3');
    const long = deliveryFileName('{title}', { title: 'z'.repeat(200) }, 'wav');
    const second = deliveryFileName('{title}', { title: 'z'.repeat(200) }, 'wav', new Set([long]));
    assert.equal(second.length, 100);
    assert.ok(second.endsWith('_2.wav'));
  });

  it('round numbers and keep Windows device names usable', () => {
    assert.equal(deliveryFileName('{length}s', { length: 29.6 }, 'wav'), '30s.wav');
    assert.equal(deliveryFileName('{title}', { title: 'CON' }, 'wav'), 'CON_file.wav');
  });

  it('write {date} as YYYY-MM-DD in UTC', () => {
    assert.equal(fileNameDate(new Date('2026-11-26T23:30:00-05:00')), '2026-11-27');
  });
});

describe('file-name templates', () => {
  it('accept the default and every placeholder', () => {
    assert.equal(templateProblem(DEFAULT_FILE_NAME_TEMPLATE), null);
    assert.equal(templateProblem('{advertiser}{title}{campaign}{length}{destination}{adId}{isci}{version}{date}'), null);
  });

  it('refuse what could make a path or a wrong name', () => {
    const cases: Array<[string, string]> = [
      ['', 'template-empty'],
      ['{title}/{adId}', 'template-separator'],
      ['{title}\\x', 'template-separator'],
      ['..{title}', 'template-parent'],
      ['{title', 'template-braces'],
      ['title}', 'template-braces'],
      ['{{title}}', 'template-braces'],
      ['{titel}_{adId}', 'template-unknown-placeholder'],
      ['x'.repeat(201), 'template-too-long'],
    ];
    for (const [template, code] of cases) assert.equal(templateProblem(template)?.code, code, template);
    assert.match(templateProblem('{titel}')!.message, /\{titel\}/);
  });
});

describe('destinationFileName', () => {
  const ad = {
    title: 'Été 2026',
    seconds: 30.02,
    campaign: { advertiser: 'Café Noir', campaign: 'Summer', adId: 'ABCD1234000', isci: '', versionLabel: ':30 main' },
    date: new Date('2026-11-26T12:00:00Z'),
  };

  it('fills a built-in template, with the extension of its codec', () => {
    assert.equal(destinationFileName(destinationById('streaming')!, ad), 'Cafe-Noir_Ete-2026_30s_streaming_ABCD1234000.mp3');
    assert.equal(destinationFileName(destinationById('broadcast-ebu-r128')!, ad), 'ABCD1234000_Cafe-Noir_Ete-2026_30s_30-main_ebu-r128.wav');
  });

  it('fills {date}, {campaign} and {isci} and numbers a taken name', () => {
    const profile = { ...destinationById('podcast')!, fileName: '{campaign}_{isci}_{date}' };
    const first = destinationFileName(profile, ad);
    assert.equal(first, 'Summer_2026-11-26.mp3');
    assert.equal(destinationFileName(profile, ad, new Set([first])), 'Summer_2026-11-26_2.mp3');
  });
});
