// Prints the closing summary line of a Vitest JSON report: "tests: N passed, M failed, K skipped".
import fs from 'node:fs';

const [file, status] = process.argv.slice(2);
let report;
try {
  report = JSON.parse(fs.readFileSync(file, 'utf8'));
} catch {
  // Lint or typecheck failed before Vitest wrote its report.
  console.log(`tests: 0 passed, 1 failed (npm test exited ${status} before the test run finished)`);
  process.exit(0);
}
const skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
console.log(`tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${skipped} skipped`);
