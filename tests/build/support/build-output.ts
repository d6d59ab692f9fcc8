/**
 * Reads the production build (`vite build` output, DIST_DIR or ./dist) for the build tests:
 * the Vite build manifest (dist/.vite/manifest.json, `build.manifest: true` in vite.config.ts),
 * the precache list Workbox injected into dist/sw.js, and gzip sizes of chunks.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';

export const root = resolve(import.meta.dirname, '..', '..', '..');
export const distDir = resolve(root, process.env.DIST_DIR ?? 'dist');

export function requireBuild(): void {
  for (const f of ['index.html', 'sw.js', '.vite/manifest.json']) {
    if (!existsSync(join(distDir, f)))
      throw new Error(
        `${join(distDir, f)} is missing: run \`npx vite build\` first (scripts/run-tests.mjs does).`,
      );
  }
}

export const readDist = (file: string): Buffer => readFileSync(join(distDir, file));

/** One chunk of the Vite build manifest (only the fields these tests read). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}
export type ViteManifest = Record<string, ManifestChunk>;

export const readViteManifest = (): ViteManifest =>
  JSON.parse(readDist('.vite/manifest.json').toString('utf8')) as ViteManifest;

/**
 * URLs Workbox injected into dist/sw.js (`self.__WB_MANIFEST`): objects like
 * {"revision":"…","url":"index.html"} or {"revision":null,"url":"assets/x-HASH.js"}.
 */
export function precachedUrls(): string[] {
  const sw = readDist('sw.js').toString('utf8');
  const urls: string[] = [];
  const entry =
    /\{\s*"?revision"?\s*:\s*(?:null|"[^"]*")\s*,\s*"?url"?\s*:\s*"([^"]+)"\s*\}|\{\s*"?url"?\s*:\s*"([^"]+)"\s*,\s*"?revision"?\s*:\s*(?:null|"[^"]*")\s*\}/g;
  for (const m of sw.matchAll(entry)) urls.push((m[1] ?? m[2]) as string);
  return urls;
}

/** Key of the manifest's HTML entry (index.html). */
export function entryKey(manifest: ViteManifest): string {
  // The app's page at the root; games/<id>/index.html are entries too, of their own pages.
  const key = Object.keys(manifest).find((k) => manifest[k]?.isEntry && k === 'index.html');
  if (!key) throw new Error('the Vite manifest has no index.html entry');
  return key;
}

/** The chunk and every chunk it imports statically, transitively (each once). */
export function staticClosure(manifest: ViteManifest, keys: string[], into = new Set<string>()): Set<string> {
  const stack = [...keys];
  while (stack.length > 0) {
    const key = stack.pop() as string;
    if (into.has(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the Vite manifest lists an import it does not describe: ${key}`);
    into.add(key);
    stack.push(...(chunk.imports ?? []));
  }
  return into;
}

const gzipCache = new Map<string, number>();
/** Bytes of a dist file after gzip level 9 (what a player's browser downloads, roughly). */
export function gzipBytes(file: string): number {
  let n = gzipCache.get(file);
  if (n === undefined) {
    n = gzipSync(readDist(file), { level: 9 }).length;
    gzipCache.set(file, n);
  }
  return n;
}

export const PAGE_MODULE = /^src\/features\/.+-page\.tsx$/;

/** Page modules (lazy route chunks) of the build: src/features/**\/*-page.tsx dynamic entries. */
export const pageModules = (manifest: ViteManifest): string[] =>
  Object.keys(manifest)
    .filter((k) => PAGE_MODULE.test(k) && manifest[k]?.isDynamicEntry)
    .sort();

export interface RouteFigure {
  module: string;
  /** Route paths (from src/app/routes.tsx) served by this page module, for the printed table. */
  routes: string[];
  files: string[];
  gzipBytes: number;
}

/**
 * Chunks the entry loads at start-up with a dynamic import that is not a route page (the full app,
 * `src/app/start.tsx`, which the light entry imports at once on every route but a first-time
 * visitor's home page). Counted in the first load of every route whose page is its own chunk.
 * A feature's lazy section (src/features/**) imported by the home page the entry renders is not
 * start-up: it loads only when that page renders, never on another route.
 */
export const startupModules = (manifest: ViteManifest): string[] =>
  (manifest[entryKey(manifest)]?.dynamicImports ?? []).filter(
    (k) => !PAGE_MODULE.test(k) && !k.startsWith('src/features/'),
  );

/**
 * First-load JavaScript: the entry script of index.html with its static imports (the modulepreload
 * links); for a route whose page module is its own chunk, also the start-up chunks and the page
 * chunk, each with its static imports. `module` null: the entry alone.
 */
export function firstLoad(
  manifest: ViteManifest,
  module: string | null,
): { files: string[]; gzipBytes: number } {
  const keys = staticClosure(manifest, [entryKey(manifest)]);
  if (module) staticClosure(manifest, [...startupModules(manifest), module], keys);
  const files = [...keys].map((k) => (manifest[k] as ManifestChunk).file).filter((f) => f.endsWith('.js'));
  return { files, gzipBytes: files.reduce((sum, f) => sum + gzipBytes(f), 0) };
}

/**
 * Which route paths each page module serves, read from the route table's source so the printed
 * figures say "/lobby" rather than only a file name. Display only: the budget covers every page
 * module whether or not a path is found for it.
 */
export function routePathsByModule(): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const file = join(root, 'src/app/routes.tsx');
  if (!existsSync(file)) return out;
  const source = readFileSync(file, 'utf8');
  const routesSource = readFileSync(join(root, 'src/contract/routes.ts'), 'utf8');
  const routePath = (name: string): string =>
    new RegExp(`\\b${name}:\\s*'([^']+)'`).exec(routesSource)?.[1] ?? `ROUTES.${name}`;
  for (const m of source.matchAll(/const (\w+) = page\(\(\) => import\('\.\.\/([^']+)'\)\)/g)) {
    const [, variable, relPath] = m as unknown as [string, string, string];
    const paths = new Set<string>();
    for (const line of source.split('\n')) {
      if (!new RegExp(`lazy: ${variable}\\b`).test(line) || /^\s*const /.test(line)) continue;
      const mapped = /(\w+)\.map\(/.exec(line);
      const named = /ROUTES\.(\w+)/.exec(line);
      const literal = /path: '([^']+)'/.exec(line);
      if (mapped?.[1] && !named) paths.add(`${mapped[1]}[]`);
      else if (named?.[1]) paths.add(routePath(named[1]));
      else if (literal?.[1]) paths.add(literal[1]);
      else if (/index: true/.test(line)) paths.add('/');
    }
    out.set(`src/${relPath}`, [...paths]);
  }
  return out;
}

/** KB here is 1,000 bytes, as Vite's own build report counts (the stricter reading of a budget). */
export const KB = 1000;
export const kb = (bytes: number): string => `${(bytes / KB).toFixed(1)} KB`;
