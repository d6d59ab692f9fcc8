import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { stepCounts, sumCounts, vitestCounts } from './report-counts.mjs';

function report(body: object): string {
  const file = join(mkdtempSync(join(tmpdir(), 'lc-report-')), 'vitest.json');
  writeFileSync(file, JSON.stringify(body));
  return file;
}

describe('test report counts', () => {
  const withSkip = {
    numPassedTests: 10,
    numFailedTests: 0,
    numPendingTests: 2,
    numTodoTests: 0,
    testResults: [],
  };

  it('counts skipped tests apart by default', () => {
    expect(vitestCounts(report(withSkip), 0)).toMatchObject({ passed: 10, failed: 0, skipped: 2 });
  });

  it('counts a skipped test as a failure where every test must run (the PostgreSQL stage)', () => {
    const c = vitestCounts(report(withSkip), 0, { skippedFail: true });
    expect(c).toMatchObject({ passed: 10, failed: 2 });
    expect(c.note).toMatch(/2 skipped test\(s\) counted as failed/);
  });

  it('a missing report or a crashed runner is a failure, never green', () => {
    expect(vitestCounts('/nonexistent/vitest.json', 0).failed).toBe(1);
    expect(vitestCounts(report({ numPassedTests: 3, numFailedTests: 0, testResults: [] }), 1).failed).toBe(1);
  });

  it('a gate (types, lint, format) counts one pass or one failure', () => {
    const total = sumCounts([stepCounts(0, 'tsc'), stepCounts(2, 'eslint'), stepCounts(0, 'prettier')]);
    expect(total).toMatchObject({ passed: 2, failed: 1 });
  });
});
