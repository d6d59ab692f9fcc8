/**
 * Size budget: first-load JavaScript, gzip level 9, of
 *   - the home route: at most 90 KB;
 *   - any route: at most 150 KB.
 * First-load JavaScript of a route = the entry script of dist/index.html and every chunk it
 * imports statically (its modulepreload links), plus, when the route's page module
 * (src/features/**\/*-page.tsx, a lazy route) is its own chunk, the chunks the entry imports at
 * start-up (the full app, src/app/start.tsx) and the page chunk, each with its static imports.
 * A page module bundled into the entry itself (the home page of the light entry, rendered for a
 * first-time visitor before the full app loads at idle) counts as the entry alone. Chunks are read
 * from the Vite build manifest (dist/.vite/manifest.json). KB = 1,000 bytes.
 * The test prints every route's figure, then fails on any route past its budget.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  KB,
  firstLoad,
  kb,
  pageModules,
  readDist,
  readViteManifest,
  entryKey,
  requireBuild,
  routePathsByModule,
  startupModules,
  type RouteFigure,
  type ViteManifest,
} from './support/build-output.ts';

const HOME_BUDGET = 90 * KB;
const ROUTE_BUDGET = 150 * KB;
const HOME_MODULE = 'src/features/home/home-page.tsx';

describe('first-load JavaScript budget', () => {
  let manifest: ViteManifest;
  let figures: RouteFigure[] = [];

  beforeAll(() => {
    requireBuild();
    manifest = readViteManifest();
    const paths = routePathsByModule();
    figures = pageModules(manifest).map((module) => ({
      module,
      routes: paths.get(module) ?? [],
      ...firstLoad(manifest, module),
    }));
    const shell = firstLoad(manifest, null);
    // The home page inside the entry (light entry): its first load is the entry alone.
    if (!manifest[HOME_MODULE])
      figures.push({ module: HOME_MODULE, routes: ['/ (first visit, light entry)'], ...shell });
    const rows = [
      ['index.html entry + static imports', '', kb(shell.gzipBytes), String(shell.files.length)],
      [`start-up chunks: ${startupModules(manifest).join(', ') || 'none'}`, '', '', ''],
      ...[...figures]
        .sort((a, b) => b.gzipBytes - a.gzipBytes)
        .map((f) => {
          const routes =
            f.routes.length > 3
              ? `${f.routes.slice(0, 3).join(' ')} +${f.routes.length - 3}`
              : f.routes.join(' ');
          return [f.module.replace(/^src\/features\//, ''), routes, kb(f.gzipBytes), String(f.files.length)];
        }),
    ];
    const widths = [0, 1, 2, 3].map((i) => Math.max(...rows.map((r) => (r[i] ?? '').length), 8));
    const line = (r: string[]) =>
      r
        .map((c, i) => (i === 2 || i === 3 ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
        .join('  ');
    console.log(
      [
        `First-load JS per route, gzip -9 (budgets: home ${kb(HOME_BUDGET)}, any route ${kb(ROUTE_BUDGET)})`,
        line(['page module', 'routes', 'gzip', 'chunks']),
        ...rows.map(line),
      ].join('\n'),
    );
  });

  it('finds the entry script of index.html and the page modules in the build manifest', () => {
    const html = readDist('index.html').toString('utf8');
    const entry = /<script type="module"[^>]*src="\/([^"]+)"/.exec(html)?.[1];
    const shell = firstLoad(manifest, null);
    expect(entry, 'index.html has a module entry script').toBeTruthy();
    expect(shell.files).toContain(entry);
    // Every modulepreload link of index.html is part of the shell's first load.
    for (const m of html.matchAll(/<link rel="modulepreload"[^>]*href="\/([^"]+)"/g))
      expect(shell.files).toContain(m[1]);
    expect(figures.map((f) => f.module)).toContain(HOME_MODULE);
    expect(figures.length).toBeGreaterThan(5);
  });

  it(`home route: first-load JS at most ${kb(HOME_BUDGET)} gzip`, () => {
    const home = figures.find((f) => f.module === HOME_MODULE) as RouteFigure;
    expect(
      home.gzipBytes,
      `home route first-load JS is ${kb(home.gzipBytes)} gzip (${home.files.join(', ')})`,
    ).toBeLessThanOrEqual(HOME_BUDGET);
  });

  it(`every route: first-load JS at most ${kb(ROUTE_BUDGET)} gzip`, () => {
    const over = figures
      .filter((f) => f.gzipBytes > ROUTE_BUDGET)
      .map((f) => `${f.module}: ${kb(f.gzipBytes)}`);
    expect(over, 'routes over budget').toEqual([]);
  });

  it("every route's first load carries React Router's production build, not its development warnings", () => {
    // The package resolves to its development build in every mode; vite.config.ts points the
    // build at the production one. These messages exist only in the development build.
    const devWarnings = ['You rendered descendant <Routes>', 'No routes matched location'];
    const files = new Set(figures.flatMap((f) => f.files));
    expect(files.size).toBeGreaterThan(0);
    for (const file of files) {
      const code = readDist(file).toString('utf8');
      for (const warning of devWarnings)
        expect(code.includes(warning), `${file} carries "${warning}"`).toBe(false);
    }
  });

  it('the first paint waits for no stylesheet: the entry CSS is inline and no chunk loads it again', () => {
    const html = readDist('index.html').toString('utf8');
    expect(html, 'index.html links a stylesheet').not.toMatch(/<link[^>]*rel="stylesheet"/);
    expect(html, 'index.html has the entry styles inline').toMatch(/<style>[^<]*\{[^<]*<\/style>/);
    const entryCss = manifest[entryKey(manifest)]?.css ?? [];
    expect(entryCss, 'the entry chunk lists no CSS file to load').toEqual([]);
  });
});
