/**
 * Which chunks count as start-up in every route's first load (tests/build/support/build-output.ts):
 * the full app the entry imports on every route, not a route page and not a lazy section of the
 * home page rendered inside the entry. Runs on a made-up manifest, no build needed.
 */
import { describe, expect, it } from 'vitest';
import { startupModules, type ViteManifest } from './support/build-output.ts';

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/main.js',
    isEntry: true,
    dynamicImports: [
      'src/app/start.tsx',
      'src/features/lobby/lobby-page.tsx',
      'src/features/home/welcome-offer-line.tsx',
    ],
  },
  'src/app/start.tsx': { file: 'assets/a.js', isDynamicEntry: true },
  'src/features/lobby/lobby-page.tsx': { file: 'assets/b.js', isDynamicEntry: true },
  'src/features/home/welcome-offer-line.tsx': { file: 'assets/c.js', isDynamicEntry: true },
};

describe('startupModules', () => {
  it('counts the full app, neither route pages nor the home page lazy sections', () => {
    expect(startupModules(manifest)).toEqual(['src/app/start.tsx']);
  });
});
