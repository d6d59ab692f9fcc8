#!/usr/bin/env node
/**
 * Runs every test of the project in order and reports all of them, even when an early stage
 * fails:
 *   0. gates, one count each: types (`tsc -b`: vite and vitest strip types without checking
 *      them), lint (`eslint .`), formatting (`prettier --check .`)
 *   1. vitest (projects "unit", "api" and "tooling")  -> test-results/vitest.json
 *   2. vite build (the production build the browser tests run against)
 *   3. vitest project "build" (precache list, size budget of dist/) -> test-results/vitest-build.json
 *   4. playwright (Chromium, real server)   -> test-results/e2e.json
 * Prints the counts of each stage and, last, a line "N passed, N failed" with the totals; writes
 * the same numbers to test-results/summary.json (read by .ci/run). Exit code 1 when anything
 * failed.
 *
 * Extra arguments are not forwarded: run a single stage with `npm run test:unit`,
 * `npm run test:api` or `npm run test:e2e` instead.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatStage, playwrightCounts, stepCounts, sumCounts, vitestCounts } from './lib/report-counts.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'test-results');
const vitestReport = join(results, 'vitest.json');
const buildTestsReport = join(results, 'vitest-build.json');
const e2eReport = join(results, 'e2e.json');
const summaryFile = join(results, 'summary.json');

mkdirSync(results, { recursive: true });
// Stale reports must never be mistaken for this run's.
for (const f of [vitestReport, buildTestsReport, e2eReport, summaryFile]) rmSync(f, { force: true });

const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);

function stage(title, cmd, args) {
  console.log(`\n=== ${title}: ${[cmd.split('/').pop(), ...args].join(' ')}\n`);
  const started = Date.now();
  const res = spawnSync(cmd, args, {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
    shell: process.platform === 'win32',
  });
  const code = res.error ? 127 : (res.status ?? 1);
  if (res.error) console.error(`could not start ${cmd}: ${res.error.message}`);
  console.log(
    `\n=== ${title} finished in ${((Date.now() - started) / 1000).toFixed(1)} s (exit code ${code})`,
  );
  return code;
}

const stages = [];

for (const [name, cmd, args] of [
  ['types (tsc -b)', bin('tsc'), ['-b']],
  ['lint (eslint)', bin('eslint'), ['.', '--max-warnings=0']],
  ['format (prettier)', bin('prettier'), ['--check', '.']],
]) {
  stages.push({ name, ...stepCounts(stage(name, cmd, args), name) });
}

const vitestCode = stage('unit + api + tooling tests (vitest)', bin('vitest'), [
  'run',
  // The "build" project reads dist/: it runs after the build below.
  '--project=unit',
  '--project=api',
  '--project=tooling',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestReport}`,
]);
stages.push({ name: 'vitest (unit+api+tool)', ...vitestCounts(vitestReport, vitestCode) });

const buildCode = stage('production build (vite build)', bin('vite'), ['build']);
stages.push({ name: 'build', ...stepCounts(buildCode, 'vite build') });

if (buildCode === 0) {
  const buildTestsCode = stage('build tests (vitest)', bin('vitest'), [
    'run',
    '--project=build',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${buildTestsReport}`,
  ]);
  stages.push({ name: 'build tests (vitest)', ...vitestCounts(buildTestsReport, buildTestsCode) });
  const e2eCode = stage('browser tests (playwright)', bin('playwright'), ['test']);
  stages.push({ name: 'e2e (playwright)', ...playwrightCounts(e2eReport, e2eCode) });
} else {
  // Running the build or browser tests against a missing or stale build would report the wrong app.
  stages.push({
    name: 'build tests (vitest)',
    passed: 0,
    failed: 1,
    skipped: 0,
    flaky: 0,
    note: 'not run: the build failed',
  });
  stages.push({
    name: 'e2e (playwright)',
    passed: 0,
    failed: 1,
    skipped: 0,
    flaky: 0,
    note: 'not run: the build failed',
  });
}

const totals = sumCounts(stages);
writeFileSync(summaryFile, `${JSON.stringify({ stages, totals }, null, 2)}\n`);

console.log('\n=== Summary');
for (const s of stages) console.log(formatStage(s.name, s));
console.log(`${totals.passed} passed, ${totals.failed} failed`);
process.exit(totals.failed > 0 ? 1 : 0);
