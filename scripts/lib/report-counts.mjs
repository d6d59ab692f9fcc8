/**
 * Reads the JSON reports of vitest and Playwright into plain counts, so scripts/run-tests.mjs
 * and .ci/run add up results the same way. A stage that exits non-zero without any failed test
 * in its report (crash, webServer that never started, import error) counts as one failure, so a
 * broken stage can never be reported as green.
 */
import { existsSync, readFileSync } from 'node:fs';

/** @typedef {{ passed: number, failed: number, skipped: number, flaky: number, note?: string }} Counts */

function readJson(file) {
  if (!existsSync(file)) return null;
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

/**
 * @param {{ skippedFail?: boolean }} [options] skippedFail: a skipped test counts as a failure (a run
 *   meant to exercise everything, such as the API suite on PostgreSQL, must not skip quietly)
 * @returns {Counts}
 */
export function vitestCounts(file, exitCode, options = {}) {
  const r = readJson(file);
  if (!r) return { passed: 0, failed: 1, skipped: 0, flaky: 0, note: `no report at ${file}` };
  const passed = r.numPassedTests ?? 0;
  let failed = r.numFailedTests ?? 0;
  const skipped = (r.numPendingTests ?? 0) + (r.numTodoTests ?? 0);
  // A test file that fails to load has status "failed" and no failed test inside it.
  const brokenFiles = (r.testResults ?? []).filter(
    (f) => f.status === 'failed' && !(f.assertionResults ?? []).some((a) => a.status === 'failed'),
  ).length;
  failed += brokenFiles;
  let note = brokenFiles ? `${brokenFiles} test file(s) failed to run` : undefined;
  if (options.skippedFail && skipped > 0) {
    failed += skipped;
    note = [note, `${skipped} skipped test(s) counted as failed`].filter(Boolean).join('; ');
  }
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    note = `vitest exited with code ${exitCode} (see output above)`;
  }
  return { passed, failed, skipped, flaky: 0, note };
}

/** @returns {Counts} */
export function playwrightCounts(file, exitCode) {
  const r = readJson(file);
  if (!r?.stats) return { passed: 0, failed: 1, skipped: 0, flaky: 0, note: `no report at ${file}` };
  const s = r.stats;
  const flaky = s.flaky ?? 0;
  const passed = (s.expected ?? 0) + flaky;
  let failed = s.unexpected ?? 0;
  const skipped = s.skipped ?? 0;
  const errors = (r.errors ?? []).length;
  let note = errors ? `${errors} error(s) outside tests` : undefined;
  if (exitCode !== 0 && failed === 0) {
    failed = 1;
    note = `playwright exited with code ${exitCode}${errors ? ` (${errors} error(s) outside tests)` : ''}`;
  }
  if (flaky && !note) note = `${flaky} passed only on retry`;
  return { passed, failed, skipped, flaky, note };
}

/** One check (such as the build) as counts. */
export function stepCounts(exitCode, what) {
  return exitCode === 0
    ? { passed: 1, failed: 0, skipped: 0, flaky: 0 }
    : { passed: 0, failed: 1, skipped: 0, flaky: 0, note: `${what} exited with code ${exitCode}` };
}

export function sumCounts(list) {
  return list.reduce(
    (a, c) => ({
      passed: a.passed + c.passed,
      failed: a.failed + c.failed,
      skipped: a.skipped + c.skipped,
      flaky: a.flaky + c.flaky,
    }),
    { passed: 0, failed: 0, skipped: 0, flaky: 0 },
  );
}

export function formatStage(name, c) {
  const extra = [c.skipped ? `${c.skipped} skipped` : '', c.note ?? ''].filter(Boolean).join('; ');
  return `  ${name.padEnd(22)} ${String(c.passed).padStart(4)} passed ${String(c.failed).padStart(4)} failed${extra ? `  (${extra})` : ''}`;
}
