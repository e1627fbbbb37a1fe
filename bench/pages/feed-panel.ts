// The Feed panel with a 5,000-row feed (every 50th row without a price): pasted and imported, checked in the
// background, paged through (and to the last page), filtered, a row chosen, a slot mapped to another column
// (every row checked again), and the feed replaced from a file. Reports, for each, the time until the panel shows its result and the long
// tasks meanwhile (PerformanceObserver 'longtask', over 50 ms; goal: none). `npm run bench -- feed-panel`.
import { StudioFeedPanel } from '../../src/components/studio-feed-panel/studio-feed-panel.js';
import { BUILTIN_DESTINATIONS } from '../../src/delivery/destinations.js';
// Value imports: the package marks src/ as free of side effects, so the panel's bare imports of the store's
// feed edits and of the later English words would be dropped here.
import { enLater } from '../../src/i18n/en-later.js';
import { setFeed } from '../../src/model/feed-edits.js';
// The store and translator, provided as <studio-editor> does (the test runner's context element).
import { TestEditorContext } from '../../test/support/editor-context.js';
import { publish, type Row } from './harness.js';

const ROWS = 5000;
const csv = [
  'id,product_name,price,store,offer',
  ...Array.from({ length: ROWS }, (_, i) => `SKU-${i + 1},"Trail runner shoes, model ${i + 1}",${(i + 1) % 50 === 0 ? '' : `${(i % 90) + 9}.99`},Store ${i % 17},Spring sale ${i % 7}`),
].join('\n');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

publish(async () => {
  if (customElements.get('studio-editor-feed-panel') !== StudioFeedPanel || customElements.get('test-editor-context') !== TestEditorContext || typeof setFeed !== 'function' || enLater['feed.heading'] === undefined) {
    throw new Error('the feed panel or the context is not defined');
  }
  const context = document.createElement('test-editor-context') as TestEditorContext;
  const panel = document.createElement('studio-editor-feed-panel') as StudioFeedPanel;
  panel.destinations = BUILTIN_DESTINATIONS;
  context.append(panel);
  document.body.append(context);
  await panel.updateComplete;
  const { store } = context;
  store.dispatch({
    type: 'script/set-sections',
    sections: [
      { id: 'hook', label: 'Hook', text: 'Spring is here at {{store}}.' },
      { id: 'body', label: 'Body', text: 'The {{product_name}} is now only {{price}} dollars: {{offer}}.' },
      { id: 'cta', label: 'Call to action', text: 'Visit us today.' },
    ],
  });
  store.dispatch({ type: 'slot/set', slot: { name: 'product_name', sample: 'Trail runner shoes', maxLength: 60 } });
  await panel.updateComplete;
  const root = panel.shadowRoot!;
  const $ = <T extends HTMLElement>(selector: string) => root.querySelector<T>(selector)!;
  const checked = () => /^[\d,]+ rows: /.test(root.querySelector('#feed-summary')?.textContent ?? '');

  const longTasks: number[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) longTasks.push(entry.duration);
  }).observe({ type: 'longtask' });

  // A heartbeat of messages, each posted as the last arrives: the longest gap between two is the longest the
  // main thread was held (a task and any rendering after it), under 50 ms too, where the longtask API is silent.
  let beating = false;
  let last = 0;
  let longestGap = 0;
  const channel = new MessageChannel();
  channel.port1.onmessage = () => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
    if (beating) channel.port2.postMessage(0);
  };
  const beat = (on: boolean) => {
    beating = on;
    if (on) {
      last = performance.now();
      longestGap = 0;
      channel.port2.postMessage(0);
    }
  };

  const rows: Row[] = [];
  const notes: string[] = [];
  let worstOfAll = 0;
  let worstText = 0;
  /**
   * Runs `action`, waits for `done`, and reports the time and the long tasks meanwhile. `textLayout`: what holds
   * the thread is the browser laying out a text area's text, counted apart from the panel's own work.
   */
  async function activity(name: string, action: () => void | Promise<void>, done: () => boolean, textLayout = false): Promise<void> {
    await pause(200);
    longTasks.length = 0;
    beat(true);
    const start = performance.now();
    await action();
    while (!done()) await pause(5);
    await panel.updateComplete;
    const ms = performance.now() - start;
    // Let a task that ends the activity, and the rendering after it, be observed.
    await pause(100);
    beat(false);
    const worst = Math.max(longestGap, ...longTasks);
    if (textLayout) worstText = Math.max(worstText, worst);
    else worstOfAll = Math.max(worstOfAll, worst);
    rows.push({ name, medianMs: ms, minMs: ms, runs: 1, result: `${longTasks.length} long tasks (over 50 ms); main thread held at most ${worst.toFixed(0)} ms at a time` });
  }

  // The browser's own layout of this much text in any text area, for comparison with the paste below.
  const bare = document.createElement('textarea');
  await activity(`reference: the same ${(csv.length / 1024).toFixed(0)} KB in a bare <textarea> of the page`, () => {
    document.body.append(bare);
    bare.value = csv;
  }, () => true, true);
  bare.remove();
  await activity(
    `paste ${ROWS.toLocaleString('en-US')} rows of CSV into the text area`,
    async () => {
      const area = $<HTMLTextAreaElement>('#feed-paste');
      area.value = csv;
      area.dispatchEvent(new Event('input'));
      await panel.updateComplete;
    },
    () => true,
    true,
  );
  await activity(
    'Import: read, kept in the project, shown, every row checked',
    () => $<HTMLButtonElement>('[part=import-button]').click(),
    () => store.getState().project.feed?.rows.length === ROWS && checked(),
  );
  notes.push(`summary: ${root.querySelector('#feed-summary')!.textContent}`);
  await activity('next page, 5 times', async () => {
    for (let i = 0; i < 5; i++) {
      $<HTMLButtonElement>('[part=pager] .next').click();
      await panel.updateComplete;
    }
  }, () => true);
  await activity('the last page, from the pager', () => {
    const select = $<HTMLSelectElement>('#feed-page');
    select.value = String(select.options.length - 1);
    select.dispatchEvent(new Event('change'));
  }, () => true);
  await activity('show rows with problems only, then every row', async () => {
    $<HTMLInputElement>('#problems-only').click();
    await panel.updateComplete;
    $<HTMLInputElement>('#problems-only').click();
  }, () => true);
  await activity('choose a row', () => $<HTMLInputElement>('tbody input[type=radio]').click(), () => true);
  await activity(
    'map {{offer}} to another column (every row checked again)',
    () => {
      const select = $<HTMLSelectElement>('#slot-offer');
      select.value = 'store';
      select.dispatchEvent(new Event('change'));
    },
    () => store.getState().project.feed?.mapping.some((entry) => entry.slot === 'offer' && entry.column === 'store') === true && checked(),
  );
  const files = new DataTransfer();
  files.items.add(new File([csv.replace(/Spring sale/g, 'Summer sale')], 'rows.csv', { type: 'text/csv' }));
  await activity(
    `replace the feed from a ${ROWS.toLocaleString('en-US')}-row file (confirmed)`,
    async () => {
      const input = $<HTMLInputElement>('#feed-file');
      input.files = files.files;
      input.dispatchEvent(new Event('change'));
      while (root.querySelector('[part=confirm]') === null) await pause(5);
      $<HTMLButtonElement>('[part=confirm] button.primary').click();
    },
    () => store.getState().project.feed?.rows[0]?.[4] === 'Summer sale 0' && checked(),
  );
  notes.push(`longest the main thread was held by the panel's work: ${worstOfAll.toFixed(0)} ms (goal: under 50 ms, no long task)`);
  notes.push(`longest it was held laying out ${(csv.length / 1024).toFixed(0)} KB of pasted text (the browser's own, as in a bare <textarea>): ${worstText.toFixed(0)} ms`);
  return { title: `Feed panel, ${ROWS.toLocaleString('en-US')} rows: time to result and long tasks`, rows, notes };
});
