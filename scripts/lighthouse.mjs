#!/usr/bin/env node
/**
 * `npm run lighthouse`: Lighthouse (npm package) in Chromium, mobile settings (Lighthouse's default
 * form factor, simulated slow 4G and 4x CPU slowdown), against the production server:
 *   home, login (signed out), lobby and buy-coins (signed in as the demo player).
 *
 * Steps: `vite build` into a temp folder (so a running e2e server's ./dist is left alone), start
 * `tsx server/main.ts` on free ports with a temp DATA_DIR, launch Chromium with chrome-launcher,
 * audit the signed-out pages (storage reset before each, as a first visit), sign in through the
 * login form with playwright-core connected over CDP to the same Chromium, then audit the
 * signed-in pages with `disableStorageReset` (cookies and the IndexedDB mirror kept, so the
 * session resumes as it does for a returning player). Before each signed-in run the service
 * worker is stopped, so the page starts in a renderer of its own (see stopServiceWorkers).
 *
 * Output: bench-results/lighthouse.json (scores, key metrics, every audit scoring below 1 per
 * page) and the summary table in docs/performance.md between the lighthouse markers.
 *
 * Options: --dist <dir> or DIST_DIR (audit an existing build instead of building), --port <p> or
 * LIGHTHOUSE_PORT (the server's port, the card sandbox on p + 1; default two free ports), --runs <n>
 * (median of n runs per page, default 1), --pages home,login,... (a subset), --no-docs (leave
 * docs/performance.md alone), --out <file> (the JSON results elsewhere), --lhr-dir <dir> (each
 * page's full Lighthouse result and trace of the median run, for a closer look), --profile (the trace also holds
 * V8's CPU profile; map it with a `vite build --sourcemap` build), --keep (keep the temp
 * folders). CHROME_PATH picks the browser (default /usr/bin/chromium).
 */
/* global fetch, setTimeout, navigator */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import { CHROMIUM_FLAGS } from './lib/chromium.mjs';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const SIGNED_OUT_PAGES = [
  ['home', '/'],
  ['login', '/login'],
  ['policy', '/policies/terms-and-conditions'],
];
const SIGNED_IN_PAGES = [
  ['lobby', '/lobby'],
  ['buy-coins', '/buy-coins'],
];
const docsFile = join(root, 'docs', 'performance.md');
const DEMO = { email: 'demo@luckycrown.example', password: 'DemoPlayer#2026' };
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const METRICS = {
  'first-contentful-paint': 'FCP',
  'largest-contentful-paint': 'LCP',
  'total-blocking-time': 'TBT',
  'cumulative-layout-shift': 'CLS',
  'speed-index': 'SI',
  interactive: 'TTI',
};
const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

function option(name) {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}
const keep = process.argv.includes('--keep');
const writeToDocs = !process.argv.includes('--no-docs');
const runs = Math.max(1, Number(option('runs') ?? 1) || 1);
const resultsFile = option('out') ?? join(root, 'bench-results', 'lighthouse.json');
const fixedPort = Number(option('port') ?? process.env.LIGHTHOUSE_PORT ?? 0) || 0;
const onlyPages = option('pages')?.split(',');
const wanted = ([name]) => !onlyPages || onlyPages.includes(name);
const lhrDir = option('lhr-dir');
// --profile: the traces also hold V8's CPU profile (which functions ran in each long task); with a
// build made with `vite build --sourcemap` the frames map back to the sources. It slows the page, so
// its scores are not comparable with a normal run's.
const profile = process.argv.includes('--profile');

const bin = (name) => join(root, 'node_modules', '.bin', process.platform === 'win32' ? `${name}.cmd` : name);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

function run(cmd, args, env) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit', shell: process.platform === 'win32' });
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    );
    child.on('error', reject);
  });
}

async function startServer(distDir, dataDir) {
  const port = fixedPort || (await freePort());
  let sandboxPort = fixedPort ? fixedPort + 1 : await freePort();
  while (sandboxPort === port) sandboxPort = await freePort();
  const origin = `http://localhost:${port}`;
  const env = {
    ...process.env,
    PORT: String(port),
    CARD_SANDBOX_PORT: String(sandboxPort),
    DATA_DIR: dataDir,
    DIST_DIR: distDir,
    PUBLIC_ORIGIN: origin,
    LOG_LEVEL: 'warn',
  };
  for (const name of ['DATABASE_URL', 'GOLD_ONLY', 'SESSION_INACTIVITY_SECONDS', 'CARD_SANDBOX_ORIGIN'])
    delete env[name];
  const child = spawn(bin('tsx'), ['server/main.ts'], {
    cwd: root,
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/v1/health`)).ok) break;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error('the server did not answer within 120 s');
    await sleep(250);
  }
  return {
    origin,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      await Promise.race([new Promise((r) => child.once('exit', r)), sleep(10_000)]);
    },
  };
}

/** Signs the demo player in through the login form, in the Chromium Lighthouse drives. */
async function signIn(chromePort, origin) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    await page.goto(`${origin}/login`);
    await page.getByLabel('Email', { exact: true }).fill(DEMO.email);
    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await page.waitForURL(/\/lobby(\/|\?|$)/, { timeout: 30_000 });
    await page.getByTestId('balance-amount').waitFor({ timeout: 30_000 });
    // Let the worker finish installing, so every signed-in audit starts from the same state.
    await page.evaluate(() => navigator.serviceWorker?.ready.then(() => undefined));
    await page.close();
  } finally {
    // Disconnects playwright-core only; the browser keeps running for Lighthouse.
    await browser.close();
  }
}

/**
 * Stops the origin's service worker, so the next audit's page starts in a renderer process of its
 * own, as an installed app opened anew does. A running worker keeps its process alive and Chromium
 * puts the next page of its site in it: that renderer then holds every earlier run's heap, and
 * Lighthouse's JavaScript coverage (started as the page's context is created) walks all of it in
 * one task on the page's main thread (about 85-125 ms observed, counted as the page's blocking time).
 */
async function stopServiceWorkers(chromePort) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await page.close();
  } finally {
    await browser.close();
  }
}

function median(values) {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor((s.length - 1) / 2)];
}

/** The first few elements or URLs an audit points at (layout-shift culprits, unused scripts). */
function whereOf(a) {
  // Some audits' details hold items that are not a list (a tree, a table of sections).
  const items = Array.isArray(a.details?.items) ? a.details.items : [];
  return items
    .slice(0, 5)
    .map((item) => item.node?.selector ?? item.url ?? item.source?.url ?? item.node?.snippet ?? null)
    .filter((x) => typeof x === 'string');
}

async function audit(chromePort, url, signedIn) {
  const results = [];
  const traces = [];
  for (let i = 0, failures = 0; i < runs; i += 1) {
    if (signedIn) await stopServiceWorkers(chromePort);
    const answer = await lighthouse(url, {
      port: chromePort,
      output: 'json',
      logLevel: 'error',
      onlyCategories: CATEGORIES,
      disableStorageReset: signedIn,
      ...(profile ? { additionalTraceCategories: 'disabled-by-default-v8.cpu_profiler' } : {}),
    });
    if (!answer?.lhr) throw new Error(`Lighthouse gave no result for ${url}`);
    if (answer.lhr.runtimeError) {
      // A trace now and then comes back unusable (NO_NAVSTART, NO_FCP) on a busy machine: retry.
      failures += 1;
      if (failures > 2) throw new Error(`Lighthouse failed on ${url}: ${answer.lhr.runtimeError.message}`);
      console.warn(`[lighthouse] ${url}: ${answer.lhr.runtimeError.code}, running again`);
      i -= 1;
      continue;
    }
    results.push(answer.lhr);
    traces.push(answer.artifacts?.Trace);
  }
  // The run with the median performance score stands for the page.
  const perf = results.map((r) => r.categories.performance.score ?? 0);
  const lhr = results[perf.indexOf(median(perf))];
  if (lhrDir) {
    mkdirSync(lhrDir, { recursive: true });
    const file = `${new URL(url).pathname.replace(/\W+/g, '-').replace(/^-|-$/g, '') || 'home'}.json`;
    writeFileSync(join(lhrDir, file), JSON.stringify(lhr));
    // The run's trace beside it: the long tasks' call stacks are only there.
    const trace = traces[perf.indexOf(median(perf))];
    if (trace) writeFileSync(join(lhrDir, file.replace(/\.json$/, '.trace.json')), JSON.stringify(trace));
  }
  const scores = Object.fromEntries(
    CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? 0) * 100)]),
  );
  const metrics = Object.fromEntries(
    Object.entries(METRICS).map(([id, short]) => [
      short,
      { value: lhr.audits[id]?.numericValue ?? null, display: lhr.audits[id]?.displayValue ?? '' },
    ]),
  );
  // Every scored audit below 1 in each category, with its id, so the fix can be found.
  const failing = {};
  for (const c of CATEGORIES) {
    // Performance also lists its unweighted diagnostics (unused-javascript, bootup-time, ...):
    // they say where the metric time goes.
    failing[c] = lhr.categories[c].auditRefs
      .map((ref) => lhr.audits[ref.id])
      .filter(
        (a) =>
          a &&
          a.score !== null &&
          a.score < 1 &&
          a.scoreDisplayMode !== 'informative' &&
          a.scoreDisplayMode !== 'notApplicable' &&
          a.scoreDisplayMode !== 'manual',
      )
      .map((a) => ({
        id: a.id,
        title: a.title,
        score: a.score,
        display: a.displayValue ?? '',
        where: whereOf(a),
      }));
  }
  return {
    url,
    final_url: lhr.finalDisplayedUrl,
    signed_in: signedIn,
    runs,
    performance_runs: perf.map((score) => Math.round(score * 100)),
    scores,
    metrics,
    failing,
    warnings: lhr.runWarnings,
    lighthouse: lhr.lighthouseVersion,
    form_factor: lhr.configSettings.formFactor,
    throttling: lhr.configSettings.throttlingMethod,
  };
}

function summaryMarkdown(report) {
  const fmt = (m) => (m.value === null ? '–' : m.display || String(Math.round(m.value)));
  const lines = [
    `Run ${report.date}: Lighthouse ${report.lighthouse}, ${report.chromium}, form factor ${report.form_factor}, ${report.throttling} throttling, ${report.machine}. Raw results: \`bench-results/lighthouse.json\`.`,
    '',
    '| Page | Performance | (runs) | Accessibility | Best Practices | SEO | FCP | LCP | TBT | CLS | SI |',
    '| ---- | ----------: | -----: | ------------: | -------------: | --: | --: | --: | --: | --: | -: |',
    ...report.pages.map(
      (p) =>
        `| ${p.name}${p.signed_in ? ' (signed in)' : ''} | ${p.scores.performance} | ${p.performance_runs.join(' / ')} | ${p.scores.accessibility} | ${p.scores['best-practices']} | ${p.scores.seo} | ${fmt(p.metrics.FCP)} | ${fmt(p.metrics.LCP)} | ${fmt(p.metrics.TBT)} | ${fmt(p.metrics.CLS)} | ${fmt(p.metrics.SI)} |`,
    ),
    '',
    'Audits below full marks (id: value):',
    '',
  ];
  let any = false;
  for (const p of report.pages) {
    for (const c of CATEGORIES) {
      if (p.failing[c].length === 0) continue;
      any = true;
      lines.push(
        `- ${p.name}, ${c}: ${p.failing[c].map((a) => `\`${a.id}\`${a.display ? ` (${a.display})` : ''}`).join(', ')}`,
      );
    }
  }
  if (!any) lines.push('- none');
  return lines.join('\n');
}

function writeDocs(markdown) {
  if (!existsSync(docsFile)) return;
  const text = readFileSync(docsFile, 'utf8');
  const start = '<!-- lighthouse:start -->';
  const end = '<!-- lighthouse:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) {
    console.warn(`docs/performance.md has no ${start} … ${end} markers: summary not written there.`);
    return;
  }
  writeFileSync(docsFile, `${text.slice(0, a + start.length)}\n\n${markdown}\n\n${text.slice(b)}`);
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), 'lucky-crown-lighthouse-'));
  const cleanups = [];
  // Stopped from outside (Ctrl-C, kill): stop the server and the browser too.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, () => {
      void Promise.allSettled(cleanups.reverse().map((stop) => stop())).then(() => {
        if (!keep) rmSync(work, { recursive: true, force: true });
        process.exit(130);
      });
    });
  }
  try {
    let distDir = option('dist') ?? process.env.DIST_DIR;
    if (!distDir) {
      distDir = join(work, 'dist');
      console.log(`[lighthouse] vite build -> ${distDir}`);
      await run(
        bin('vite'),
        ['build', '--outDir', distDir, '--emptyOutDir', '--logLevel', 'warn'],
        process.env,
      );
    }
    const server = await startServer(distDir, join(work, 'data'));
    cleanups.push(server.stop);
    console.log(`[lighthouse] server at ${server.origin}`);

    mkdirSync(join(work, 'profile'), { recursive: true });
    const chrome = await chromeLauncher.launch({
      chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
      chromeFlags: CHROME_FLAGS,
      userDataDir: join(work, 'profile'),
      logLevel: 'error',
    });
    cleanups.push(async () => {
      await chrome.kill();
    });
    const version = (await (await fetch(`http://127.0.0.1:${chrome.port}/json/version`)).json()).Browser;

    const pages = [];
    for (const [name, path] of SIGNED_OUT_PAGES.filter(wanted)) {
      console.log(`[lighthouse] ${name} (${path})`);
      pages.push({ name, path, ...(await audit(chrome.port, `${server.origin}${path}`, false)) });
    }
    const signedInPages = SIGNED_IN_PAGES.filter(wanted);
    if (signedInPages.length > 0) await signIn(chrome.port, server.origin);
    for (const [name, path] of signedInPages) {
      console.log(`[lighthouse] ${name} (${path}, signed in)`);
      const result = await audit(chrome.port, `${server.origin}${path}`, true);
      if (!new URL(result.final_url).pathname.startsWith(path))
        throw new Error(`${path} ended at ${result.final_url}: the signed-in session was not kept`);
      pages.push({ name, path, ...result });
    }

    const first = pages[0];
    const report = {
      date: new Date().toISOString(),
      lighthouse: first.lighthouse,
      chromium: version,
      form_factor: first.form_factor,
      throttling: first.throttling,
      machine: `${cpus().length} x ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GB, Node ${process.version}`,
      pages,
    };
    mkdirSync(dirname(resultsFile), { recursive: true });
    writeFileSync(resultsFile, `${JSON.stringify(report, null, 2)}\n`);
    const markdown = summaryMarkdown(report);
    if (writeToDocs) writeDocs(markdown);
    console.log(`\n${markdown}\n\n[lighthouse] wrote ${resultsFile}`);
  } finally {
    for (const stop of cleanups.reverse()) {
      try {
        await stop();
      } catch {
        // best effort
      }
    }
    if (!keep) rmSync(work, { recursive: true, force: true });
    else console.log(`[lighthouse] kept ${work}`);
  }
}

main().catch((error) => {
  console.error(`[lighthouse] ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
