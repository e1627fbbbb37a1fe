import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/studio-timeline/studio-timeline-clip.js';
import type { StudioTimelineClip } from '../../src/components/studio-timeline/studio-timeline-clip.js';
import type { TimelineClip } from '../../src/components/studio-timeline/types.js';

const hook: TimelineClip = { id: 'hook', label: 'Hook', start: 1, length: 2, sourceLength: 3, trimIn: 0.5, trimOut: 0.5, fadeIn: 0.2, fadeOut: 0, gain: 0, peaks: new Float32Array(0) };

describe('<studio-editor-timeline-clip>', () => {
  it('places itself at the zoom through the CSSOM, names itself, and marks each part with its gesture', async () => {
    let renders = 0;
    const el = await fixture<StudioTimelineClip>(html`<div role="listbox" aria-label="Voice"><studio-editor-timeline-clip .clip=${hook} .zoom=${50} .targetDuration=${10} .rendered=${() => (renders += 1)}></studio-editor-timeline-clip></div>`).then((list) => list.firstElementChild as StudioTimelineClip);
    await el.updateComplete;
    expect([el.style.left, el.style.width]).to.deep.equal(['50px', '100px']);
    expect(el.getAttribute('role')).to.equal('option');
    expect(el.getAttribute('aria-label')).to.equal('Hook, starts at 0:01.0, 2.0 seconds');
    expect(el.getAttribute('aria-selected')).to.equal('false');
    expect(el.dataset['id']).to.equal('hook');
    expect([...el.querySelectorAll<HTMLElement>('[data-drag]')].map((part) => part.dataset['drag'])).to.deep.equal(['gain', 'trim-in', 'trim-out', 'fade-in', 'fade-out']);
    const wave = el.querySelector<HTMLElement>('.wave')!;
    expect([wave.style.left, wave.style.width, wave.dataset['key']]).to.deep.equal(['-25px', '150px', 'clip:hook']);
    expect(renders).to.equal(1);
    await expect(el.parentElement).to.be.accessible();
  });

  it('says how far it goes past the target and is marked for it', async () => {
    const el = await fixture<StudioTimelineClip>(html`<studio-editor-timeline-clip .clip=${{ ...hook, start: 9 }} .zoom=${50} .targetDuration=${10}></studio-editor-timeline-clip>`);
    expect(el.classList.contains('over')).to.equal(true);
    expect(el.getAttribute('aria-label')).to.equal('Hook, starts at 0:09.0, 2.0 seconds, 1.0 seconds past the target duration');
    el.selected = true;
    await el.updateComplete;
    expect(el.getAttribute('aria-selected')).to.equal('true');
  });
});
