import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import '../../src/components/studio-panels/studio-panels.js';
import type { PanelTab, StudioPanels } from '../../src/components/studio-panels/studio-panels.js';
import { viewportWidth } from '../support/engine.js';

const panels: PanelTab[] = [
  { id: 'recommend', label: 'Recommend' },
  { id: 'script', label: 'Script' },
  { id: 'music', label: 'Music' },
];

const mount = () =>
  fixture<StudioPanels>(html`<studio-editor-panels .panels=${panels} active="script">
    <p slot="recommend">Recommend panel</p>
    <p slot="script">Script panel</p>
    <p slot="music">Music panel</p>
  </studio-editor-panels>`);

const activeText = (element: StudioPanels) =>
  element.shadowRoot!.querySelector('slot')!.assignedElements().map((node) => node.textContent).join();

describe('<studio-editor-panels>', () => {
  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('shows only the active panel, labelled by its tab', async () => {
    const element = await mount();
    expect(activeText(element)).to.equal('Script panel');
    const tab = element.shadowRoot!.querySelector('[aria-selected=true]')!;
    expect(tab.id).to.equal('tab-script');
    expect(element.shadowRoot!.querySelector('[role=tabpanel]')!.getAttribute('aria-labelledby')).to.equal('tab-script');
    await expect(element).to.be.accessible();
  });

  it('gives the separator its value from the first render, before the frame that measures the width', async () => {
    const element = document.createElement('studio-editor-panels') as StudioPanels;
    element.panels = panels;
    element.active = 'script';
    document.body.append(element);
    try {
      await element.updateComplete;
      const separator = element.shadowRoot!.querySelector('[role="separator"]')!;
      // A screen reader (and axe) meets a focusable separator with no value otherwise, on a slow machine.
      expect(Number(separator.getAttribute('aria-valuenow')), 'aria-valuenow').to.be.within(280, 560);
      expect(separator.getAttribute('aria-valuemin')).to.equal('280');
      expect(separator.getAttribute('aria-valuemax')).to.equal('560');
      expect(separator.getAttribute('aria-valuetext')).to.match(/\d/);
    } finally {
      element.remove();
    }
  });

  it('marks the panels that are not shown hidden', async () => {
    const element = await mount();
    const hidden = () => [...element.children].map((child) => `${child.slot}:${(child as HTMLElement).hidden}`);
    // Until an ad exists the recommend panel is the stage (the Create view): shown beside the active step.
    expect(hidden()).to.deep.equal(['recommend:false', 'script:false', 'music:true']);
    element.shadowRoot!.querySelector<HTMLButtonElement>('#tab-music')!.click();
    await element.updateComplete;
    expect(hidden()).to.deep.equal(['recommend:false', 'script:true', 'music:false']);
    // An ad made: the stage is the timeline, and Recommend a step like the others.
    element.made = true;
    await element.updateComplete;
    expect(hidden()).to.deep.equal(['recommend:true', 'script:true', 'music:false']);
  });

  it('opens a panel on click and says so', async () => {
    const element = await mount();
    const seen: string[] = [];
    element.addEventListener('panel-select', (event) => seen.push((event as CustomEvent<string>).detail));
    element.shadowRoot!.querySelector<HTMLButtonElement>('#tab-music')!.click();
    await element.updateComplete;
    expect(seen).to.deep.equal(['music']);
    expect(activeText(element)).to.equal('Music panel');
  });

  it(`moves with arrow keys, wrapping, and Home/End, in stacked layout at ${viewportWidth(400)} px`, async () => {
    await setViewport({ width: viewportWidth(400), height: 600 });
    const element = await mount();
    element.arrangement = 'stacked';
    await element.updateComplete;
    element.shadowRoot!.querySelector<HTMLButtonElement>('#tab-script')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    expect(element.active).to.equal('music');
    await sendKeys({ press: 'ArrowRight' });
    expect(element.active).to.equal('recommend');
    await sendKeys({ press: 'End' });
    expect(element.active).to.equal('music');
    await sendKeys({ press: 'Home' });
    await element.updateComplete;
    expect(element.shadowRoot!.activeElement!.id).to.equal('tab-recommend');
  });

  it(`puts the rail beside the panel when wide, a bottom bar of views when narrow (${viewportWidth(360)} px), as arrangement says`, async () => {
    await setViewport({ width: 1200, height: 600 });
    const element = await mount();
    const rail = element.shadowRoot!.querySelector<HTMLElement>('.rail')!;
    const views = element.shadowRoot!.querySelector<HTMLElement>('[part=views]')!;
    const tabs = element.shadowRoot!.querySelector<HTMLElement>('[part=tabs]')!;
    expect(getComputedStyle(tabs).flexDirection).to.equal('column');
    expect(getComputedStyle(views).display).to.equal('none');
    element.shadowRoot!.querySelector<HTMLButtonElement>('#tab-script')!.focus();
    await sendKeys({ press: 'ArrowDown' });
    expect(element.active).to.equal('music');
    await setViewport({ width: viewportWidth(360), height: 600 });
    expect(getComputedStyle(rail).display).to.equal('none');
    expect(getComputedStyle(views).display).to.equal('grid');
    element.arrangement = 'side-by-side';
    await element.updateComplete;
    expect(getComputedStyle(rail).display).to.not.equal('none');
    expect(getComputedStyle(views).display).to.equal('none');
    element.arrangement = 'stacked';
    await element.updateComplete;
    expect(getComputedStyle(tabs).flexDirection).to.equal('row');
  });

  it('falls back to the first panel when the active one is switched off', async () => {
    const element = await mount();
    element.panels = panels.filter((panel) => panel.id !== 'script');
    await element.updateComplete;
    expect(element.active).to.equal('recommend');
    expect(element.shadowRoot!.querySelector('#tab-script')).to.equal(null);
  });
});

describe('<studio-editor-panels> scroll (issue 15)', () => {
  const all: PanelTab[] = ['Recommend', 'Script', 'Voice', 'Music', 'Mix', 'Master', 'Export'].map((label) => ({ id: label.toLowerCase() as PanelTab['id'], label }));
  const mountTall = () =>
    fixture<StudioPanels>(html`<studio-editor-panels .panels=${all} active="recommend" made style="height: 300px">
      ${all.map((panel) => html`<div slot=${panel.id} style="height: 2000px">${panel.label} panel</div>`)}
    </studio-editor-panels>`);
  const open = async (element: StudioPanels, id: string) => {
    element.shadowRoot!.querySelector<HTMLButtonElement>(`#tab-${id}`)!.click();
    await element.updateComplete;
    // The tab row scrolls the active tab into view in the next frame.
    await new Promise((resolve) => requestAnimationFrame(resolve));
  };

  afterEach(() => setViewport({ width: 800, height: 600 }));

  it('opens each panel at its own remembered scroll position, or at the top', async () => {
    const element = await mountTall();
    const area = element.shadowRoot!.querySelector<HTMLElement>('[part=panel]')!;
    area.scrollTop = 500;
    await open(element, 'music');
    expect(area.scrollTop).to.equal(0);
    area.scrollTop = 120;
    await open(element, 'recommend');
    expect(area.scrollTop).to.equal(500);
    await open(element, 'music');
    expect(area.scrollTop).to.equal(120);
    await open(element, 'export');
    expect(area.scrollTop).to.equal(0);
  });

});
