// A node:test reporter that writes {passed, failed, skipped, failures} as JSON, for the final summary: `failures`
// names each failed test as {file, test, error} (the error's first line).
import { relative } from 'node:path';

export default async function* counts(source) {
  const result = { passed: 0, failed: 0, skipped: 0, failures: [] };
  for await (const event of source) {
    // Only leaf tests count; suites (describe) report too, with details.type === 'suite'.
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') {
      if (event.data.skip || event.data.todo) result.skipped += 1;
      else result.passed += 1;
    } else if (event.type === 'test:fail' && event.data.details?.type !== 'suite') {
      result.failed += 1;
      const error = event.data.details?.error;
      result.failures.push({
        file: event.data.file ? relative(process.cwd(), event.data.file) : '',
        test: event.data.name,
        error: String(error?.cause?.message ?? error?.message ?? '').split('\n')[0].slice(0, 300),
      });
    }
  }
  yield JSON.stringify(result);
}
