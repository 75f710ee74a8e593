// Prints the closing summary line of one or more Vitest JSON reports, summed:
// "tests: N passed, M failed, K skipped". Arguments: <report> <exit status>, repeated.
import fs from 'node:fs';

const args = process.argv.slice(2);
const total = { passed: 0, failed: 0, skipped: 0 };
for (let i = 0; i < args.length; i += 2) {
  const [file, status] = [args[i], args[i + 1]];
  let report;
  try {
    report = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    // Lint or typecheck failed (or the runtime was missing) before Vitest wrote its report.
    console.log(`(run ${i / 2 + 1} exited ${status} before the test run finished)`);
    total.failed += 1;
    continue;
  }
  total.passed += report.numPassedTests ?? 0;
  total.failed += report.numFailedTests ?? 0;
  total.skipped += (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
}
console.log(`tests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
