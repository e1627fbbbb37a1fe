// Which node test files share one process. Most test/node/ files are DOM-free logic whose tests take
// milliseconds; in a process each, Node's start and tsx's (its loader runs on a thread of its own) cost more than
// the tests: 102 such files took 112 core-seconds in a process each and 18 in two (docs/development.md). So
// they run in one process, each file a suite named by its path (scripts/lib/node-shared-runner.mjs), and the
// rest run one process each, as before:
// - a file that starts a process, a server or a worker, or imports a module that can (`node:child_process`,
//   `node:http`, `node:net`, `node:worker_threads`, BullMQ, Redis, Puppeteer, through any relative import):
//   it owns what it starts, and its process's end cleans up what a failure left;
// - a file whose header says `node:test: a process of its own`, with why (a module's state at its first load).
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

export const OWN_PROCESS_MARK = 'node:test: a process of its own';
/** The runner that imports the shared files, each in a suite: `node --test` runs it as one file. */
export const SHARED_RUNNER = 'scripts/lib/node-shared-runner.mjs';
/** The shared files, as a JSON array of paths from the root, for the runner (`node --test` passes the environment on). */
export const SHARED_FILES_ENV = 'STUDIO_NODE_SHARED_FILES';

const STARTS = /(?:from|import\()\s*['"](?:node:)?(?:child_process|http|https|net|worker_threads|cluster)['"]|(?:from|import\()\s*['"](?:bullmq|ioredis|puppeteer[\w-]*)['"]/;
const RELATIVE = /(?:from|import\()\s*['"](\.{1,2}\/[^'"]+)['"]/g;

/** The file a relative specifier names: `./x.js` is `./x.ts` under tsx. */
function resolveSpecifier(from, specifier) {
  const path = resolve(dirname(from), specifier);
  return [path, path.replace(/\.js$/, '.ts'), `${path}.ts`, join(path, 'index.ts')].find((candidate) => /\.[cm]?[jt]s$/.test(candidate) && existsSync(candidate));
}

/**
 * Whether `file`, or a module it imports, starts a process, a server or a worker. `texts` keeps each module's
 * text across the test files, which import the same modules (a result is not kept: an import circle leaves a
 * module's partial answer false).
 */
function starts(file, seen, texts) {
  if (seen.has(file)) return false;
  seen.add(file);
  if (!texts.has(file)) texts.set(file, readFileSync(file, 'utf8'));
  const text = texts.get(file);
  if (STARTS.test(text)) return true;
  for (const [, specifier] of text.matchAll(RELATIVE)) {
    const imported = resolveSpecifier(file, specifier);
    if (imported && starts(imported, seen, texts)) return true;
  }
  return false;
}

/** Splits node test files (paths from `root`) into those that share a process and those that run alone. */
export function splitNodeTests(root, files) {
  const shared = [];
  const alone = [];
  const texts = new Map();
  for (const file of files) {
    const path = join(root, file);
    const own = readFileSync(path, 'utf8').includes(OWN_PROCESS_MARK) || starts(path, new Set(), texts);
    (own ? alone : shared).push(file);
  }
  return { shared, alone };
}
