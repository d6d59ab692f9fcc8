/**
 * The operator console adds no weight to player routes: its page is a lazy chunk of its own, and
 * no chunk only the console needs is in the first load of the entry, the start-up or any player
 * route. (Chunks it shares with player pages, such as the form fields, are loaded by both.)
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  entryKey,
  firstLoad,
  pageModules,
  readViteManifest,
  requireBuild,
  staticClosure,
  startupModules,
  type ViteManifest,
} from './support/build-output.ts';

const OPERATOR_PAGE = 'src/features/operator/operator-page.tsx';

describe('operator console chunk', () => {
  let manifest: ViteManifest;
  beforeAll(() => {
    requireBuild();
    manifest = readViteManifest();
  });

  it('is a lazy route chunk of its own', () => {
    expect(manifest[OPERATOR_PAGE]?.isDynamicEntry).toBe(true);
    expect(manifest[entryKey(manifest)]?.imports ?? []).not.toContain(OPERATOR_PAGE);
  });

  it('none of its own chunks is in the first load of the entry, the start-up or a player route', () => {
    const playerPages = pageModules(manifest).filter((m) => m !== OPERATOR_PAGE);
    const playerKeys = staticClosure(manifest, [
      entryKey(manifest),
      ...startupModules(manifest),
      ...playerPages,
    ]);
    const consoleOnly = [...staticClosure(manifest, [OPERATOR_PAGE])].filter((k) => !playerKeys.has(k));
    expect(consoleOnly).toContain(OPERATOR_PAGE);
    const consoleFiles = new Set(consoleOnly.map((k) => manifest[k]!.file));
    for (const page of [null, ...playerPages]) {
      const files = firstLoad(manifest, page).files.filter((f) => consoleFiles.has(f));
      expect(files, `first load of ${page ?? 'the entry'}`).toEqual([]);
    }
  });
});
