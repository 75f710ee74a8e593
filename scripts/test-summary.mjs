// Prints the closing summary of one or more Vitest JSON reports, summed: first every failed
// test (file, name and the first line of its error), then "tests: N passed, M failed,
// K skipped". The failures come last but one so that the tail of a long CI log names them.
// Arguments: <report> <exit status>, repeated.
import fs from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const total = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
for (let i = 0; i < args.length; i += 2) {
  const [file, status] = [args[i], args[i + 1]];
  const run = i / 2 + 1;
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Lint or typecheck failed (or the runtime was missing) before Vitest wrote its report.
    console.log(`(run ${run} exited ${status} before the test run finished)`);
    total.failed += 1;
    continue;
  }
  total.passed += report.numPassedTests ?? 0;
  total.failed += report.numFailedTests ?? 0;
  total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  for (const suite of report.testResults ?? []) {
    const where = path.relative(process.cwd(), suite.name ?? '');
    const failed = (suite.assertionResults ?? []).filter((t) => t.status === 'failed');
    for (const test of failed) {
      // A timeout reaches the report as a bare stack: its message is in the log above.
      const reason = String(test.failureMessages?.[0] ?? '')
        .replace(/^Error: STACK_TRACE_ERROR\b.*/, 'timed out or failed without a message (see the log above)')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`run ${run}: ${where} > ${test.fullName ?? test.title}\n    ${reason}`);
    }
    // A file that failed outside any test (a hook, an import) has no failed assertion.
    if (failed.length === 0 && suite.status === 'failed') {
      const reason = String(suite.message ?? '')
        .split('\n')[0]
        .slice(0, 300);
      failures.push(`run ${run}: ${where} (the file failed)\n    ${reason}`);
    }
  }
}
if (failures.length > 0) console.log(`failed:\n${failures.map((f) => `  ${f}`).join('\n')}`);
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
