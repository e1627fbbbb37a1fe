import { expect } from '@open-wc/testing';
import { createWaveform, resizeWaveform, waveformElement, whenDrawn } from '../../src/components/studio-timeline/waveform.js';
import { buildShell } from '../../src/components/studio-timeline/wavesurfer-shell.js';

const realHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML') as { get(this: Element): string; set(this: Element, html: string): void };

/** Counts strings assigned through the real `innerHTML` setters (the Trusted Types sinks) while `run` runs. */
async function sinkWrites(run: () => Promise<void>): Promise<number> {
  const targets = [ShadowRoot.prototype, Element.prototype];
  const saved = targets.map((target) => Object.getOwnPropertyDescriptor(target, 'innerHTML')!);
  let writes = 0;
  targets.forEach((target, i) =>
    Object.defineProperty(target, 'innerHTML', {
      ...saved[i],
      set(this: Element, html: string) {
        writes += 1;
        saved[i]!.set!.call(this, html);
      },
    }),
  );
  try {
    await run();
  } finally {
    targets.forEach((target, i) => Object.defineProperty(target, 'innerHTML', saved[i]!));
  }
  return writes;
}

describe('wavesurfer shell (strict CSP and Trusted Types)', () => {
  it('builds wavesurfer’s shadow root, draws and redraws without a <style> or any string in an HTML sink', async () => {
    const host = document.createElement('div');
    document.body.append(host);
    try {
      let root: ShadowRoot | undefined;
      const writes = await sinkWrites(async () => {
        const ws = createWaveform(host, { peaks: Float32Array.from({ length: 200 }, (_, i) => Math.abs(Math.sin(i))), duration: 2, width: 120, height: 40, color: '#123456' });
        await whenDrawn(ws);
        root = waveformElement(ws).shadowRoot!;
        resizeWaveform(ws, 160); // clears the canvases (innerHTML = '') and draws again
        await whenDrawn(ws);
        ws.destroy();
      });
      expect(writes).to.equal(0);
      expect(root!.querySelector('style')).to.equal(null);
      expect(root!.adoptedStyleSheets.length).to.equal(1);
      const parts = [...root!.querySelectorAll('[part]')].map((element) => `${element.parentElement?.getAttribute('part') ?? '#root'}>${element.getAttribute('part')}`);
      expect(parts).to.deep.equal(['#root>scroll', 'scroll>wrapper', 'wrapper>canvases', 'wrapper>progress', 'wrapper>cursor']);
    } finally {
      host.remove();
    }
  });

  it('builds only <div class part> trees; anything else is left to the real setter', () => {
    const built = buildShell(' <div class="a b" part="x"> <div part="y"></div> </div> ', realHtml)!;
    expect(built.childNodes.length).to.equal(1);
    expect((built.firstChild as Element).className).to.equal('a b');
    expect((built.firstChild as Element).firstElementChild!.getAttribute('part')).to.equal('y');
    for (const markup of ['<div onclick="alert(1)"></div>', '<img src=x>', '<div class="a">', '</div>', '<div class="a"></div>text', '<div class="a&quot;"></div>']) {
      expect(buildShell(markup, realHtml), markup).to.equal(undefined);
    }
  });

  it('empties a shell element on innerHTML = "" with replaceChildren', () => {
    const built = buildShell('<div class="canvases"></div>', realHtml)!;
    const div = built.firstChild as HTMLElement;
    div.append(document.createElement('canvas'));
    div.innerHTML = '';
    expect(div.childNodes.length).to.equal(0);
  });
});
