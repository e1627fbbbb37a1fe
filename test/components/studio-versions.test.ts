// The versions bar on a store and a fake service: a named radio group operated by the keyboard, each
// version's label as text, length and status; New version with its price, a refused length with the range,
// the service's answer with "Edit the script"; Duplicate as alternate; axe.
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, setViewport } from '@web/test-runner-commands';
import type { ServiceClient } from '../../src/api/client.js';
import { StudioApiError } from '../../src/api/errors.js';
import '../../src/components/studio-versions/studio-versions.js';
import type { StudioVersions } from '../../src/components/studio-versions/studio-versions.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
import { openContent } from '../../src/model/versions.js';
import { de } from '../../src/i18n/de.js';
import { createTranslator } from '../../src/i18n/translate.js';
import type { TestEditorContext } from '../support/editor-context.js';
import '../support/editor-context.js';
import { sampleProject } from '../model/fixtures.js';
import { viewportWidth } from '../support/engine.js';

const HOSTILE = '<img src=x onerror=alert(1)>';

async function mount(client?: Partial<ServiceClient>) {
  const context = await fixture<TestEditorContext>(html`<test-editor-context .client=${client as ServiceClient}><studio-editor-versions .destinations=${BUILTIN_DESTINATIONS}></studio-editor-versions></test-editor-context>`);
  const base = sampleProject();
  const doc = { ...base, voice: { ...base.voice, voice: 'v-anna' }, script: { sections: [{ id: 's1', label: 'Hook', text: 'Hello there.' }, { id: 's2', label: 'Call to action', text: 'Buy now.' }] } };
  context.store.dispatch({ type: 'project/init', project: doc });
  context.store.dispatch({ type: 'version/add', version: { id: 'v2', label: HOSTILE }, content: { ...openContent(doc), duration: 3 } });
  const bar = context.querySelector('studio-editor-versions') as StudioVersions;
  await bar.updateComplete;
  const $ = <T extends HTMLElement = HTMLElement>(selector: string) => bar.shadowRoot!.querySelector<T>(selector);
  const $$ = (selector: string) => [...bar.shadowRoot!.querySelectorAll<HTMLElement>(selector)];
  return { context, bar, store: context.store, $, $$ };
}

describe('<studio-editor-versions>', () => {
  it('is a named radio group of versions: label as text, length, status; the arrow keys switch', async () => {
    const { bar, store, $, $$ } = await mount();
    expect($('[part=list] legend')!.textContent!.trim()).to.equal('Versions');
    expect($$('[part=version] .name').map((name) => name.textContent)).to.deep.equal([':30', HOSTILE]);
    expect($('[part=version] img')).to.equal(null);
    expect($$('[part=version] .length').map((length) => length.textContent)).to.deep.equal(['0:30', '0:03']);
    // The :3 has a take starting at 4 s (its length unknown here); the :30 meets its destinations.
    const statuses = $$('[part=status]').map((status) => status.textContent);
    expect(statuses[0]).to.equal('Meets its destinations');
    expect(statuses[1]).to.equal('The speech runs 1.0 s past the end');
    expect(store.getState().project.openVersion).to.equal('v2');
    $<HTMLInputElement>('input[value=v1]')!.focus();
    await sendKeys({ press: 'ArrowRight' });
    await bar.updateComplete;
    expect(store.getState().project.openVersion).to.equal('v2');
    await sendKeys({ press: 'ArrowLeft' });
    await bar.updateComplete;
    expect(store.getState().project.openVersion).to.equal('v1');
    await expect(bar).to.be.accessible();
  });

  it('refuses a length outside 5 to 600 s with the range, shows the price, and the service answer with Edit the script', async () => {
    const client: Partial<ServiceClient> = {
      pricing: async () => ({ operations: { format: { base: 1 }, voiceover: { base: 2 } } }),
      format: async () => {
        throw new StudioApiError('bad-request', 'Formatting failed', { status: 422, serviceCode: 'cannot_fit', serviceMessage: 'the Call to action alone takes 7.4 s' });
      },
    };
    const { bar, store, $ } = await mount(client);
    $<HTMLButtonElement>('[part=actions] button')!.click();
    await bar.updateComplete;
    await new Promise((resolve) => setTimeout(resolve, 0));
    await bar.updateComplete;
    // One format, and both sections voiced (their takes are of other text): 1 + 2 + 2.
    expect($('[part=price]')!.textContent).to.equal('Uses 5 credits');
    const custom = [...bar.shadowRoot!.querySelectorAll<HTMLLabelElement>('.lengths label')].find((label) => label.textContent!.trim() === 'Custom')!;
    custom.querySelector('input')!.click();
    await bar.updateComplete;
    const seconds = $<HTMLInputElement>('.custom input')!;
    seconds.value = '4';
    seconds.dispatchEvent(new Event('input'));
    await bar.updateComplete;
    expect(seconds.getAttribute('aria-invalid')).to.equal('true');
    $<HTMLButtonElement>('[part=form] button[type=submit]')!.click();
    await bar.updateComplete;
    expect($('[part=error]')!.textContent!.trim()).to.equal('A version is 5 to 600 s long.');
    seconds.value = '6';
    seconds.dispatchEvent(new Event('input'));
    await bar.updateComplete;
    $<HTMLButtonElement>('[part=form] button[type=submit]')!.click();
    await new Promise((resolve) => setTimeout(resolve, 0));
    await bar.updateComplete;
    expect($('[part=error]')!.textContent!.trim()).to.equal('The script cannot be fitted to 6 s. The service says: the Call to action alone takes 7.4 s');
    let asked = 0;
    bar.addEventListener('versions-edit-script', () => (asked += 1));
    $<HTMLButtonElement>('[part=edit-script]')!.click();
    expect(asked).to.equal(1);
    expect(store.getState().project.versions.length).to.equal(2);
    await expect(bar).to.be.accessible();
  });

  it('duplicates the open version as an alternate in one step', async () => {
    const { bar, store, $$ } = await mount();
    const duplicate = [...bar.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=actions] button')].find((button) => button.textContent!.trim() === 'Duplicate as alternate')!;
    const before = store.getState().history.pastDepth;
    duplicate.click();
    await bar.updateComplete;
    expect(store.getState().project.versions.map((version) => version.id)).to.deep.equal(['v1', 'v2', 'v3']);
    // Named after the one it copies, so that the two can be told apart.
    expect(store.getState().project.versions[2]!.label).to.equal(`${HOSTILE} alt`);
    expect(store.getState().history.pastDepth).to.equal(before + 1);
    expect($$('[part=version]').length).to.equal(3);
  });

  it('renames the open version in one undo step; empty calls it by its length again; Escape closes', async () => {
    const { bar, store, $ } = await mount();
    const rename = () => [...bar.shadowRoot!.querySelectorAll<HTMLButtonElement>('[part=actions] button')].find((button) => button.textContent!.trim() === 'Rename')!;
    const type = async (value: string) => {
      const field = $<HTMLInputElement>('[part=rename] input')!;
      field.value = value;
      field.dispatchEvent(new Event('input'));
      await bar.updateComplete;
    };
    rename().click();
    await bar.updateComplete;
    expect(rename().getAttribute('aria-expanded')).to.equal('true');
    expect($<HTMLInputElement>('[part=rename] input')!.value).to.equal(HOSTILE);
    const before = store.getState().history.pastDepth;
    await type('  Radio :03  ');
    $<HTMLButtonElement>('[part=rename] button[type=submit]')!.click();
    await bar.updateComplete;
    expect(store.getState().project.versions[1]!.label).to.equal('Radio :03');
    expect(store.getState().history.pastDepth).to.equal(before + 1);
    expect($('[part=rename]')).to.equal(null);
    expect(bar.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Renamed to Radio :03.');
    rename().click();
    await bar.updateComplete;
    await type('');
    $<HTMLButtonElement>('[part=rename] button[type=submit]')!.click();
    await bar.updateComplete;
    expect(store.getState().project.versions[1]!.label).to.equal('');
    expect(bar.shadowRoot!.querySelector('[role=status]')!.textContent).to.equal('Renamed to :3.');
    rename().click();
    await bar.updateComplete;
    $<HTMLInputElement>('[part=rename] input')!.focus();
    await sendKeys({ press: 'Escape' });
    await bar.updateComplete;
    expect($('[part=rename]')).to.equal(null);
    expect(store.getState().project.versions[1]!.label).to.equal('');
    await expect(bar).to.be.accessible();
  });

  it(`on a phone (${viewportWidth(390)} px) keeps the versions and their actions to one row that scrolls sideways`, async () => {
    // A phone's screen (a narrow editor on a wide screen wraps instead: versions-screens.test.ts). Mounted first,
    // then the screen made a phone's: WebKitGTK does not evaluate again the media queries of a shared stylesheet
    // whose shadow roots were all removed (this file's earlier bars) when the window changes, so a bar mounted
    // after the change would be styled for the old width; an attached one follows the change, as on a real phone.
    try {
      const { bar, context, $, $$ } = await mount();
      await setViewport({ width: viewportWidth(390), height: 844 });
      $$('[part=version] input')[1]!.click();
      context.style.display = 'block';
      context.style.width = `${viewportWidth(390)}px`;
      await bar.updateComplete;
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const row = $('.row')!;
      const boxes = $$('[part=version], [part=actions] button').map((element) => element.getBoundingClientRect());
      // One row: every version and action shares a band of height with every other.
      expect(Math.max(...boxes.map((box) => box.top))).to.be.below(Math.min(...boxes.map((box) => box.bottom)));
      expect(getComputedStyle(row).overflowX).to.equal('auto');
      expect(row.scrollWidth).to.be.above(row.clientWidth);
      expect($('.heading')!.getBoundingClientRect().width, 'the heading makes room').to.equal(0);
    } finally {
      await setViewport({ width: 800, height: 600 });
    }
  });

  it("says the judge's finding in the user's language: a destination's length limit, in German, with the sheet that sets it", async () => {
    const short = { ...BUILTIN_DESTINATIONS[0]!, id: 'kurz', label: 'Kurzspot', length: { kind: 'max', maxSeconds: 20 } } as const;
    const context = await fixture<TestEditorContext>(
      html`<test-editor-context .t=${createTranslator('de', de)}><studio-editor-versions .destinations=${[short]}></studio-editor-versions></test-editor-context>`,
    );
    const doc = sampleProject();
    context.store.dispatch({ type: 'project/init', project: { ...doc, delivery: { ...doc.delivery, destinations: ['kurz'] } } });
    const bar = context.querySelector('studio-editor-versions') as StudioVersions;
    await bar.updateComplete;
    const status = bar.shadowRoot!.querySelector('[part=status]')!.textContent;
    // The :30 is longer than the sheet's 20 s: said from the rule's German words, the figures in German format.
    expect(status).to.equal('Kurzspot: Länge: 30 s, verlangt höchstens 20 s');
    expect(bar.shadowRoot!.querySelector('[part=version]')!.classList.contains('fail')).to.equal(true);
  });
});
