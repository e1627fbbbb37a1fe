// Issue 38: the focus moves to the made ad (its first clip on the timeline) once the timeline shows it, and
// never away from a field the user is typing in.
import { expect, fixture, html } from '@open-wc/testing';
import { focusMadeAd } from '../../../src/components/studio-editor/focus-made-ad.js';

/** A stand-in for the editor's shadow root: timeline panel > timeline > clip, the clip added by `addClip`. */
async function editorLike() {
  const page = await fixture<HTMLDivElement>(html`<div><input id="outside" /><div></div></div>`);
  const host = page.querySelector('div')!;
  const root = host.attachShadow({ mode: 'open' });
  root.innerHTML = '<studio-editor-timeline-panel></studio-editor-timeline-panel>';
  const timeline = document.createElement('studio-editor-timeline');
  root.querySelector('studio-editor-timeline-panel')!.attachShadow({ mode: 'open' }).append(timeline);
  const lane = timeline.attachShadow({ mode: 'open' });
  const addClip = () => {
    const clip = document.createElement('studio-editor-timeline-clip');
    clip.tabIndex = 0;
    lane.append(clip);
  };
  const chain = () => {
    const names: string[] = [];
    for (let at: Element | null = root.activeElement; at !== null; at = at.shadowRoot?.activeElement ?? null) names.push(at.localName);
    return names.join(' > ');
  };
  return { page, root, addClip, chain };
}

describe('focusMadeAd', () => {
  it('waits for the timeline to show the made ad, then focuses its first clip', async () => {
    const { root, addClip, chain } = await editorLike();
    setTimeout(addClip, 120);
    expect(await focusMadeAd(root, { timeoutMs: 2000 })).to.equal(true);
    expect(chain()).to.equal('studio-editor-timeline-panel > studio-editor-timeline > studio-editor-timeline-clip');
  });

  it('leaves the focus in a field the user is typing in', async () => {
    const { page, root, addClip, chain } = await editorLike();
    page.querySelector('input')!.focus();
    addClip();
    expect(await focusMadeAd(root, { timeoutMs: 300 })).to.equal(false);
    expect(chain()).to.equal('');
    expect(document.activeElement?.id).to.equal('outside');
  });

  it('gives up when the timeline never shows a clip, or is hidden', async () => {
    const { root } = await editorLike();
    expect(await focusMadeAd(root, { timeoutMs: 150 })).to.equal(false);
    const hidden = await editorLike();
    hidden.root.querySelector<HTMLElement>('studio-editor-timeline-panel')!.hidden = true;
    hidden.addClip();
    expect(await focusMadeAd(hidden.root, { timeoutMs: 150 })).to.equal(false);
  });
});
