// report.html in headless Chromium: it opens with no network request and no policy violation, hostile strings
// stay text, nothing is wider than A4 or Letter paper, and it prints to PDF on both. STUDIO_REPORT_SHOTS=<dir>
// also saves a screenshot and the two PDFs there, for a person to look at.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser, Page } from 'puppeteer-core';
import { deliveryReport, REPORT_CSP } from '../../../src/delivery/report.js';
import { HOSTILE, sampleManifest, sampleScript } from '../../delivery/sample-manifest.js';
import { launchChromium, watchPage } from './chromium.js';

const SHOTS = process.env['STUDIO_REPORT_SHOTS'];

/** Opens `html` as the page's document (a data: URL); every request besides that navigation is counted and refused. */
async function open(browser: Browser, html: string): Promise<{ page: Page; requests: string[]; violations: () => Promise<string[]> }> {
  const page = await browser.newPage();
  const requests: string[] = [];
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    if (request.isNavigationRequest() && request.frame() === page.mainFrame()) return void request.continue();
    requests.push(request.url());
    void request.abort();
  });
  const problems = await watchPage(page);
  await page.goto(`data:text/html;charset=utf-8;base64,${Buffer.from(html).toString('base64')}`, { waitUntil: 'load' });
  return { page, requests, violations: problems.violations };
}

/** Pages of a PDF Chromium printed (its page objects). */
const pdfPages = (pdf: Uint8Array): number => (Buffer.from(pdf).toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g) ?? []).length;

describe('report.html in Chromium', () => {
  let browser: Browser;
  before(async () => {
    browser = await launchChromium();
  });
  after(async () => {
    await browser?.close();
  });

  it('opens with zero network requests and no violation, also with its policy taken away', async () => {
    const html = deliveryReport(sampleManifest(true), { script: sampleScript(true) });
    for (const variant of [html, html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')]) {
      const { page, requests, violations } = await open(browser, variant);
      await new Promise((resolve) => setTimeout(resolve, 200));
      assert.deepEqual(requests, [], 'no request');
      assert.deepEqual(await violations(), [], 'nothing tried to load');
      await page.close();
    }
  });

  it('counts a request when there is one (the check can fail)', async () => {
    const html = deliveryReport(sampleManifest(), { script: sampleScript() })
      .replace(`content="${REPORT_CSP}"`, 'content="default-src *"')
      .replace('</body>', '<img src="https://example.invalid/pixel.png"></body>');
    const { page, requests } = await open(browser, html);
    assert.deepEqual(requests, ['https://example.invalid/pixel.png']);
    await page.close();
  });

  it('shows hostile strings as text: no script, image or extra style element', async () => {
    const { page } = await open(browser, deliveryReport(sampleManifest(true), { script: sampleScript(true) }));
    const seen = await page.evaluate(() => ({
      scripts: document.querySelectorAll('script').length,
      images: document.querySelectorAll('img').length,
      styles: document.querySelectorAll('style').length,
      text: document.body.textContent ?? '',
      title: document.title,
      hidden: getComputedStyle(document.body).display,
    }));
    assert.equal(seen.scripts, 0);
    assert.equal(seen.images, 0);
    assert.equal(seen.styles, 1);
    assert.equal(seen.hidden, 'block');
    for (const hostile of Object.values(HOSTILE)) assert.ok(seen.text.includes(hostile), `shown as text: ${hostile}`);
    assert.equal(seen.title, `Delivery report: ${HOSTILE.script}`);
    await page.close();
  });

  for (const format of ['A4', 'Letter'] as const) {
    it(`prints on ${format}: nothing wider than the paper, a drawing per file, a few pages`, async (t) => {
      const { page } = await open(browser, deliveryReport(sampleManifest(), { script: sampleScript() }));
      await page.emulateMediaType('print');
      // The printable width: A4 210 mm, Letter 8.5 in, less the 12 mm margins either side, at 96 px per inch.
      const width = Math.floor((((format === 'A4' ? 210 : 215.9) - 24) / 25.4) * 96);
      await page.setViewport({ width, height: 1000 });
      const fit = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        client: document.documentElement.clientWidth,
        svgs: document.querySelectorAll('svg.chart').length,
        widest: Math.max(...[...document.querySelectorAll('table, svg, article')].map((el) => el.getBoundingClientRect().right)),
      }));
      assert.ok(fit.scroll <= fit.client, `no horizontal overflow at ${width} px: ${fit.scroll} > ${fit.client}`);
      assert.ok(fit.widest <= width, `tables and drawings within ${width} px (widest ends at ${fit.widest})`);
      assert.equal(fit.svgs, 4, 'a drawing per file, the excluded one too');
      const pdf = await page.pdf({ format, printBackground: true, preferCSSPageSize: true });
      const pages = pdfPages(pdf);
      t.diagnostic(`${format}: ${pages} pages, ${pdf.length} bytes; printable width ${width} px, widest element ends at ${fit.widest.toFixed(0)} px`);
      assert.ok(pages >= 2 && pages <= 8, `${pages} pages`);
      if (SHOTS) {
        mkdirSync(SHOTS, { recursive: true });
        writeFileSync(join(SHOTS, `report-${format}.pdf`), pdf);
        await page.emulateMediaType('screen');
        await page.setViewport({ width: 1100, height: 900 });
        await page.screenshot({ path: join(SHOTS, `report-screen-${format}.png`) as `${string}.png`, fullPage: true });
      }
      await page.close();
    });
  }
});
