// A @web/test-runner reporter that writes {passed, failed, skipped, skips, failedFiles} to a file, for the final
// summary line; `skips` names each skipped test (a test skipped in one engine carries its reason in its title),
// `failedFiles` the test files (relative to the project) that had a failure.
import { writeFileSync } from 'node:fs';
import { relative } from 'node:path';

function countSuite(suite, counts, path) {
  for (const test of suite.tests ?? []) {
    if (test.skipped) {
      counts.skipped += 1;
      counts.skips.push([...path, test.name].join(' > '));
    } else if (test.passed) counts.passed += 1;
    else counts.failed += 1;
  }
  for (const inner of suite.suites ?? []) countSuite(inner, counts, [...path, inner.name]);
}

export function countingReporter(file) {
  return {
    onTestRunFinished({ sessions }) {
      if (!file) return;
      const counts = { passed: 0, failed: 0, skipped: 0, skips: [], failedFiles: [] };
      for (const session of sessions) {
        const before = counts.failed;
        if (session.testResults) countSuite(session.testResults, counts, []);
        // A file that failed to load, or errored outside a test, counts as one failure.
        if (!session.passed && (session.errors?.length ?? 0) > 0) counts.failed += 1;
        const file = relative(process.cwd(), session.testFile);
        if (counts.failed > before && !counts.failedFiles.includes(file)) counts.failedFiles.push(file);
      }
      writeFileSync(file, JSON.stringify(counts));
    },
  };
}
