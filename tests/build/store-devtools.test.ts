/**
 * The store devtools (src/state/store-devtools.ts) are for development builds only: no file of
 * the production build (app and game chunks, the service worker, the SSR bundle) carries valtio's
 * devtools module. Its marker is the extension's global name, which only that module reads, and
 * the warning it prints without the extension.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, requireBuild } from './support/build-output.ts';

const DEVTOOLS_MARKERS = ['__REDUX_DEVTOOLS_EXTENSION__', 'Please install/enable Redux devtools extension'];

/** Every JavaScript file under dist/, dot folders (.ssr) included. */
function scripts(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return scripts(path);
    return /\.(m?js|cjs)$/.test(entry.name) ? [path] : [];
  });
}

describe('store devtools in the production build', () => {
  let files: string[];
  beforeAll(() => {
    requireBuild();
    files = scripts(distDir);
  });

  it('reads the built app', () => {
    expect(files.length).toBeGreaterThan(10);
  });

  it('no built file contains valtio devtools code', () => {
    const carrying = files
      .filter((file) => {
        const text = readFileSync(file, 'utf8');
        return DEVTOOLS_MARKERS.some((marker) => text.includes(marker));
      })
      .map((file) => relative(distDir, file));
    expect(carrying).toEqual([]);
  });
});
