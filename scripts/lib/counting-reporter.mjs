// A @web/test-runner reporter that writes {passed, failed, skipped, skips, failedFiles, failures} to a file, for
// the final summary: `skips` names each skipped test (a test skipped in one engine carries its reason in its
// title), `failedFiles` the test files (relative to the project) that had a failure, and `failures` each failed
// test as {file, test, error} (the error's first line), so the last lines of a run say what failed; `slowest` the
// ten files whose tests took longest (ms, the sum of their tests' durations: page loads aside), to know where a
// run's time goes, and `filesMs` every file's; `slowestTests` the twenty slowest tests as {file, test, ms}; `testsMs`
// the sum of every test's duration, and `files` how many files ran.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const firstLine = (error) => String(error?.message ?? error ?? '').split('\n')[0].slice(0, 300);

function countSuite(suite, counts, path, file) {
  for (const test of suite.tests ?? []) {
    const name = [...path, test.name].join(' > ');
    counts.ms[file] = (counts.ms[file] ?? 0) + (test.duration ?? 0);
    if (test.duration) counts.tests.push({ file, test: name, ms: Math.round(test.duration) });
    if (test.skipped) {
      counts.skipped += 1;
      counts.skips.push(name);
    } else if (test.passed) counts.passed += 1;
    else {
      counts.failed += 1;
      counts.failures.push({ file, test: name, error: firstLine(test.error) });
    }
  }
  for (const inner of suite.suites ?? []) countSuite(inner, counts, [...path, inner.name], file);
}

export function countingReporter(countsFile) {
  return {
    onTestRunFinished({ sessions }) {
      if (!countsFile) return;
      const counts = { passed: 0, failed: 0, skipped: 0, skips: [], failedFiles: [], failures: [], ms: {}, tests: [] };
      for (const session of sessions) {
        const before = counts.failed;
        const file = relative(process.cwd(), session.testFile);
        if (session.testResults) countSuite(session.testResults, counts, [], file);
        // A file that failed to load, or errored outside a test, counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) {
          counts.failed += 1;
          counts.failures.push({ file, test: '(outside a test: the file did not load, or a hook failed)', error: firstLine(session.errors[0]) });
        }
        if (counts.failed > before && !counts.failedFiles.includes(file)) counts.failedFiles.push(file);
      }
      const { ms, tests, ...rest } = counts;
      const slowest = Object.entries(ms).sort((a, b) => b[1] - a[1]).slice(0, 10).map(([file, total]) => ({ file, ms: Math.round(total) }));
      const slowestTests = tests.sort((a, b) => b.ms - a.ms).slice(0, 20);
      const testsMs = Math.round(Object.values(ms).reduce((sum, total) => sum + total, 0));
      const filesMs = Object.fromEntries(Object.entries(ms).map(([file, total]) => [file, Math.round(total)]));
      writeFileSync(countsFile, JSON.stringify({ ...rest, slowest, slowestTests, testsMs, files: sessions.length, filesMs }));
    },
  };
}
