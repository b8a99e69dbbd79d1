/**
 * Prints the run's totals as one plain line ('vitest: N passed, N failed, N skipped'), so CI logs
 * state the count in a form any reader (human or machine) understands, and under it one line per
 * failure ('vitest failed: file > test: first line of its error'). scripts/test.ts prints those lines
 * again at the very end of `npm test`, so a log cut to its tail still names what failed.
 */
import type { Reporter, TestModule } from 'vitest/node';

/** The first line of an error's message, cut to a length a log line can hold. */
function firstLine(error: { message?: string } | undefined): string {
  const line = (error?.message ?? 'no message').split('\n')[0]!.trim();
  return line.length > 200 ? `${line.slice(0, 199)}…` : line;
}

export default class PlainSummaryReporter implements Reporter {
  onTestRunEnd(testModules: ReadonlyArray<TestModule>, unhandledErrors: ReadonlyArray<unknown>) {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    const failures: string[] = [];
    for (const module of testModules) {
      let failedHere = 0;
      for (const test of module.children.allTests()) {
        const result = test.result();
        if (result.state === 'passed') passed++;
        else if (result.state === 'failed') {
          failedHere++;
          failures.push(`${module.relativeModuleId} > ${test.fullName}: ${firstLine(result.errors[0])}`);
        } else skipped++;
      }
      // a file that failed outside its tests (import error, failing beforeAll) counts as one failure
      if (module.state() === 'failed' && failedHere === 0) {
        failedHere = 1;
        failures.push(`${module.relativeModuleId}: ${firstLine(module.errors()[0])}`);
      }
      failed += failedHere;
    }
    for (const error of unhandledErrors)
      failures.push(`unhandled: ${firstLine(error as { message?: string })}`);
    failed += unhandledErrors.length;
    console.log(`\nvitest: ${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
    for (const failure of failures) console.log(`vitest failed: ${failure}`);
  }
}
