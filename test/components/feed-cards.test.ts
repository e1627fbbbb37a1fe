// The Feed grid on a phone (issue 53): at 390x844 (WebKitGTK: its narrowest window, without touch) the rows are
// cards, one a row: its number and its own Play first, then its status, its key, its problems in words, then its
// values. Nothing is wider than the panel, no box scrolls sideways, and on a touch screen every target is 44x44.
import { expect } from '@open-wc/testing';
import { executeServerCommand } from '@web/test-runner-commands';
import sinon from 'sinon';
import { deepAll } from '../support/deep-query.js';
import { engine, skipIn, viewportWidth } from '../support/engine.js';
import { CSV, mountFeedPanel } from '../support/feed-panel.js';
import { frame, leaveScreen, useScreen } from '../support/screen.js';
import { waitUntil } from '../support/wait.js';

const shown = (element: Element) => {
  const box = element.getBoundingClientRect();
  return box.width > 0 && box.height > 0;
};

describe('<studio-editor-feed-panel> on a phone: the rows as cards', function () {
  let touch = false;

  before(async () => {
    touch = await useScreen({ width: viewportWidth(390), height: 844, touch: true });
  });

  afterEach(() => sinon.restore());
  after(() => leaveScreen(undefined));

  it('shows a card a row, problems in words above values, nothing wider than the panel, Play one tap away', async () => {
    const { panel, runner, $, $$, chooseFile } = await mountFeedPanel();
    await chooseFile(CSV);
    await frame();
    $('tr[data-row="3"]')!.scrollIntoView();
    await executeServerCommand('studio-screenshot', { name: `feed-cards-${engine}` });
    const edge = panel.getBoundingClientRect();
    expect(edge.width, 'a panel narrower than the table').to.be.below(640);
    // No element past the panel's sides, and no box that scrolls sideways.
    const outside = deepAll(panel.shadowRoot!, '*')
      .filter(shown)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.left < edge.left - 1 || box.right > edge.right + 1)
      .map(({ element, box }) => `${element.localName}.${String(element.className)} ${Math.round(box.left)}..${Math.round(box.right)}`);
    expect(outside, `elements outside the panel's ${Math.round(edge.left)}..${Math.round(edge.right)}`).to.deep.equal([]);
    const wide = deepAll(panel.shadowRoot!, '*')
      // A visually hidden text (a 1 px box for a screen reader) overflows on purpose.
      .filter((element) => element instanceof HTMLElement && !element.classList.contains('visually-hidden') && getComputedStyle(element).display !== 'inline' && element.scrollWidth > element.clientWidth + 1)
      .map((element) => `${element.localName}.${String(element.className)} ${element.scrollWidth} > ${element.clientWidth}`);
    expect(wide, 'boxes that scroll sideways').to.deep.equal([]);
    // Each row a card of its own, in a column: the same width, one under the other.
    const cards = $$('tr[part=row]');
    expect(cards.length).to.equal(6);
    const [first, second] = cards.map((card) => card.getBoundingClientRect());
    expect(second!.top, 'the second card under the first').to.be.at.least(first!.bottom);
    expect(Math.round(second!.width)).to.equal(Math.round(first!.width));
    // Row 3: its status, its key, then its missing price in words, then its values.
    const third = $('tr[data-row="3"]')!;
    const top = (selector: string) => third.querySelector(selector)!.getBoundingClientRect().top;
    expect(top('[part=status]'), 'status above the key').to.be.below(top('.key'));
    expect(top('.key'), 'key above the problems').to.be.below(top('.problems li'));
    expect(top('.problems li'), 'problems above the values').to.be.below(top('.value'));
    expect(third.querySelector('.problems li')!.textContent).to.contain('"price" is empty');
    // Each value names its slot.
    // (Firefox gives the computed content as written, attr() and all; the others, the text it makes.)
    const value = third.querySelector<HTMLElement>('.value')!;
    expect(value.dataset['label']).to.equal('{{product_name}}');
    expect(getComputedStyle(value, '::before').content).to.match(/\{\{product_name\}\}|attr\(data-label\)/);
    // The card's own Play plays its row, chosen.
    const play = third.querySelector<HTMLButtonElement>('.play-row')!;
    expect(shown(play), 'the card has its Play').to.equal(true);
    expect(play.getAttribute('aria-label')).to.equal('Play this row, Row 3: SKU-3');
    play.click();
    await waitUntil(() => runner.previewRow.called, 'row 3 played');
    expect(runner.previewRow.firstCall.args[0]).to.equal('SKU-3');
    expect($<HTMLInputElement>('#row-2')!.checked, 'row 3 chosen').to.equal(true);
    await expect(panel).to.be.accessible();
  });

  it('makes every target of the cards at least 44x44 px on a touch screen', async function () {
    if (!touch) skipIn(this, engine === 'firefox' ? 'firefox-pointer-at-launch' : 'touch-screen');
    expect(matchMedia('(pointer: coarse)').matches, 'a touch screen').to.equal(true);
    const { $$, chooseFile } = await mountFeedPanel();
    await chooseFile(CSV);
    await frame();
    const small = $$('tr[part=row] button, tr[part=row] label, #problems-only + label, [part=pager] button, [part=pager] select')
      .filter(shown)
      .map((element) => ({ element, box: element.getBoundingClientRect() }))
      .filter(({ box }) => box.width < 43.5 || box.height < 43.5)
      .map(({ element, box }) => `${element.localName} “${element.textContent!.trim()}” ${Math.round(box.width)}x${Math.round(box.height)}`);
    expect(small, 'targets under 44 px').to.deep.equal([]);
  });

  it('keeps the wide table where it fits', async () => {
    const { panel, $, $$, chooseFile } = await mountFeedPanel();
    panel.style.width = '1200px';
    await chooseFile(CSV);
    await frame();
    expect(getComputedStyle($('table')!).display).to.equal('table');
    expect(shown($$('.play-row')[0]!), 'no Play in a table row').to.equal(false);
    panel.style.width = '';
  });
});
