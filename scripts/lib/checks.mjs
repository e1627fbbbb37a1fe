// The non-test checks of `npm test`: manifest freshness, the first-paint size budget, the package, the floors,
// no import circle and no code file over 500 lines.
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { root, run } from './run.mjs';
import { COMPILE_HINT } from './compile-hint.mjs';

/** custom-elements.json must equal what the analyzer generates from the source now. */
export async function checkManifest() {
  // The analyzer resolves --outdir against the working directory, so it must be relative.
  const outdir = '.cache/manifest';
  try {
    await run('custom-elements-manifest', ['analyze', '--config', 'custom-elements-manifest.config.mjs', '--outdir', outdir], { stdio: 'pipe' });
    const fresh = readFileSync(join(root, outdir, 'custom-elements.json'), 'utf8');
    const committed = readFileSync(join(root, 'custom-elements.json'), 'utf8');
    if (fresh !== committed) {
      throw new Error('custom-elements.json is stale: run `npm run manifest` and commit the result.');
    }
    console.log('custom-elements.json is up to date.');
  } finally {
    rmSync(join(root, outdir), { recursive: true, force: true });
  }
}

/** The files of dist/ that `file` imports statically (`import … from "./x.js"`), not its dynamic import()s. */
function staticImports(file) {
  const code = readFileSync(join(root, 'dist', file), 'utf8');
  return [...code.matchAll(/(?:\bfrom|\bimport)\s*["']\.\/([^"']+)["']/g)].map((match) => match[1]);
}

/** `files` and everything they import statically, each once. */
function withStaticImports(files) {
  const seen = new Set();
  const todo = [...files];
  while (todo.length > 0) {
    const file = todo.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    todo.push(...staticImports(file));
  }
  return [...seen];
}

/**
 * What a page fetches before `studio-ready` from the CDN build with the default config, gzip: the script-tag
 * loader, the editor entry with its static imports (the recommend panel, shown first by default, among them),
 * and any chunk the loader fetches ahead (none now). Issue 18 set 60 KiB; Deliver and schema 6 raised it to 64
 * and 69 KiB; issue 39 brought it back to 60 KiB by loading with the chunk that needs them what no editor needs
 * to paint: the checks of host destinations and file-name templates (when a config gives destinations), the
 * migrations and checks of documents (when a document arrives: a stored draft, `loadProject`, a file; the editor
 * fetches them once ready), the version, campaign and lock edits (with the versions bar, Deliver and the lock
 * controls), the calls' retries, the poller and the words of a failed call (with the first call), the export's
 * run, full screen, the status line's preview and refusal words (once ready), and the autosave's module (before
 * ready only for a project with work stored in the browser: that returning user fetches it and the documents'
 * checks too, 7.7 KiB more). 59.2 KiB at the budget's return; 59.8 KiB with feeds (the slot scanner of the status line's spoken length; the
 * Master, Deliver and Feed panels' part names moved into their own modules), with room for about 0.2 KiB. The other panels, the timeline, the audio engine, the MP3 encoder, the later
 * English words and the other languages are chunks fetched after it (bench/startup.mjs counts what a real page
 * fetched, for a known and an anonymous user).
 */
export const FIRST_PAINT_BUDGET_BYTES = 60 * 1024;

export function checkSize() {
  const panels = readdirSync(join(root, 'dist')).filter((file) => /^studio-editor\.studio-[a-z]+-panel\.js$/.test(file));
  if (panels.length < 6) throw new Error(`dist/ has ${panels.length} panel chunks: are the panels not shown still loaded on demand?`);
  // The chunks the loader fetches ahead of any create() (a `modulepreload`) count too.
  const loader = readFileSync(join(root, 'dist', 'studio-editor.iife.js'), 'utf8');
  const ahead = [...new Set([...loader.matchAll(/studio-editor\.[\w-]+\.js/g)].map(([chunk]) => chunk))].filter((chunk) => chunk !== 'studio-editor.bundled.js' && chunk !== 'studio-editor.iife.js');
  const files = ['studio-editor.iife.js', ...withStaticImports(['studio-editor.bundled.js', ...ahead])];
  let total = 0;
  for (const file of files) {
    const gzip = gzipSync(readFileSync(join(root, 'dist', file)), { level: 9 }).length;
    total += gzip;
    console.log(`  dist/${file}: ${(gzip / 1024).toFixed(1)} KiB gzip`);
  }
  checkFirstPaintWords(files);
  const entry = readFileSync(join(root, 'dist', 'studio-editor.bundled.js'), 'utf8');
  if (!entry.startsWith(`${COMPILE_HINT}\n`)) throw new Error(`dist/studio-editor.bundled.js does not open with V8's compile hint \`${COMPILE_HINT}\` (rollup.config.mjs writes it; the minifier must keep it first).`);
  console.log(`first paint: ${total} bytes gzip (${(total / 1024).toFixed(1)} KiB) in ${files.length} files; budget ${FIRST_PAINT_BUDGET_BYTES}.`);
  if (total > FIRST_PAINT_BUDGET_BYTES) throw new Error(`The first paint fetches ${total} bytes gzip, over the budget of ${FIRST_PAINT_BUDGET_BYTES}.`);
}

/**
 * The script-tag loader and the chunks it loads share no module: a second copy of a module with state (a
 * WeakMap, a class compared with `instanceof`, a registry) fails silently across the two, as `endpointAuth`'s
 * errors once did (its messages were lost). Read from the source maps. The one exception, by design: the
 * error classes (`src/errors.ts`), which the loader's global must offer before the chunks arrive and whose
 * `instanceof` holds across copies (`StudioError.kind`), and the version string.
 */
export function checkOneCopy() {
  const sourcesOf = (file) => {
    const map = JSON.parse(readFileSync(join(root, 'dist', `${file}.map`), 'utf8'));
    return map.sources.map((source) => relative(root, resolve(join(root, 'dist'), source)));
  };
  const chunks = readdirSync(join(root, 'dist')).filter((file) => /^studio-editor\.(?!iife).*\.js$/.test(file));
  const inChunks = new Set(chunks.flatMap(sourcesOf));
  const allowed = new Set(['src/errors.ts', 'src/version.ts']);
  const loader = sourcesOf('studio-editor.iife.js');
  const twice = loader.filter((source) => inChunks.has(source) && !allowed.has(source));
  console.log(`the loader's modules: ${loader.join(', ')}`);
  if (twice.length > 0) throw new Error(`dist/studio-editor.iife.js carries its own copy of ${twice.join(', ')}, which the chunks carry too: import it in the chunks only (src/cdn.ts).`);
}

/**
 * The first paint has the English words of src/i18n/en-first.ts only; those of en-later.ts come with the
 * modules loaded later. A key of en-later.ts named in the first paint's code (`'master.heading'`, or a
 * template such as `` `master.rule.${…}` ``) would show as the key itself.
 */
function checkFirstPaintWords(files) {
  const later = [...readFileSync(join(root, 'src', 'i18n', 'en-later.ts'), 'utf8').matchAll(/^ {2}'([\w.-]+)':/gm)].map((match) => match[1]);
  if (later.length < 100) throw new Error(`Read only ${later.length} keys from src/i18n/en-later.ts: has its layout changed?`);
  const named = new Set();
  for (const file of files) {
    const code = readFileSync(join(root, 'dist', file), 'utf8');
    for (const [, key] of code.matchAll(/["'`]([\w.-]+)["'`]/g)) if (later.includes(key)) named.add(key);
    for (const [, prefix] of code.matchAll(/`([\w.-]+\.)\$\{/g)) for (const key of later) if (key.startsWith(prefix)) named.add(key);
  }
  if (named.size > 0) {
    throw new Error(`The first paint's code names words of src/i18n/en-later.ts, which it does not load: ${[...named].join(', ')}. Move them to en-first.ts.`);
  }
}

/**
 * The package as npm would publish it (`npm pack`), checked offline by publint (strict: warnings fail) and
 * by @arethetypeswrong/cli (every entry resolves to JavaScript and types; the package is ESM only, so the
 * CommonJS and node10 resolutions are not asked for).
 */
export async function checkPackage() {
  const dir = join(root, '.cache', 'pack');
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  await run('npm', ['pack', '--silent', '--pack-destination', dir], { stdio: 'pipe' });
  const tarball = join(dir, readdirSync(dir).find((file) => file.endsWith('.tgz')));
  await run('publint', ['--strict', tarball]);
  await run('attw', [tarball, '--profile', 'esm-only']);
}

/**
 * The floors of src/, bottom up: a module imports from its own folder or from a folder below it, never
 * from one above (type-only imports count: they are how a reader learns what depends on what). A folder
 * is a floor; so is each file at the top of src/.
 * - errors, version: the error classes and the version, on which everything stands;
 * - internal: the elements' plumbing that knows nothing of the editor (define, disposal scope, linger,
 *   load-once, the next turn, style properties);
 * - delivery: loudness presets and limits, domain data shared by config, model and audio;
 * - brand: the host's brand rules as data (pronunciations and how they match), shared by config, model and api;
 * - auth, api: the session and the service client;
 * - i18n: the words; config: the integrator's config, validated;
 * - feed: a feed as data (the slot and feed types the document keeps, the CSV and JSON import, the mapping of
 *   columns to slots), under the model that keeps it; the checks that estimate a row's length are in script;
 * - model: the project document, its store and persistence; script: the script's timing;
 * - rules: the one judge, every rule as data (an ad, a version, a feed row, a mix, a delivered file);
 * - audio: decoding, mixing, mastering, export;
 * - events: the editor's events; controllers: reactive controllers and the contexts;
 * - components: the elements;
 * - the entries: create, define, react, index, cdn;
 * - node: the command `npx studio-contract-check`, run on a host's server over api, auth and config (no browser
 *   entry imports it);
 * - batch: `service-studio-editor/batch` and `npx studio-batch`, the feed delivery in Node over session, audio and
 *   api (no browser entry imports it).
 */
export const FLOORS = [
  'errors', 'version', 'internal', 'delivery', 'brand', 'auth', 'api', 'i18n', 'config', 'feed', 'model', 'script', 'rules', 'audio', 'review',
  'events', 'controllers', 'session', 'components', 'create', 'define', 'react', 'index', 'cdn', 'node', 'batch',
];

/**
 * The relative specifiers of a module's imports and re-exports (type-only included), its dynamic imports,
 * and the workers and worklets it starts (`new URL('./x.js', import.meta.url)`).
 */
function relativeImports(code) {
  const patterns = [
    /^\s*(?:import|export)\s[^;'"]*?\bfrom\s*['"](\.{1,2}\/[^'"]+)['"]/gm,
    /^\s*import\s*['"](\.{1,2}\/[^'"]+)['"]/gm,
    /\bimport\(\s*['"](\.{1,2}\/[^'"]+)['"]\s*\)/g,
    /\bnew URL\(\s*['"](\.{1,2}\/[^'"]+)['"],\s*import\.meta\.url/g,
  ];
  return patterns.flatMap((pattern) => [...code.matchAll(pattern)].map((match) => match[1]));
}

/** The imports in src/ that climb: from a floor to one above it (see `FLOORS`), as `from -> to` lines. */
export function climbingImports(src = join(root, 'src')) {
  const floorOf = (file) => {
    const [first, ...rest] = relative(src, file).split('/');
    const name = rest.length === 0 ? first.replace(/\.(ts|js)$/, '') : first;
    const floor = FLOORS.indexOf(name);
    if (floor < 0) throw new Error(`src/${relative(src, file)} is on no floor: add "${name}" to FLOORS in scripts/lib/checks.mjs.`);
    return floor;
  };
  const climbs = [];
  for (const entry of readdirSync(src, { recursive: true })) {
    const file = join(src, String(entry));
    if (!file.endsWith('.ts')) continue;
    for (const specifier of relativeImports(readFileSync(file, 'utf8'))) {
      const target = resolve(dirname(file), specifier);
      // A built file (cdn.ts loads dist/studio-editor.bundled.js beside it) is not a module of src/.
      if (!existsSync(target.replace(/\.js$/, '.ts'))) continue;
      if (floorOf(target) > floorOf(file)) climbs.push(`src/${relative(src, file)} -> src/${relative(src, target)}`);
    }
  }
  return climbs.sort();
}

/** No import in src/ climbs a floor. */
export function checkFloors() {
  const climbs = climbingImports();
  if (climbs.length > 0) throw new Error(`${climbs.length} imports climb a floor (see FLOORS in scripts/lib/checks.mjs):\n  ${climbs.join('\n  ')}`);
  console.log(`No import in src/ climbs a floor (${FLOORS.join(' < ')}).`);
}

/**
 * The code of the repository: every .ts, .tsx, .js and .mjs file (src/, test/, demo/, scripts/, bin/, bench/ and the
 * configs at the top), as paths relative to `dir`, sorted. What is installed, built or cached is not code of ours.
 */
export function codeFiles(dir = root) {
  const skip = new Set(['node_modules', 'dist', 'coverage', 'screenshots']);
  const files = [];
  const walk = (folder) => {
    for (const entry of readdirSync(join(dir, folder), { withFileTypes: true })) {
      const path = folder === '' ? entry.name : `${folder}/${entry.name}`;
      if (entry.isDirectory()) {
        if (!entry.name.startsWith('.') && !skip.has(entry.name)) walk(path);
      } else if (entry.isFile() && /\.(?:[cm]?[jt]s|tsx)$/.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(path);
    }
  };
  walk('');
  return files.sort();
}

/** The most lines of a code file: past it, split the file along a seam (one job per file). */
export const CODE_FILE_MAX_LINES = 500;

/** Tables of words (src/i18n/en.ts, de-first.ts, fr-later.ts...) grow with the product's text and are not split. */
const WORD_TABLE = /^src\/i18n\/[a-z]{2}(?:-[a-z]+)?\.ts$/;

/** The code files of `dir` over `CODE_FILE_MAX_LINES` lines, tables of words aside, as `path (N lines)`. */
export function longFiles(dir = root) {
  const long = [];
  for (const file of codeFiles(dir)) {
    if (WORD_TABLE.test(file)) continue;
    const text = readFileSync(join(dir, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (lines > CODE_FILE_MAX_LINES) long.push(`${file} (${lines} lines)`);
  }
  return long;
}

/** No code file is over 500 lines (tables of words in src/i18n/ aside). */
export function checkFileLengths() {
  const long = longFiles();
  if (long.length > 0) {
    throw new Error(
      `${long.length} code file(s) over ${CODE_FILE_MAX_LINES} lines:\n  ${long.join('\n  ')}\n` +
        'Split each along a seam, one job per file (a pure function, a controller, a sub-element, a table of data), behaviour and exports unchanged.',
    );
  }
  console.log(`No code file is over ${CODE_FILE_MAX_LINES} lines (tables of words in src/i18n/ aside).`);
}

/** The module a relative `specifier` of `from` names among `files` (`./x.js` is ./x.ts in source), or undefined. */
function moduleOf(from, specifier, files) {
  const path = relative('/', resolve('/', dirname(from), specifier));
  const stem = path.replace(/\.[cm]?js$/, '');
  return [path, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${path}/index.ts`].find((candidate) => files.has(candidate));
}

/**
 * The import circles among the code files of `dir`, one per tangle of modules that import each other (a strongly
 * connected component), each as its shortest chain `a.ts -> b.ts -> a.ts`. Every import counts, as for the floors:
 * type-only ones, re-exports, dynamic `import()`s and workers.
 */
export function importCircles(dir = root) {
  const files = codeFiles(dir);
  const known = new Set(files);
  const graph = new Map(files.map((file) => [file, [...new Set(relativeImports(readFileSync(join(dir, file), 'utf8')).map((specifier) => moduleOf(file, specifier, known)).filter(Boolean))]]));
  // Tarjan's strongly connected components, iterative (a long chain of imports must not overflow the stack).
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const tangles = [];
  let next = 0;
  for (const start of files) {
    if (index.has(start)) continue;
    const work = [[start, 0]];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1];
      const [file, at] = frame;
      const targets = graph.get(file);
      if (at < targets.length) {
        frame[1] += 1;
        const target = targets[at];
        if (!index.has(target)) {
          index.set(target, next);
          low.set(target, next++);
          stack.push(target);
          onStack.add(target);
          work.push([target, 0]);
        } else if (onStack.has(target)) low.set(file, Math.min(low.get(file), index.get(target)));
        continue;
      }
      work.pop();
      if (work.length > 0) low.set(work[work.length - 1][0], Math.min(low.get(work[work.length - 1][0]), low.get(file)));
      if (low.get(file) !== index.get(file)) continue;
      const tangle = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        tangle.push(member);
      } while (member !== file);
      if (tangle.length > 1 || targets.includes(file)) tangles.push(new Set(tangle));
    }
  }
  // Each tangle named by its shortest circle through its first file (breadth first, inside the tangle).
  return tangles
    .map((tangle) => {
      const first = [...tangle].sort()[0];
      const cameFrom = new Map([[first, undefined]]);
      const queue = [first];
      while (queue.length > 0) {
        const file = queue.shift();
        for (const target of graph.get(file)) {
          if (target === first) {
            const chain = [first];
            for (let at = file; at !== undefined; at = cameFrom.get(at)) chain.unshift(at);
            return chain.join(' -> ');
          }
          if (tangle.has(target) && !cameFrom.has(target)) {
            cameFrom.set(target, file);
            queue.push(target);
          }
        }
      }
      throw new Error(`No circle through ${first}`);
    })
    .sort();
}

/** No two modules import each other, however far round (type-only imports and dynamic ones count). */
export function checkImportCircles() {
  const circles = importCircles();
  if (circles.length > 0) {
    throw new Error(
      `${circles.length} import circle(s):\n  ${circles.join('\n  ')}\n` +
        'Break each by moving what both sides need (a type, a constant, a helper, a registry) into a module of its own, or into the lower one, so the imports go one way.',
    );
  }
  console.log(`No import circle among the ${codeFiles().length} code files.`);
}
