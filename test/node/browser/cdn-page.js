// The host page of the three-origin test (cdn-origins.test.ts), as any engine runs it: the editor came from
// the CDN origin's script tag; this script makes the ad through the UI, exports WAV and MP3 and posts the
// files and what it saw (violations, errors, warnings) back to the page's own origin. It drives itself, so
// that Chromium, Firefox and WebKit only need to open the page.
const run = new URLSearchParams(location.search).get('run') ?? 'run';
const formats = (new URLSearchParams(location.search).get('formats') ?? 'wav16,mp3').split(',');
const seen = { violations: [], errors: [], warnings: [], exports: [], step: 'start', failure: '' };

document.addEventListener('securitypolicyviolation', (event) => seen.violations.push(`${event.effectiveDirective} ${event.blockedURI}`));
addEventListener('error', (event) => seen.errors.push(String(event.message || event.error)));
addEventListener('unhandledrejection', (event) => seen.errors.push(`unhandled rejection: ${event.reason?.message ?? String(event.reason)}`));
const { warn, error } = console;
console.warn = (...args) => {
  seen.warnings.push(args.map(String).join(' '));
  warn.apply(console, args);
};
console.error = (...args) => {
  seen.errors.push(args.map(String).join(' '));
  error.apply(console, args);
};

const post = (what, body) => fetch(`/result/${run}/${what}`, { method: 'POST', body });
const pause = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** The first element matching `selector` (with `text`) through open shadow roots. */
function deep(selector, text, root = document) {
  for (const element of root.querySelectorAll(selector)) if (text === undefined || element.textContent.includes(text)) return element;
  for (const element of root.querySelectorAll('*')) {
    const hit = element.shadowRoot && deep(selector, text, element.shadowRoot);
    if (hit) return hit;
  }
  return null;
}

/** Resolves with what `probe` returns once it is truthy; rejects after `ms`. */
async function until(probe, ms = 60_000) {
  const end = Date.now() + ms;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out');
    await pause(100);
  }
}

async function step(name, action) {
  seen.step = name;
  return action();
}

async function makeAndExport() {
  const { create, endpointAuth } = window.ServiceStudioEditor;
  const handle = await step('create', () =>
    create({
      target: '#editor',
      api: { baseUrl: document.body.dataset.api },
      auth: endpointAuth({ tokenUrl: '/host/token', refreshUrl: '/host/refresh' }),
      layout: { height: '700px' },
      // A :15: the origins, the workers and the files' loudness are the subject, not the ad's length.
      project: { title: 'From a CDN', duration: 15 },
    }),
  );
  handle.on('export', (detail) =>
    seen.exports.push({ format: detail.format, type: detail.blob.type, size: detail.blob.size, preset: detail.compliance?.preset, integrated: detail.measurement.integrated }),
  );
  await step('recommend', async () => {
    const input = await until(() => deep('#url'));
    input.value = 'https://www.northwind-bikes.com/products/trail-runner-2';
    input.dispatchEvent(new Event('input', { bubbles: true, composed: true }));
    input.form.requestSubmit();
    await until(() => deep('studio-editor-recommendation-card'));
  });
  await step('make the ad', async () => {
    (await until(() => deep('button', 'Make the ad'))).click();
    await until(() => handle.getProject().clips.length >= 3);
    await until(() => handle.element.preview.getState().status === 'ready');
  });
  for (const format of formats) {
    const blob = await step(`export ${format}`, () => handle.export({ format }));
    await post(format, blob);
  }
}

makeAndExport()
  .catch((error) => (seen.failure = `step "${seen.step}": ${error?.message ?? String(error)}`))
  .then(() => post('summary', JSON.stringify(seen)));
