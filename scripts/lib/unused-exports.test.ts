import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { findUnusedExports, sourceFiles } from './unused-exports.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));

/** Kept on purpose, with the reason. */
const ALLOWED = [
  // Global print rules: linaria extracts them from the module; nothing needs the class name.
  'src/features/history/yearly-summary-page.tsx: printStyles',
  // The SSR bundle's entry: built on its own (vite.config.ts, prerenderBundle) and loaded by the
  // server from <dist>/.ssr/render-page.js (server/http/prerendered-pages.ts), never imported.
  'src/prerender/render-page.tsx: needsLegalDocuments',
  'src/prerender/render-page.tsx: prerenderedPageStyles',
  'src/prerender/render-page.tsx: renderPage',
];

describe('the app exports nothing unused', () => {
  it('every exported value of src/ is imported somewhere or read in its own module', () => {
    const unused = findUnusedExports({
      root,
      checkedDirs: ['src'],
      scannedDirs: ['src', 'sw', 'server', 'tests', 'scripts', 'games'],
      allowed: ALLOWED,
      defaultLoaders: ['lazy', 'page'],
    });
    expect(unused).toEqual([]);
    // Parses every source file of the repository: seconds on a busy machine.
  }, 60_000);

  it('every dialog kind is opened or registered by the app (tests do not count)', () => {
    const kindsFile = join(root, 'src/state/dialog-kinds.ts');
    const union = /export type DialogKind =([^;]+);/.exec(readFileSync(kindsFile, 'utf8'))?.[1] ?? '';
    const kinds = [...union.matchAll(/'([a-z0-9-]+)'/g)].map((m) => m[1]);
    expect(kinds.length).toBeGreaterThan(0);
    const appSources = sourceFiles(root, ['src'])
      .filter((f) => f !== kindsFile && !/\.(test|spec)\.tsx?$/.test(f))
      .map((f) => readFileSync(f, 'utf8'))
      .join('\n');
    const unusedKinds = kinds.filter((k) => !appSources.includes(`'${k}'`));
    expect(unusedKinds).toEqual([]);
  });
});

describe('findUnusedExports', () => {
  let dir: string | null = null;
  afterEach(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
    dir = null;
  });

  function project(files: Record<string, string>): string {
    dir = mkdtempSync(join(tmpdir(), 'unused-exports-'));
    for (const [path, text] of Object.entries(files)) {
      mkdirSync(dirname(join(dir, path)), { recursive: true });
      writeFileSync(join(dir, path), text);
    }
    return dir;
  }

  const check = (r: string, extra: { allowed?: string[]; defaultLoaders?: string[] } = {}) =>
    findUnusedExports({ root: r, checkedDirs: ['src'], scannedDirs: ['src', 'tests'], ...extra });

  it('reports an export nobody imports or reads, and not one that is imported', () => {
    const r = project({
      'src/a.ts': 'export const used = 1;\nexport const dead = 2;\nexport function deadFn() {}\n',
      'src/b.ts': "import { used } from './a.ts';\nconsole.log(used);\n",
    });
    expect(check(r)).toEqual(['src/a.ts: dead', 'src/a.ts: deadFn']);
  });

  it('an export its own module reads, or a test imports, is used; types are not checked', () => {
    const r = project({
      'src/a.ts':
        'export const LIMIT = 3;\nexport const ok = (n: number) => n < LIMIT;\nexport type T = 1;\n',
      'tests/a.test.ts': "import { ok } from '../src/a.ts';\nok(1);\n",
    });
    expect(check(r)).toEqual([]);
  });

  it('follows lazy(), awaited and destructured dynamic imports; any other import() uses everything', () => {
    const r = project({
      'src/page.tsx': 'export function Page() {}\nexport default Page;\nexport const extra = 1;\n',
      'src/field.tsx': 'export const Field = 1;\nexport const other = 2;\n',
      'src/poll.ts': 'export const start = 1;\nexport const stop = 2;\n',
      'src/all.ts': 'export const x = 1;\n',
      'src/app.tsx': [
        "const P = lazy(() => import('./page.tsx'));",
        "const F = async () => (await import('./field.tsx')).Field;",
        "import('./poll.ts').then(({ start }) => start);",
        "void Promise.all([import('./all.ts')]);",
      ].join('\n'),
    });
    expect(check(r)).toEqual(['src/field.tsx: other', 'src/page.tsx: extra', 'src/poll.ts: stop']);
  });

  it('a name taken through an `export *` barrel counts for the module it comes from', () => {
    const r = project({
      'src/contract/one.ts': 'export const A = 1;\nexport const B = 2;\n',
      'src/contract/index.ts': "export * from './one.ts';\n",
      'src/use.ts': "import { A } from './contract/index.ts';\nconsole.log(A);\n",
    });
    expect(check(r)).toEqual(['src/contract/one.ts: B']);
  });

  it('namespace imports use every export; allowed entries are not reported', () => {
    const r = project({
      'src/ns.ts': 'export const a = 1;\n',
      'src/keep.ts': 'export const kept = 1;\n',
      'src/use.ts': "import * as ns from './ns.ts';\nconsole.log(ns);\n",
    });
    expect(check(r, { allowed: ['src/keep.ts: kept'] })).toEqual([]);
  });
});
