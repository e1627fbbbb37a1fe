import { expect, fixture, html } from '@open-wc/testing';
import '../../src/components/studio-timeline/studio-timeline-ruler.js';
import type { StudioTimelineRuler } from '../../src/components/studio-timeline/studio-timeline-ruler.js';

describe('<studio-editor-timeline-ruler>', () => {
  it('labels the ticks of its range at the zoom, with small ticks as a background, and seeks', async () => {
    const el = await fixture<StudioTimelineRuler>(html`<studio-editor-timeline-ruler .zoom=${100} .from=${0} .to=${3}></studio-editor-timeline-ruler>`);
    const ticks = () => [...el.querySelectorAll<HTMLElement>('.tick')].map((tick) => [tick.textContent, tick.style.left]);
    expect(ticks()).to.deep.equal([['0:00.0', '0px'], ['0:01.0', '100px'], ['0:02.0', '200px'], ['0:03.0', '300px']]);
    expect(el.style.getPropertyValue('background-size')).to.equal('20px 6px');
    expect(el.getAttribute('aria-hidden')).to.equal('true');
    expect(el.dataset['drag']).to.equal('seek');
    expect(el.hasAttribute('style') && el.shadowRoot).to.equal(null);
    el.from = 10;
    el.to = 40;
    el.zoom = 10;
    await el.updateComplete;
    expect(ticks()).to.deep.equal([['0:10', '100px'], ['0:20', '200px'], ['0:30', '300px'], ['0:40', '400px']]);
  });
});
