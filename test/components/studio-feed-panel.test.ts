// The Feed panel's import, mapping and grid on a real store: a 6-row CSV chosen as a file (one feed/set), the
// grid naming row 3's missing price and row 5's name too long for its slot with their columns, the mapping's
// selects (feed/map, feed/key), a refused file that changes nothing, replacing a feed (asked, undoable), the
// pages of a long feed, hostile values as text, German words, and axe on each state.
import { expect } from '@open-wc/testing';
import sinon from 'sinon';
import { createTranslator } from '../../src/i18n/translate.js';
import '../../src/i18n/en-later.js';
import { de } from '../../src/i18n/de.js';
import { loadLockRules } from '../../src/model/lock-rules.js';
import '../../src/model/locks.js';
import { CSV, LONG_NAME, bigCsv, mountFeedPanel } from '../support/feed-panel.js';

describe('<studio-editor-feed-panel>: import, mapping and grid', () => {
  afterEach(() => sinon.restore());

  it('imports a chosen CSV in one feed/set, with the key and the columns matched to the slots, and names both problems with their columns', async () => {
    const { panel, store, $, $$, chooseFile, rowText } = await mountFeedPanel();
    expect($('[part=message]')!.textContent).to.contain('No feed yet');
    await expect(panel).to.be.accessible();
    const dispatch = sinon.spy(store, 'dispatch');
    await chooseFile(CSV);
    const sets = dispatch.getCalls().filter((call) => call.args[0].type.startsWith('feed/'));
    expect(sets.length, 'one feed edit').to.equal(1);
    const action = sets[0]!.args[0] as { type: string; feed: { key: string; mapping: unknown[]; rows: unknown[] } };
    expect(action.type).to.equal('feed/set');
    expect(action.feed.key).to.equal('id');
    expect(action.feed.mapping).to.deep.equal([{ column: 'product_name', slot: 'product_name' }, { column: 'price', slot: 'price' }]);
    expect(store.getState().project.feed!.rows.length).to.equal(6);
    expect($('#feed-notice')!.textContent).to.equal('Imported 6 rows from rows.csv.');
    expect($('#feed-summary')!.textContent).to.equal('6 rows: 4 ready, 2 with problems.');
    expect($$('tbody tr[part=row]').length).to.equal(6);
    // Row 3: the missing price, named with its column; status in an icon and a word.
    const third = $('tr[data-row="3"]')!;
    expect(third.dataset['status']).to.equal('problem');
    expect(third.querySelector('[part=status]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('✗ Problem price');
    expect(third.querySelector('[part=status] .icon')!.getAttribute('aria-hidden')).to.equal('true');
    const missing = third.querySelector<HTMLElement>('li[data-kind=missing]')!;
    expect(missing.dataset['column']).to.equal('price');
    expect(missing.textContent).to.equal('Missing value, column price: "price" is empty: {{price}} needs a value');
    // Row 5: the name over the slot's 30 characters.
    const long = $('tr[data-row="5"] li[data-kind=too-long]')!;
    expect(long.dataset['column']).to.equal('product_name');
    expect(long.textContent).to.contain(`Too long for its slot, column product_name: "product_name" has ${[...LONG_NAME].length} characters`);
    expect(long.textContent).to.contain('{{product_name}} holds at most 30');
    // A good row: its key, values, length and pace.
    expect(rowText(1)).to.match(/^1 \| ✓ OK \| SKU-1 \| Trail runner shoes \| 59\.99 \| \d+\.\d s \| \d\.\d \| $/);
    expect($$('thead th').map((th) => th.textContent!.trim())).to.deep.equal(['Row', 'Status', 'Key', '{{product_name}}product_name', '{{price}}price', 'Length', 'Words a second', 'Problems']);
    await expect(panel).to.be.accessible();
  });

  it('maps a column to the Ad-ID of each version, as a slot; a malformed row Ad-ID is that row\'s problem in its column', async () => {
    const { panel, store, $, chooseFile, checked } = await mountFeedPanel();
    const ids = ['ACME0000001', 'ACME0000002', 'ACME00003', '', 'ACME0000005', 'ACME0000006'];
    await chooseFile(CSV.split('\n').map((line, index) => `${line},${index === 0 ? 'ad_id' : ids[index - 1]}`).join('\n'));
    const select = $<HTMLSelectElement>('#ad-id-column-v1')!;
    expect(panel.shadowRoot!.querySelector('label[for=ad-id-column-v1]')!.textContent).to.equal('Ad-ID of :30 from');
    expect(select.value, 'no column until one is chosen').to.equal('');
    expect($('#ad-id-column-v1-hint')!.textContent).to.contain('never from the version');
    select.value = 'ad_id';
    select.dispatchEvent(new Event('change'));
    await checked();
    expect(store.getState().project.feed!.mapping).to.deep.include({ column: 'ad_id', slot: '__ad_id__v1' });
    const third = $('tr[data-row="3"] li[data-kind=ad-id]')!;
    expect(third.dataset['column']).to.equal('ad_id');
    expect(third.textContent).to.equal('Ad-ID, column ad_id: Ad-ID: An Ad-ID has 11 characters (a 4-character prefix, then 7); this one has 9; correct it, or leave it empty for no code');
    expect($('tr[data-row="4"] li[data-kind=ad-id]'), 'an empty Ad-ID is no code').to.equal(null);
    // The Ad-ID column is no slot: the grid shows no column for it.
    expect([...panel.shadowRoot!.querySelectorAll('thead th')].map((th) => th.textContent!.trim())).to.not.include('__ad_id__v1');
    await expect(panel).to.be.accessible();
  });

  it('imports pasted JSON, and says what is wrong with empty pasted text', async () => {
    const { store, $, pasteAndImport } = await mountFeedPanel();
    await pasteAndImport('   ');
    expect($('[part=import-problems]')!.textContent).to.contain('The pasted text was not imported, and nothing changed:');
    expect($('[part=import-problems]')!.textContent).to.contain('Paste the rows first');
    expect(store.getState().project.feed).to.equal(null);
    await pasteAndImport('[{"sku": "A1", "Product Name": "Socks", "price": 9.99}, {"sku": "A2", "Product Name": "Hat", "price": 19}]');
    const feed = store.getState().project.feed!;
    expect(feed.key).to.equal('sku');
    expect(feed.mapping).to.deep.equal([{ column: 'Product Name', slot: 'product_name' }, { column: 'price', slot: 'price' }]);
    expect(feed.rows).to.deep.equal([['A1', 'Socks', '9.99'], ['A2', 'Hat', '19']]);
    expect($('[part=import-problems]')).to.equal(null);
    expect($<HTMLTextAreaElement>('#feed-paste')!.value, 'the pasted text goes once imported').to.equal('');
  });

  it('refuses a broken file with each problem in words, up to 10 and the count, and changes nothing', async () => {
    const { panel, store, $, $$, chooseFile } = await mountFeedPanel();
    await chooseFile(CSV);
    const before = store.getState().project;
    const broken = ['id,product_name,price', ...Array.from({ length: 12 }, (_, i) => `B-${i},Shoes, blue,${i}`)].join('\n');
    const dispatch = sinon.spy(store, 'dispatch');
    await chooseFile(broken, 'broken.csv');
    expect(dispatch.called, 'no edit').to.equal(false);
    expect(store.getState().project).to.equal(before);
    const box = $('[part=import-problems]')!;
    expect(box.getAttribute('role')).to.equal('alert');
    expect(box.querySelector('p')!.textContent).to.equal('broken.csv was not imported, and nothing changed:');
    const items = $$('[part=import-problems] li').map((li) => li.textContent);
    expect(items.length).to.equal(10);
    expect(items[0]).to.equal('Row 1 of "broken.csv" has 4 values; the header names 3 columns: quote a value that holds a comma ("Shoes, blue"), or name the extra column in the header');
    expect(box.textContent).to.contain('…and 2 more problems like these.');
    expect(panel.shadowRoot!.activeElement, 'the problems take the focus').to.equal(box);
    expect($$('tbody tr[part=row]').length, 'the grid shows the feed as it was').to.equal(6);
    await expect(panel).to.be.accessible();
  });

  it('asks before replacing a feed (undo brings it back), and removes it', async () => {
    const { panel, store, $, chooseFile } = await mountFeedPanel();
    await chooseFile(CSV);
    const first = store.getState().project.feed;
    await chooseFile(bigCsv(3), 'three.csv');
    expect(store.getState().project.feed, 'unchanged until confirmed').to.equal(first);
    const confirm = $('[part=confirm]')!;
    expect(confirm.textContent).to.contain('Replace the current feed (6 rows) with three.csv (3 rows)? Undo brings the current one back.');
    expect(panel.shadowRoot!.activeElement?.textContent).to.equal('Replace the feed');
    await expect(panel).to.be.accessible();
    [...confirm.querySelectorAll('button')].find((button) => button.textContent === 'Keep the current feed')!.click();
    await panel.updateComplete;
    expect($('[part=confirm]')).to.equal(null);
    expect(store.getState().project.feed).to.equal(first);
    await chooseFile(bigCsv(3), 'three.csv');
    $<HTMLButtonElement>('[part=confirm] button.primary')!.click();
    await panel.updateComplete;
    expect(store.getState().project.feed!.rows.length).to.equal(3);
    store.dispatch({ type: 'history/undo' });
    expect(store.getState().project.feed).to.equal(first);
    await panel.updateComplete;
    $<HTMLButtonElement>('[part=remove]')!.click();
    await panel.updateComplete;
    expect(store.getState().project.feed).to.equal(null);
    expect($('#feed-notice')!.textContent).to.equal('Feed removed. Undo brings it back.');
  });

  it('maps a slot to another column or none (feed/map) and chooses the key (feed/key); an unfilled slot is a problem', async () => {
    const { panel, store, $, $$, chooseFile, checked } = await mountFeedPanel();
    await chooseFile(CSV);
    const price = $<HTMLSelectElement>('#slot-price')!;
    expect($('label[for=slot-price]')!.textContent).to.equal('{{price}} from');
    expect(price.value).to.equal('price');
    expect([...price.options].map((option) => option.textContent)).to.deep.equal(['— none —', 'id', 'product_name', 'price']);
    const dispatch = sinon.spy(store, 'dispatch');
    price.value = '';
    price.dispatchEvent(new Event('change'));
    await checked();
    expect(dispatch.firstCall.args[0]).to.deep.equal({ type: 'feed/map', slot: 'price', column: null });
    expect(price.getAttribute('aria-invalid')).to.equal('true');
    expect($('#slot-price-error')!.textContent).to.equal('No column fills {{price}}: choose one, or no row can be delivered.');
    expect($('#feed-summary')!.textContent).to.equal('6 rows: 0 ready, 6 with problems.');
    expect($$('li[data-kind=missing]').every((li) => li.textContent!.includes('No column fills {{price}}'))).to.equal(true);
    await expect(panel).to.be.accessible();
    const key = $<HTMLSelectElement>('#key-column')!;
    key.value = 'product_name';
    key.dispatchEvent(new Event('change'));
    await checked();
    expect(dispatch.lastCall.args[0]).to.deep.equal({ type: 'feed/key', column: 'product_name' });
    expect(store.getState().project.feed!.key).to.equal('product_name');
    expect($('tr[data-row="2"] .key')!.textContent).to.equal('Wool socks');
    key.value = '';
    key.dispatchEvent(new Event('change'));
    await checked();
    expect(store.getState().project.feed!.key).to.equal(null);
    expect($('#key-error')!.textContent).to.contain('No column is chosen as the key');
  });

  it('pages through a long feed, 50 rows a page, and shows the rows with problems only when asked', async () => {
    const { panel, $, $$, chooseFile, settle, checked } = await mountFeedPanel();
    await chooseFile(bigCsv(250, 40), 'long.csv');
    await checked();
    expect($('#feed-summary')!.textContent).to.equal('250 rows: 244 ready, 6 with problems.');
    expect($$('tbody tr[part=row]').length).to.equal(50);
    const page = $<HTMLSelectElement>('#feed-page')!;
    expect($('label[for=feed-page]')!.textContent).to.equal('Rows');
    expect([...page.options].map((option) => option.textContent)).to.deep.equal(['1–50', '51–100', '101–150', '151–200', '201–250']);
    expect($('[part=pager] .page > span')!.textContent).to.equal('of 250');
    expect(page.value).to.equal('0');
    expect($<HTMLButtonElement>('[part=pager] .previous')!.disabled).to.equal(true);
    $<HTMLButtonElement>('[part=pager] .next')!.click();
    await settle();
    expect(page.value).to.equal('1');
    expect($$('tbody tr[part=row]')[0]!.dataset['row']).to.equal('51');
    page.value = '4';
    page.dispatchEvent(new Event('change'));
    await settle();
    expect($$('tbody tr[part=row]').map((row) => row.dataset['row'])[0]).to.equal('201');
    expect($<HTMLButtonElement>('[part=pager] .next')!.disabled).to.equal(true);
    $<HTMLInputElement>('#problems-only')!.click();
    await settle();
    expect($$('tbody tr[part=row]').map((row) => row.dataset['row'])).to.deep.equal(['40', '80', '120', '160', '200', '240']);
    expect($('[part=pager]')).to.equal(null);
    await expect(panel).to.be.accessible();
  });

  it('shows values from the feed as text, never as markup', async () => {
    const { panel, store, $, pasteAndImport } = await mountFeedPanel();
    const hostile = '<img src=x onerror=alert(1)>';
    const alert = sinon.stub(window, 'alert');
    await pasteAndImport(JSON.stringify([{ id: '<b>K1</b>', product_name: hostile, price: '<script>alert(2)</script>' }]));
    expect(store.getState().project.feed!.rows[0]).to.deep.equal(['<b>K1</b>', hostile, '<script>alert(2)</script>']);
    const row = $('tr[data-row="1"]')!;
    expect(row.querySelector('.key')!.textContent).to.equal('<b>K1</b>');
    expect([...row.querySelectorAll('.value')].map((cell) => cell.textContent)).to.deep.equal([hostile, '<script>alert(2)</script>']);
    expect(panel.shadowRoot!.querySelector('img, b, script'), 'no element from a value').to.equal(null);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(alert.called).to.equal(false);
  });

  it('works in the adopter role on a locked template', async () => {
    await loadLockRules();
    const { store, $, $$, chooseFile } = await mountFeedPanel();
    store.dispatch({ type: 'lock/set', target: { kind: 'section', id: 'cta' }, locked: true, reason: 'Legal' });
    store.dispatch({ type: 'session/role', role: 'adopter' });
    await chooseFile(CSV);
    expect($('[part=import-problems]')?.textContent).to.equal(undefined);
    expect(store.getState().project.feed!.rows.length).to.equal(6);
    expect($$('tbody tr[part=row]').length).to.equal(6);
  });

  it('speaks German', async () => {
    const { $, chooseFile } = await mountFeedPanel({ t: createTranslator('de', {}, de) });
    await chooseFile(CSV);
    expect($('h3')!.textContent).to.equal('Feed: ein Spot für jede Zeile');
    expect($('#feed-summary')!.textContent).to.equal('6 Zeilen: 4 bereit, 2 mit Problemen.');
    expect($('tr[data-row="3"] [part=status]')!.textContent!.replace(/\s+/g, ' ').trim()).to.equal('✗ Problem price');
    expect($('tr[data-row="3"] li[data-kind=missing] strong')!.textContent).to.equal('Fehlender Wert, Spalte price');
  });
});
