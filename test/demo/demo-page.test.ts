// The demo's page (demo/index.html, the built editor) in a 1280x800 window (issue 53): the whole editor, its
// status line and the page's own line in view without scrolling the page; at 768x1024 as well. The page loads
// dist/studio-editor.iife.js: run after a build, as the builder page's test.
import { expect } from '@open-wc/testing';
import type { StudioEditor } from '../../src/components/studio-editor/studio-editor.js';
import { waitUntil } from '../support/wait.js';

describe('Demo page', () => {
  let frame: HTMLIFrameElement | undefined;
  afterEach(() => frame?.remove());

  for (const [width, height] of [[1280, 800], [768, 1024]] as const) {
    it(`shows the whole editor, its status line included, in a ${width}x${height} window`, async () => {
      frame = document.createElement('iframe');
      frame.style.cssText = `width: ${width}px; height: ${height}px; border: 0`;
      frame.src = '/demo/index.html';
      document.body.append(frame);
      const doc = () => frame!.contentDocument!;
      const editor = () => doc().querySelector('studio-editor') as StudioEditor | null;
      await waitUntil(() => editor()?.ready === true && doc().getElementById('demo-status')!.textContent !== '', 'the demo editor ready');
      expect(frame.contentWindow!.innerHeight, 'the window').to.equal(height);
      const box = editor()!.getBoundingClientRect();
      const status = editor()!.shadowRoot!.querySelector('[part="status"]')!.getBoundingClientRect();
      const line = doc().getElementById('demo-status')!.getBoundingClientRect();
      expect(box.height, 'a usable editor, px').to.be.at.least(560);
      expect(box.top, 'the editor starts in view').to.be.at.least(0);
      expect(box.bottom, 'the editor ends in view').to.be.at.most(height);
      expect(status.height, 'the status line shown').to.be.above(0);
      expect(status.bottom, "the editor's status line in view").to.be.at.most(height);
      expect(line.bottom, "the page's status line in view").to.be.at.most(height);
      expect(box.right, 'the editor across').to.be.at.most(width);
      expect(doc().documentElement.scrollWidth, 'no sideways scroll').to.be.at.most(width);
    });
  }
});
