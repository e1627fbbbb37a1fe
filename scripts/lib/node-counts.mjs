// A node:test reporter that writes {passed, failed, skipped, failures, slowest} as JSON, for the final summary:
// `failures` names each failed test as {file, test, error} (the error's first line); `slowest` the ten files whose
// top-level tests took longest (ms), as the browser engines' counting reporter does, to know where a run's time goes,
// and `filesMs` every file's.
import { relative } from 'node:path';
import { SHARED_RUNNER } from './node-shared.mjs';

/** The test file an event is of: the shared process's suites are named by their file's path. */
function fileOf({ file, name }) {
  const path = relative(process.cwd(), file);
  return path === SHARED_RUNNER ? name : path;
}

export default async function* counts(source) {
  const result = { passed: 0, failed: 0, skipped: 0, failures: [] };
  const ms = {};
  for await (const event of source) {
    if ((event.type === 'test:pass' || event.type === 'test:fail') && event.data.nesting === 0 && event.data.file) {
      // In the shared process (node-shared.mjs) each file is a suite named by its path.
      const file = fileOf(event.data);
      ms[file] = (ms[file] ?? 0) + (event.data.details?.duration_ms ?? 0);
    }
    // Only leaf tests count; suites (describe) report too, with details.type === 'suite'.
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') {
      if (event.data.skip || event.data.todo) result.skipped += 1;
      else result.passed += 1;
    } else if (event.type === 'test:fail' && event.data.details?.type !== 'suite') {
      result.failed += 1;
      const error = event.data.details?.error;
      result.failures.push({
        file: event.data.file ? fileOf(event.data) : '',
        test: event.data.name,
        error: String(error?.cause?.message ?? error?.message ?? '').split('\n')[0].slice(0, 300),
      });
    }
  }
  const slowest = Object.entries(ms).sort((a, b) => b[1] - a[1]).slice(0, 10).map(([file, total]) => ({ file, ms: Math.round(total) }));
  const filesMs = Object.fromEntries(Object.entries(ms).map(([file, total]) => [file, Math.round(total)]));
  yield JSON.stringify({ ...result, slowest, filesMs });
}
