// A feed delivered in one browser tab: `npm start` in one shell, then
//   node bench/feed.mjs [http://127.0.0.1:8080] [http://127.0.0.1:8081] [rows]
// loads the script-tag build (dist/studio-editor.iife.js) from the demo's host in headless Chromium, makes an ad
// against the emulator (Make the ad), turns it into a template (`{{product_name}}` and `{{price}}` in its Body),
// loads a feed of `rows` rows (default 200; one in ten repeats an earlier row's values, to show the take cache)
// and runs `deliverFeed()` to 2 destinations (streaming MP3 and podcast MP3). It prints the run's time, the time
// per row (median and 95th percentile between rows finishing), the voice-overs made and reused, the page's long
// tasks during the run (goal: none over 50 ms), and the page's memory (JS heap plus ArrayBuffer backing stores,
// DevTools protocol) idle before, at its peak, and after a collection (goal: flat: finished rows are written to
// the ZIP and let go). The peer, in the same page: the same ad delivered by `deliver()` to the same 2
// destinations, one ad at a time (what a platform does today with one project per product), per ad.
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

const [host = 'http://127.0.0.1:8080', api = 'http://127.0.0.1:8081', rowsArg = '200'] = process.argv.slice(2);
const ROWS = Number(rowsArg);
const DESTINATIONS = ['streaming', 'podcast'];
const PEER_RUNS = 5;

// No protocol timeout: the run is one evaluate of several minutes.
const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs(), protocolTimeout: 0 });
try {
  const page = await browser.newPage();
  page.setDefaultTimeout(30 * 60_000);
  page.on('pageerror', (error) => console.error(`page: ${error.message}`));
  page.on('error', (error) => console.error(`the page crashed: ${error.message}`));
  await page.exposeFunction('benchRow', (done, total, mb) => {
    if (done % 20 === 0) console.log(`    ${done} of ${total} rows, page memory ${mb.toFixed(1)} MB`);
  });
  await page.goto(`${host}/dist/studio-editor.iife.js`, { waitUntil: 'load' });
  await page.setContent(`<!doctype html><div id="m" style="height:900px"></div><script src="/dist/studio-editor.iife.js"></script>`, { waitUntil: 'load' });
  const cdp = await page.createCDPSession();
  const memory = async () => {
    const usage = await cdp.send('Runtime.getHeapUsage');
    return usage.usedSize + (usage.backingStorageSize ?? 0);
  };
  const collected = async () => {
    await cdp.send('HeapProfiler.collectGarbage');
    return memory();
  };

  // The template: a made ad, its Body holding two slots; the feed.
  await page.evaluate(async (api, rows) => {
    const { create, endpointAuth } = window.ServiceStudioEditor;
    const user = `bench-feed-${Date.now()}`;
    const h = await create({ target: '#m', api: { baseUrl: api }, auth: { userId: user, ...endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }) }, project: { id: user, autosave: false, duration: 30 } });
    window.h = h;
    const { recommendations } = await h.api.recommendFromUrl({ project_id: user, url: 'https://acme-coffee.com/products/cold-brew-kit', duration: 30, max_recommendations: 1 });
    h.element.store.dispatch({ type: 'recommendations/received', recommendations });
    const deep = (root, selector) => {
      const found = root.querySelector(selector);
      if (found) return found;
      for (const element of root.querySelectorAll('*')) {
        const inner = element.shadowRoot && deep(element.shadowRoot, selector);
        if (inner) return inner;
      }
      return null;
    };
    const wait = async (check, what) => {
      for (let i = 0; i < 1200 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 50));
      if (!check()) throw new Error(`timed out: ${what}`);
    };
    await wait(() => deep(h.element.shadowRoot, 'studio-editor-recommendation-card')?.shadowRoot?.querySelector('button.primary'), 'the Make the ad button');
    deep(h.element.shadowRoot, 'studio-editor-recommendation-card').shadowRoot.querySelector('button.primary').click();
    await wait(() => h.getProject().clips.length > 0 && h.getProject().music?.url != null, 'the ad made');
    const body = h.getProject().script.sections[1];
    const dispatch = (action) => h.element.store.dispatch(action);
    dispatch({ type: 'script/set-text', id: body.id, text: 'Get {{product_name}} for {{price}} dollars, today only.' });
    dispatch({ type: 'slot/set', slot: { name: 'product_name', sample: 'Trail shoes', maxLength: 40 } });
    dispatch({ type: 'slot/set', slot: { name: 'price', sample: '59.99' } });
    const things = ['trail shoes', 'a hiking jacket', 'wool socks', 'a water bottle', 'a camp mug', 'a head lamp', 'a day pack', 'a rain shell'];
    const table = Array.from({ length: rows }, (_, i) => {
      const j = i % 10 === 9 ? i - 5 : i; // one row in ten repeats an earlier row's values
      return [`SKU-${String(i + 1).padStart(4, '0')}`, `${things[j % things.length]} model ${j + 1}`, `${(9.99 + j).toFixed(2)}`];
    });
    dispatch({ type: 'feed/set', feed: { columns: ['sku', 'product_name', 'price'], rows: table, key: 'sku', mapping: [{ column: 'product_name', slot: 'product_name' }, { column: 'price', slot: 'price' }] } });
  }, api, ROWS);

  const idle = await collected();
  let peak = idle;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peak = Math.max(peak, await memory().catch(() => peak));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  console.log(`Feed bench in ${await browser.version()} (headless), ${new Date().toISOString()}: ${ROWS} rows x ${DESTINATIONS.length} destinations (${DESTINATIONS.join(', ')}) against ${api}`);
  const run = await page.evaluate(async (destinations) => {
    const tasks = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push(Math.round(entry.duration));
    });
    observer.observe({ type: 'longtask' });
    const finished = [];
    const t0 = performance.now();
    const result = await window.h.deliverFeed({
      destinations,
      onProgress: ({ stage, done, total }) => {
        if (stage !== 'done' && stage !== 'failed') return;
        finished.push(performance.now());
        void window.benchRow(done, total, (performance.memory?.usedJSHeapSize ?? 0) / 1e6);
      },
    });
    const ms = performance.now() - t0;
    observer.disconnect();
    const rows = result.manifest.feed.rows;
    window.lastZip = result.zip; // held until the figures after a collection are read, then let go
    return { ms, finished: finished.map((at) => at - t0), tasks, zipBytes: result.zip.size, delivered: rows.filter((row) => row.status === 'delivered').length, failed: rows.filter((row) => row.status === 'failed').map((row) => `${row.key}: ${row.reasons[0]}`), takes: result.manifest.feed.takes, files: result.manifest.files.length };
  }, DESTINATIONS);
  sampling = false;
  await sampler;
  const withZip = await collected();
  await page.evaluate(() => (window.lastZip = undefined));
  const after = await collected();

  const peer = await page.evaluate(async (destinations, runs) => {
    const times = [];
    for (let i = 0; i < runs; i++) {
      const t0 = performance.now();
      await window.h.deliver({ destinations });
      times.push(performance.now() - t0);
    }
    return times;
  }, DESTINATIONS, PEER_RUNS);

  const MB = (bytes) => `${(bytes / 1e6).toFixed(1)} MB`;
  const sorted = (values) => [...values].sort((a, b) => a - b);
  const quantile = (values, q) => sorted(values)[Math.min(values.length - 1, Math.floor(q * values.length))];
  const gaps = run.finished.map((at, i) => at - (i === 0 ? 0 : run.finished[i - 1]));
  const over = run.tasks.filter((ms) => ms > 50);
  console.log(`  run: ${(run.ms / 1000).toFixed(1)} s; ${run.delivered} rows delivered, ${run.failed.length} failed; ${run.files} files; ZIP ${MB(run.zipBytes)}`);
  for (const line of run.failed.slice(0, 5)) console.log(`    failed ${line}`);
  console.log(`  per row: mean ${(run.ms / ROWS).toFixed(0)} ms, median ${quantile(gaps, 0.5).toFixed(0)} ms, 95th percentile ${quantile(gaps, 0.95).toFixed(0)} ms (between rows finishing)`);
  console.log(`  peer, deliver() of the one ad to the same destinations: median ${quantile(peer, 0.5).toFixed(0)} ms a run (${peer.map((ms) => ms.toFixed(0)).join(', ')}) -> a feed row costs ${((100 * run.ms) / ROWS / quantile(peer, 0.5)).toFixed(0)} % of a single delivery, voicing included`);
  console.log(`  voice-overs: ${run.takes.voiced} made, ${run.takes.reused} takes reused`);
  console.log(`  long tasks during the run: ${run.tasks.length} (longest ${Math.max(0, ...run.tasks)} ms; ${over.length} over 50 ms${over.length ? `: ${over.join(', ')}` : ''}) (goal: none over 50 ms)`);
  console.log(`  page memory: idle ${MB(idle)}, peak ${MB(peak)} (+${MB(peak - idle)}), after the run with the ZIP held ${MB(withZip)}, after it is let go ${MB(after)} (+${MB(after - idle)} over idle) (goal: flat)`);
} finally {
  await browser.close();
}
