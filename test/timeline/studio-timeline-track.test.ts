import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/studio-timeline/studio-timeline-track.js';
import type { StudioTimelineTrack } from '../../src/components/studio-timeline/studio-timeline-track.js';

describe('<studio-editor-timeline-track>', () => {
  it('shows its name and clip count in a header above the slotted lane', async () => {
    const el = await fixture<StudioTimelineTrack>(html`<studio-editor-timeline-track name="Voice clips" .clipCount=${1}><div class="lane">lane</div></studio-editor-timeline-track>`);
    const header = el.shadowRoot!.querySelector('[part=header]')!;
    expect(header.querySelector('.name')!.textContent).to.equal('Voice clips');
    expect(header.querySelector('.count')!.textContent).to.equal('1 clip');
    el.clipCount = 3;
    await el.updateComplete;
    expect(header.querySelector('.count')!.textContent).to.equal('3 clips');
    expect(el.shadowRoot!.querySelector('slot')!.assignedElements()[0]!.textContent).to.equal('lane');
    await expect(el).to.be.accessible();
  });

  it('shows mute, solo and the level, and asks for a toggle from its buttons', async () => {
    const el = await fixture<StudioTimelineTrack>(html`<studio-editor-timeline-track track="music" name="Music bed" muted .gainDb=${-6}></studio-editor-timeline-track>`);
    const toggles: unknown[] = [];
    el.addEventListener('track-toggle', (event) => toggles.push((event as CustomEvent).detail));
    const root = el.shadowRoot!;
    expect(el.dataset['track']).to.equal('music');
    expect(root.querySelector('[part=mute]')!.getAttribute('aria-pressed')).to.equal('true');
    expect(root.querySelector('[part=mute]')!.getAttribute('aria-label')).to.equal('Mute Music bed');
    expect(root.querySelector('[part=solo]')!.getAttribute('aria-pressed')).to.equal('false');
    expect(root.querySelector('.gain')!.textContent).to.equal('-6.0 dB');
    (root.querySelector('[part=solo]') as HTMLElement).click();
    (root.querySelector('[part=mute]') as HTMLElement).click();
    expect(toggles).to.deep.equal([{ track: 'music', field: 'solo' }, { track: 'music', field: 'muted' }]);
  });
});
