// A node:test reporter that writes {passed, failed, skipped} as JSON, for the final summary line.
export default async function* counts(source) {
  const result = { passed: 0, failed: 0, skipped: 0 };
  for await (const event of source) {
    // Only leaf tests count; suites (describe) report too, with details.type === 'suite'.
    if (event.type === 'test:pass' && event.data.details?.type !== 'suite') {
      if (event.data.skip || event.data.todo) result.skipped += 1;
      else result.passed += 1;
    } else if (event.type === 'test:fail' && event.data.details?.type !== 'suite') {
      result.failed += 1;
    }
  }
  yield JSON.stringify(result);
}
