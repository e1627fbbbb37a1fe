// The VAST settings as rules of the one judge (IAB VAST 4.1): a media base URL given and absolute http(s) without a
// query, at least one impression URL and at most ten, each a URL a document can carry (no placeholder), the error
// URL too; catalogued with their source; and `deliver()`'s settings and the writer refusing by the judge's verdict.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { RULES, severityOf } from '../../../src/rules/catalog.js';
import { judge } from '../../../src/rules/judge.js';
import { vastSettingsOf } from '../../../src/session/deliver-vast.js';
import type { DestinationProfile } from '../../../src/delivery/types.js';
import { BUILTIN_DESTINATIONS } from '../../../src/delivery/destinations.js';
import type { StudioError } from '../../../src/errors.js';

const BASE = 'https://cdn.example.com/ads/';
const IMPRESSION = 'https://track.example.com/imp?ad=1';
const vast = (settings: Record<string, unknown>) => judge({ kind: 'vast', destinations: [{ destination: 'vast-audio', ...settings }] });
const rules = (settings: Record<string, unknown>) => vast(settings).map((found) => [found.rule, found.field]);

describe('the VAST rules of the judge', () => {
  it('are in the catalog, judged in a delivery, sourced to IAB VAST 4.1', () => {
    const ids = Object.keys(RULES).filter((id) => id.startsWith('vast-')) as (keyof typeof RULES)[];
    assert.deepEqual(ids.sort(), ['vast-error-url', 'vast-impression-count', 'vast-impression-required', 'vast-impression-url', 'vast-media-base-required', 'vast-media-base-url']);
    for (const id of ids) {
      assert.equal(severityOf(id, 'delivery'), 'problem', id);
      assert.match(RULES[id].source.title, /VAST 4\.1/, id);
    }
    assert.deepEqual(RULES['vast-impression-count'].threshold, { value: 10, unit: 'URL' });
  });

  it('find nothing in settings a document can carry', () => {
    assert.deepEqual(vast({ mediaBaseUrl: BASE, impressionUrls: [IMPRESSION], errorUrl: 'https://track.example.com/e' }), []);
    assert.deepEqual(vast({ mediaBaseUrl: 'http://[2001:db8::1]:8080/ads', impressionUrls: Array.from({ length: 10 }, (_, i) => `${IMPRESSION}${i}`) }), []);
  });

  it('ask for a media base URL and at least one impression URL, never a placeholder', () => {
    assert.deepEqual(rules({}), [['vast-media-base-required', 'mediaBaseUrl'], ['vast-impression-required', 'impressionUrls']]);
    assert.deepEqual(rules({ mediaBaseUrl: '  ', impressionUrls: [] }), [['vast-media-base-required', 'mediaBaseUrl'], ['vast-impression-required', 'impressionUrls']]);
    const [missing] = vast({ mediaBaseUrl: BASE });
    assert.equal(missing!.measured, 0);
    assert.deepEqual(missing!.limit, { value: 1 });
    // The placeholder an ad server cannot count, and a macro that makes the document invalid.
    assert.deepEqual(rules({ mediaBaseUrl: BASE, impressionUrls: ['about:blank', 'https://t.example.com/i?cb=[CACHEBUSTING]'] }), [
      ['vast-impression-url', 'impressionUrls[0]'],
      ['vast-impression-url', 'impressionUrls[1]'],
    ]);
    assert.deepEqual(vast({ mediaBaseUrl: BASE, impressionUrls: ['about:blank'] })[0]!.fault, { code: 'scheme', scheme: 'about:' });
  });

  it('refuse a base URL that is not http(s) or has a query, more than ten impressions, and a wrong error URL, never repeating a URL', () => {
    const token = 'tok-5f1e';
    const found = vast({ mediaBaseUrl: `${BASE}?sig=${token}`, impressionUrls: Array.from({ length: 11 }, (_, i) => `${IMPRESSION}${i}`), errorUrl: `ftp://x.example.com/?k=${token}` });
    assert.deepEqual(found.map((item) => [item.rule, item.field]), [['vast-media-base-url', 'mediaBaseUrl'], ['vast-impression-count', 'impressionUrls'], ['vast-error-url', 'errorUrl']]);
    assert.equal(found[1]!.measured, 11);
    assert.deepEqual(found[1]!.limit, { value: 10 });
    assert.ok(found.every((item) => !item.message.includes(token)), 'no URL in the words');
    assert.deepEqual(rules({ mediaBaseUrl: 'javascript:alert(1)', impressionUrls: [IMPRESSION] }), [['vast-media-base-url', 'mediaBaseUrl']]);
  });

  it("are what deliver()'s settings refuse by, in its words and code", () => {
    const audio = BUILTIN_DESTINATIONS.find((destination) => destination.vast !== undefined) as DestinationProfile;
    const refused = (given: Parameters<typeof vastSettingsOf>[1], pattern: RegExp) =>
      assert.throws(() => vastSettingsOf([audio], given), (error: StudioError) => error.code === 'deliver-vast' && pattern.test(error.message));
    refused({ impressionUrls: [IMPRESSION] }, /destination writes a vast\.xml that points at the files where you will host them: .*\(the Deliver panel's media base URL/);
    refused({ mediaBaseUrl: BASE }, /give at least one impression URL \(the Deliver panel's impression URLs/);
    refused({ mediaBaseUrl: BASE, impressionUrls: ['about:blank'] }, /^vast\.impressionUrls\[0\]: expected an http\(s\) URL, not a "about:" one$/);
    refused({ mediaBaseUrl: `${BASE}#x`, impressionUrls: [IMPRESSION] }, /^vast\.mediaBaseUrl: expected a base URL without "\?" or "#"/);
    assert.deepEqual(vastSettingsOf([audio], { mediaBaseUrl: BASE, impressionUrls: [IMPRESSION] }).get(audio.id)?.impressionUrls, [IMPRESSION]);
  });
});

describe("the Deliver panel's VAST fields", () => {
  it('show an error exactly where the judge finds one, in the user’s words', async () => {
    const { vastProblems } = await import('../../../src/components/studio-deliver-panel/deliver-vast-fields.js');
    const { createTranslator } = await import('../../../src/i18n/translate.js');
    const { de } = await import('../../../src/i18n/de.js');
    const t = createTranslator('de', de);
    const cases = [
      { base: '', impressions: '' },
      { base: BASE, impressions: IMPRESSION },
      { base: `${BASE}?x=1`, impressions: `${IMPRESSION}\nabout:blank` },
      { base: 'ftp://x.example.com/', impressions: Array.from({ length: 11 }, (_, i) => `${IMPRESSION}${i}`).join('\n') },
    ];
    for (const values of cases) {
      const shown = vastProblems(t, values);
      const lines = values.impressions.split('\n').filter((line) => line.trim() !== '');
      const found = vast({ mediaBaseUrl: values.base, impressionUrls: lines });
      assert.equal(shown.base !== '', found.some((item) => item.field === 'mediaBaseUrl'), JSON.stringify(values));
      assert.equal(shown.impressions !== '', found.some((item) => item.field.startsWith('impressionUrls')), JSON.stringify(values));
    }
    assert.equal(vastProblems(t, { base: BASE, impressions: '' }).impressions, 'Geben Sie mindestens eine Impression-URL an: Ein Ad-Server zählt die Ausspielungen der Anzeige daran.');
  });
});
