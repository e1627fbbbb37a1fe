// The Feed panel with two versions (issue 51, "Versions in a feed"), on a sinon stub FeedRunner: the versions a run
// delivers are ticked in the step (the open one by default, at least one), named before the run, priced and
// delivered as ticked; the grid checks each row against each of them and names the version beside a problem of
// only one, a problem of every version once.
import { expect } from '@open-wc/testing';
import { executeServerCommand, sendKeys, setViewport } from '@web/test-runner-commands';
import sinon from 'sinon';
import { openContent } from '../../src/model/versions.js';
import { CSV, mountFeedPanel, TEMPLATE } from '../support/feed-panel.js';
import { viewportWidth } from '../support/engine.js';

describe('<studio-editor-feed-panel>: versions in a feed', () => {
  afterEach(() => sinon.restore());

  it('checks each row against each ticked version, names the version beside its problems, and runs in the versions ticked', async () => {
    const { panel, store, runner, $, $$, chooseFile, checked, settle } = await mountFeedPanel();
    await chooseFile(CSV);
    // A short alternate whose Body says no price: a row without one is a problem of the :30 only.
    const content = openContent(store.getState().project);
    const body = { ...TEMPLATE[1]!, text: 'The {{product_name}} is here.' };
    store.dispatch({ type: 'version/add', version: { id: 'v2', label: 'Short' }, content: { ...content, script: { sections: [TEMPLATE[0]!, body, TEMPLATE[2]!] } } });
    store.dispatch({ type: 'version/open', id: 'v1' });
    await checked();
    await settle();

    // The open version by default: the grid is the :30's, and the run says so before it starts.
    expect($('[part=versions] legend')!.textContent).to.equal('Versions');
    expect($$<HTMLInputElement>('[part=versions] input').map((box) => [box.id, box.checked, box.disabled])).to.deep.equal([
      ['feed-version-v1', true, true],
      ['feed-version-v2', false, false],
    ]);
    expect($('label[for=feed-version-v2]')!.textContent).to.equal('Short');
    expect($('#feed-plan-versions')!.textContent).to.equal('Versions: :30');
    expect($('tr[data-row="3"] li[data-kind=missing]')!.dataset['version']).to.equal('');
    expect(runner.price.lastCall.args[1]).to.deep.equal(['v1']);

    // The alternate ticked, by keyboard: each row is checked against both.
    $<HTMLInputElement>('#feed-version-v2')!.focus();
    await sendKeys({ press: ' ' });
    await checked();
    await settle();
    expect($('#feed-plan-versions')!.textContent).to.equal('Versions: :30 and Short');
    expect($('#feed-summary')!.textContent).to.equal('6 rows: 4 ready, 2 with problems.');
    // Row 3's missing price is the :30's only: named with it. Row 5's name too long is both versions': once.
    const missing = $('tr[data-row="3"] li[data-kind=missing]')!;
    expect(missing.dataset['version']).to.equal(':30');
    expect(missing.textContent!.replace(/\s+/g, ' ').trim()).to.match(/^:30 Missing value, column price: /);
    expect($('tr[data-row="5"] li[data-kind=too-long]')!.dataset['version']).to.equal('');
    expect($$('tr[data-row="5"] li[data-kind=too-long]').length).to.equal(1);
    // Each version's estimate, named.
    expect($$('tr[data-row="1"] .per-version .version').map((name) => name.textContent)).to.deep.equal([':30', 'Short', ':30', 'Short']);
    expect(runner.price.lastCall.args[1]).to.deep.equal(['v1', 'v2']);
    await expect(panel).to.be.accessible();
    // The grid scrolled to its figures and problems, for the eye: the versions' names, at a desktop's and a phone's width.
    for (const [width, height] of [
      [1280, 800],
      [viewportWidth(390), 844],
    ] as const) {
      await setViewport({ width, height });
      await panel.updateComplete;
      const box = $('[part=grid-box]')!;
      box.scrollLeft = box.scrollWidth;
      $('tr[data-row="3"]')!.scrollIntoView({ block: 'start' });
      await executeServerCommand('studio-screenshot', { name: `feed-versions-grid-problems-${width}` });
    }
    await setViewport({ width: 800, height: 600 });

    // The :30 unticked: the Short alone, which the last tick keeps; row 3 is fine in it.
    $<HTMLInputElement>('#feed-version-v1')!.click();
    await checked();
    await settle();
    expect($<HTMLInputElement>('#feed-version-v2')!.disabled, 'a run delivers at least one version').to.equal(true);
    expect($('#feed-plan-versions')!.textContent).to.equal('Versions: Short');
    expect($('#feed-summary')!.textContent).to.equal('6 rows: 5 ready, 1 with problems.');
    expect($('tr[data-row="3"]')!.dataset['status']).to.equal('ok');
    $<HTMLButtonElement>('[part=submit]')!.click();
    await settle();
    expect(runner.deliverFeed.firstCall.args[0].versions).to.deep.equal(['v2']);
    expect(runner.deliverFeed.firstCall.args[0].rows).to.include('SKU-3');
  });
});
