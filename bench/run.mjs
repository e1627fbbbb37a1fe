// `npm run bench`: bundles the pages in bench/pages/ with esbuild, serves them on 127.0.0.1 (ephemeral
// port), opens each in this machine's headless Chromium with puppeteer-core, and prints what it reports:
// medians over several runs of ours and of a named peer, measured in the same page, and writes them to
// .cache/bench/results.json with the commit. Never gates.
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as esbuild from 'esbuild';
import puppeteer from 'puppeteer-core';
import { chromiumArgs, chromiumPath } from '../scripts/lib/chromium.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
const out = join(root, '.cache', 'bench');
const pages = (process.argv[2] ? process.argv.slice(2) : ['loudness', 'render', 'wav', 'timeline']);
mkdirSync(out, { recursive: true });

// ebur128-wasm's glue imports its .wasm as an ES module (a bundler feature): give it a setter instead,
// and let the page instantiate the bytes (esbuild's binary loader) itself.
const wasmGlue = {
  name: 'ebur128-wasm-glue',
  setup(build) {
    build.onLoad({ filter: /ebur128_wasm_bg\.js$/ }, (args) => ({
      contents: readFileSync(args.path, 'utf8').replace(
        "import * as wasm from './ebur128_wasm_bg.wasm';",
        'let wasm;\nexport function __wbg_set_wasm(exports) { wasm = exports; }',
      ),
      loader: 'js',
    }));
  },
};

await esbuild.build({
  entryPoints: Object.fromEntries(pages.map((page) => [page, join(root, 'bench', 'pages', `${page}.ts`)])),
  outdir: out,
  bundle: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  minify: true,
  logLevel: 'warning',
  loader: { '.wasm': 'binary' },
  plugins: [wasmGlue],
});
for (const page of pages) {
  writeFileSync(join(out, `${page}.html`), `<!doctype html><meta charset="utf-8"><title>${page}</title><script type="module" src="./${page}.js"></script>`);
}

// Real speech for the mixes when espeak-ng is installed (the pages fall back to synthetic speech).
rmSync(join(out, 'speech.wav'), { force: true });
try {
  execFileSync('espeak-ng', ['-v', 'en-us', '-s', '165', '-w', join(out, 'speech.wav'),
    'Tired of slow mornings? Meet Brewline, the coffee maker that knows when you wake up. Fresh coffee, ready in ninety seconds.'], { stdio: 'ignore' });
} catch {
  console.log('espeak-ng is not installed: the mixes use synthetic formant speech (apt-get install -y espeak-ng for real TTS).');
}

const server = createServer((request, response) => {
  const name = new URL(request.url ?? '/', 'http://127.0.0.1').pathname.slice(1);
  if (!/^[\w-]+\.(html|js|wav)$/.test(name)) {
    response.writeHead(404).end();
    return;
  }
  try {
    const body = readFileSync(join(out, name));
    const type = name.endsWith('.js') ? 'text/javascript' : name.endsWith('.wav') ? 'audio/wav' : 'text/html';
    response.writeHead(200, { 'content-type': type }).end(body);
  } catch {
    response.writeHead(404).end();
  }
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address();

const browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: chromiumArgs() });
let failed = false;
// Every page's report, written to .cache/bench/results.json with the commit, to compare across commits.
const reports = {};
try {
  const version = await browser.version();
  console.log(`Benchmarks in ${version} (headless), ${new Date().toISOString()}`);
  for (const name of pages) {
    const page = await browser.newPage();
    page.on('pageerror', (error) => console.error(`[${name}] ${error.message}`));
    page.setDefaultTimeout(300_000);
    await page.goto(`http://127.0.0.1:${port}/${name}.html`);
    await page.waitForFunction(() => window.__bench !== undefined);
    try {
      const report = await page.evaluate(() => window.__bench);
      reports[name] = report;
      console.log(`\n## ${report.title}`);
      for (const row of report.rows) {
        console.log(`  ${row.medianMs.toFixed(1).padStart(8)} ms median (min ${row.minMs.toFixed(1)}, ${row.runs} runs${row.warmup === undefined ? '' : ` after ${row.warmup} warm-ups`})  ${row.name}`);
        console.log(`  ${''.padStart(8)}    -> ${row.result}`);
      }
      for (const note of report.notes) console.log(`  ${note}`);
    } catch (error) {
      failed = true;
      console.error(`[${name}] failed: ${error.message}`);
    }
    await page.close();
  }
} finally {
  await browser.close();
  server.close();
}
let commit = 'unknown';
try {
  commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
} catch {
  // Not a git checkout: the figures are still written.
}
writeFileSync(join(out, 'results.json'), `${JSON.stringify({ commit, date: new Date().toISOString(), reports }, null, 2)}\n`);
console.log(`\nwritten to ${join(out, 'results.json')} (commit ${commit})`);
process.exitCode = failed ? 1 : 0;
