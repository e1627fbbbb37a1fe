// report.html opened from a blob URL in an iframe: the page's resource timing shows zero requests, and
// hostile strings are text. (test/node/browser/delivery-report.test.ts also watches the network and prints it.)
import { expect } from '@open-wc/testing';
import { deliveryReport, REPORT_CSP } from '../../src/delivery/report.js';
import { HOSTILE, sampleManifest, sampleScript } from './sample-manifest.js';

/** Opens `html` in an iframe from a blob URL; resolves once it has loaded and every load it started has settled. */
async function open(html: string): Promise<{ frame: HTMLIFrameElement; done: () => void }> {
  const url = URL.createObjectURL(new Blob([html], { type: 'text/html' }));
  const frame = document.createElement('iframe');
  frame.style.width = '800px';
  frame.style.height = '600px';
  const loaded = new Promise((resolve) => frame.addEventListener('load', resolve, { once: true }));
  frame.src = url;
  document.body.append(frame);
  await loaded;
  await new Promise((resolve) => setTimeout(resolve, 100));
  return {
    frame,
    done: () => {
      frame.remove();
      URL.revokeObjectURL(url);
    },
  };
}

const resources = (frame: HTMLIFrameElement): string[] => frame.contentWindow!.performance.getEntriesByType('resource').map((entry) => entry.name);

describe('report.html in an iframe', () => {
  it('makes zero requests, with its policy and without it', async () => {
    const html = deliveryReport(sampleManifest(true), { script: sampleScript(true) });
    for (const page of [html, html.replace(/<meta http-equiv="Content-Security-Policy"[^>]*>/, '')]) {
      const { frame, done } = await open(page);
      expect(resources(frame).join(', ')).to.equal('');
      expect(frame.contentDocument!.querySelectorAll('svg.chart').length).to.equal(4);
      done();
    }
  });

  it('counts a request when the page makes one (the check can fail)', async () => {
    const html = deliveryReport(sampleManifest(), { script: sampleScript() })
      .replace(`content="${REPORT_CSP}"`, 'content="default-src *"')
      .replace('</body>', `<img src="${location.origin}/test/delivery/no-such-pixel.png"></body>`);
    const { frame, done } = await open(html);
    expect(resources(frame).filter((name) => name.endsWith('/no-such-pixel.png')).length).to.equal(1);
    done();
  });

  it('shows hostile strings as text', async () => {
    const { frame, done } = await open(deliveryReport(sampleManifest(true), { script: sampleScript(true) }));
    const doc = frame.contentDocument!;
    expect(doc.querySelectorAll('script, img').length).to.equal(0);
    expect(doc.querySelectorAll('style').length).to.equal(1);
    for (const text of Object.values(HOSTILE)) expect(doc.body.textContent!.includes(text), text).to.equal(true);
    expect(doc.title).to.equal(`Delivery report: ${HOSTILE.script}`);
    done();
  });
});
