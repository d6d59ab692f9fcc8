/**
 * The house games in the production build: each game folder with an index.html is a page of its
 * own at dist/games/<id>/index.html; no engine code is in the app's start-up or route chunks
 * (the fairness verifier loads it on demand); each HTML page inlines only its own entry's styles;
 * and the precache leaves the games out (they are cached at runtime once opened), all but the
 * engines the app's fairness verifier imports (precached, so Verify works offline).
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  distDir,
  entryKey,
  pageModules,
  precachedUrls,
  readDist,
  readViteManifest,
  requireBuild,
  root,
  startupModules,
  staticClosure,
  type ViteManifest,
} from './support/build-output.ts';

/** Game folders of the source tree that have a page (the same rule as vite.config.ts). */
const gameIds = readdirSync(join(root, 'games'), { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(root, 'games', e.name, 'index.html')))
  .map((e) => e.name)
  .sort();

/**
 * Text only engine code carries (kept by minification: string literals): the video poker pay
 * table's hand names, the blackjack and solitaire engines' refusals, the fair-random seed check.
 */
const ENGINE_MARKERS = ['three_of_a_kind', 'four_of_a_kind', 'A server seed is 64 lower-case hex digits'];

const styleBlocks = (html: string): string =>
  [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? '').join('\n');

/** The game's own entry stylesheet (still emitted beside the page, and inlined into it). */
function gameCss(id: string): string | null {
  for (const dir of [join(distDir, 'games', 'assets'), join(distDir, 'assets')]) {
    if (!existsSync(dir)) continue;
    const file = readdirSync(dir).find((f) => f.startsWith(`game-${id}-`) && f.endsWith('.css'));
    if (file) return readFileSync(join(dir, file), 'utf8');
  }
  return null;
}

describe('house games in the build', () => {
  let manifest: ViteManifest;
  beforeAll(() => {
    requireBuild();
    manifest = readViteManifest();
  });

  it('finds the game folders of the source tree', () => {
    expect(gameIds.length).toBeGreaterThan(0);
  });

  it.each(gameIds)(
    'builds the page of %s at games/<id>/index.html with its script under games/<id>/',
    (id) => {
      const html = readDist(`games/${id}/index.html`).toString('utf8');
      const scripts = [...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1] ?? '');
      expect(scripts.length).toBeGreaterThan(0);
      expect(scripts.some((src) => src.startsWith(`/games/${id}/`))).toBe(true);
    },
  );

  it("keeps engine code out of the app's start-up and route chunks", () => {
    const keys = staticClosure(manifest, [entryKey(manifest), ...startupModules(manifest)]);
    for (const page of pageModules(manifest)) staticClosure(manifest, [page], keys);
    const files = [...keys].map((k) => manifest[k]?.file ?? '').filter((f) => f.endsWith('.js'));
    expect(files.length).toBeGreaterThan(3);
    for (const file of files) {
      const code = readDist(file).toString('utf8');
      for (const marker of ENGINE_MARKERS) expect(code.includes(marker), `${marker} in ${file}`).toBe(false);
    }
  });

  it('has the engines in chunks of their own (what the verifier loads on demand)', () => {
    const all = Object.values(manifest).map((c) => c.file);
    const withEngines = all.filter(
      (f) => f.endsWith('.js') && readDist(f).toString('utf8').includes('four_of_a_kind'),
    );
    expect(withEngines.length).toBeGreaterThan(0);
    for (const f of withEngines) expect(f.startsWith('games/'), f).toBe(true);
  });

  it('inlines into each page only its own entry styles', () => {
    const own = new Map(gameIds.map((id) => [id, gameCss(id)]));
    expect(
      [...own.values()].some((css) => css !== null),
      'some game has styles',
    ).toBe(true);
    const appStyles = styleBlocks(readDist('index.html').toString('utf8'));
    expect(appStyles.length).toBeGreaterThan(0);
    for (const [id, css] of own) {
      if (!css) continue;
      expect(appStyles.includes(css), `index.html inlines ${id}'s styles`).toBe(false);
      const pageStyles = styleBlocks(readDist(`games/${id}/index.html`).toString('utf8'));
      expect(pageStyles.includes(css), `${id}'s page inlines its own styles`).toBe(true);
      for (const [other, otherCss] of own) {
        if (other !== id && otherCss)
          expect(pageStyles.includes(otherCss), `${id}'s page inlines ${other}'s styles`).toBe(false);
      }
      // Nor the app's global styles: a game page is its own document.
      expect(pageStyles.includes(appStyles), `${id}'s page inlines the app's styles`).toBe(false);
    }
  });

  it("leaves the game pages, their own chunks and styles out of the precache, but not the verifier's engines", () => {
    const urls = precachedUrls();
    const gameFiles = urls.filter(
      (u) => u.startsWith('games/assets/') || gameIds.some((id) => u.startsWith(`games/${id}/`)),
    );
    expect(gameFiles).toEqual([]);
    expect(urls).toContain('index.html');

    // Of games/chunks/, exactly those the app's own entry reaches (statically or on demand): the
    // engines the fairness verifier replays rounds with, so Verify works offline.
    const manifest = readViteManifest();
    const reached = new Set<string>();
    const stack = [entryKey(manifest)];
    for (let key = stack.pop(); key !== undefined; key = stack.pop()) {
      if (reached.has(key)) continue;
      reached.add(key);
      const chunk = manifest[key];
      stack.push(...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? []));
    }
    const appGameChunks = [...reached]
      .map((key) => manifest[key]?.file ?? '')
      .filter((file) => file.startsWith('games/chunks/'))
      .sort();
    const precachedGameChunks = urls.filter((u) => u.startsWith('games/chunks/')).sort();
    expect(precachedGameChunks).toEqual(appGameChunks);
    const registry = manifest['games/engines/registry.ts']?.file;
    expect(registry, 'the engines registry has a chunk of its own').toBeTruthy();
    expect(precachedGameChunks).toContain(registry);
    // The games' own UI code (the host session every game page uses) stays out.
    const gameUi = Object.entries(manifest).find(([key]) => key.startsWith('games/shared/'))?.[1]?.file;
    if (gameUi?.startsWith('games/chunks/')) expect(precachedGameChunks).not.toContain(gameUi);
  });
});
