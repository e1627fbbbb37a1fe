// report.html as a string: nothing to load, every user string escaped, failures in red with figure and fix,
// a drawing per file. (test/node/browser/delivery-report.test.ts opens it in Chromium.)
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loudnessChart } from '../../src/delivery/report-chart.js';
import { escapeHtml } from '../../src/delivery/escape.js';
import { fixed, grouped } from '../../src/delivery/report-text.js';
import { deliveryReport, REPORT_CSP } from '../../src/delivery/report.js';
import { HOSTILE, sampleManifest, sampleScript } from '../delivery/sample-manifest.js';

const html = deliveryReport(sampleManifest(), { script: sampleScript() });
const hostile = deliveryReport(sampleManifest(true), { script: sampleScript(true) });
/** The `<article>` of the file named `name`. */
const article = (page: string, name: string): string => {
  const start = page.indexOf(`<article class="file`, page.indexOf(`<h2>Each file</h2>`));
  const articles = page.slice(start).split('<article ').slice(1);
  return articles.find((a) => a.includes(`<h3>${name}</h3>`)) ?? '';
};

describe('delivery report (string)', () => {
  it('loads nothing: the policy, inline style only, no src, href, url() or @import', () => {
    assert.ok(html.startsWith('<!doctype html>'));
    assert.ok(html.includes(`<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`));
    assert.equal(REPORT_CSP, "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    for (const page of [html, hostile]) {
      const tags = page.match(/<[a-z][^>]*>/gi) ?? [];
      assert.deepEqual(tags.filter((tag) => /^<(script|link|img|iframe|object|embed|image|use)\b|\s(src|href|xlink:href)=/i.test(tag)), []);
      assert.doesNotMatch(page, /url\(|@import|@font-face/i);
    }
  });

  it('escapes every user and service string', () => {
    for (const text of Object.values(HOSTILE)) {
      assert.ok(!hostile.includes(text), `not raw: ${text}`);
      assert.ok(hostile.includes(escapeHtml(text)), `escaped: ${text}`);
    }
    assert.equal(hostile.match(/<style>/g)?.length, 1);
    assert.equal(hostile.match(/<\/style>/g)?.length, 1);
    assert.equal(escapeHtml(`<a href="x" title='y'>&</a>`), '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;');
  });

  it('marks each rule; a failure in red with its figure and fix; a failed file included anyway says so', () => {
    const manifest = sampleManifest();
    const approval = article(html, manifest.files[2]!.fileName);
    assert.match(approval, /^class="file failed"/);
    assert.ok(approval.includes('<span class="fail">✗ fail</span><br><span class="fail">included anyway</span>'));
    assert.ok(approval.includes('<p class="notice">This file fails its destination’s rules and was included anyway'));
    assert.match(approval, /<tr class="failed"><td>File size<\/td><td>at most 300000 bytes<\/td><td class="num">361\u2009000 bytes<\/td><td><span class="fail">✗ fail: Use a lower bitrate<\/span>/);
    assert.ok(!/\bpass(es)?\b/.test(approval.slice(0, approval.indexOf('<table'))), 'nothing above its rules says pass');
    const radio = article(html, manifest.excluded[0]!.fileName);
    assert.ok(radio.includes('left out of the delivery'));
    assert.ok(radio.includes('✗ fail: Shorten the ad to 15 s'));
    const podcast = article(html, manifest.files[0]!.fileName);
    assert.match(podcast, /^class="file"/);
    assert.equal(podcast.match(/✓ pass/g)?.length, 6, 'the file and its five rules');
    assert.ok(html.includes('1 file in this delivery fails its destination’s rules and was included anyway.'));
  });

  it('draws short-term loudness per file, with the target and its band; silence breaks the line', () => {
    assert.equal(html.match(/<svg class="chart"/g)?.length, 4);
    const svg = loudnessChart({ step: 1, values: [-Infinity, -20, -18, -Infinity, -16, -17] }, 6, { loudness: -16, tolerance: 1 }, 'x');
    assert.equal(svg.match(/<polyline/g)?.length, 2);
    assert.match(svg, /<rect class="band" /);
    assert.match(svg, /<line class="target" /);
    // The last value is drawn at the file's end (the right edge), the first where its window ends.
    assert.match(svg, /points="[\d.]+,[\d.]+ 632\.0,[\d.]+"/);
  });

  it('shows the campaign, the script, the voices and music, the date and the editor version', () => {
    for (const text of ['Acme Coffee', 'Spring 2026', 'ACME0000001', 'ACME1234', ':30 main', '2026-11-26 07:00 UTC', 'Service Studio Editor 0.1.0']) assert.ok(html.includes(text), text);
    assert.ok(html.includes('Order yours today &amp; get free delivery.'));
    assert.ok(html.includes('Voice: <b>Emma</b> (en-GB, British, female), id v-emma'));
    assert.ok(html.includes('Music: <b>Morning Light</b> (acoustic, bright, 96 BPM), id t-9'));
  });

  it('names the one version delivered by its length when it has no label (a feed delivered in it)', () => {
    const base = sampleManifest();
    const manifest = { ...base, campaign: { ...base.campaign, versionLabel: '' }, versions: [{ id: 'v1', label: '', seconds: 15, adId: '', isci: '' }] };
    assert.match(deliveryReport(manifest, { script: sampleScript() }), /<dt>Version<\/dt><dd>:15<\/dd>/);
  });

  it('writes figures with a real minus, infinity as −∞, thin-space thousands', () => {
    assert.equal(fixed(-16.04, 1), '−16.0');
    assert.equal(fixed(-0.01, 1), '0.0');
    assert.equal(fixed(-Infinity, 1), '−∞');
    assert.equal(fixed(Number.NaN, 1), 'n/a');
    assert.equal(grouped(1323000), '1\u2009323\u2009000');
  });
});
