import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/studio-timeline/studio-timeline-track.js';
import type { StudioTimelineTrack } from '../../src/components/studio-timeline/studio-timeline-track.js';

describe('<studio-timeline-track>', () => {
  it('shows its name and clip count in a header above the slotted lane', async () => {
    const el = await fixture<StudioTimelineTrack>(html`<studio-timeline-track name="Voice clips" .clipCount=${1}><div class="lane">lane</div></studio-timeline-track>`);
    const header = el.shadowRoot!.querySelector('[part=header]')!;
    expect(header.querySelector('.name')!.textContent).to.equal('Voice clips');
    expect(header.querySelector('.count')!.textContent).to.equal('1 clip');
    el.clipCount = 3;
    await el.updateComplete;
    expect(header.querySelector('.count')!.textContent).to.equal('3 clips');
    expect(el.shadowRoot!.querySelector('slot')!.assignedElements()[0]!.textContent).to.equal('lane');
    await expect(el).to.be.accessible();
  });
});
