/**
 * File names are kebab-case (lowercase words joined by hyphens, then the extensions) in the
 * client-side trees: the app, the worker, the games, the browser and build tests and the scripts.
 * The games once named their components in PascalCase (games/blackjack/BlackjackGame.tsx), which a
 * case-insensitive file system and a case-sensitive one resolve differently.
 */
import { readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const TREES = ['src', 'sw', 'games', 'tests', 'scripts'];
const KEBAB = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+)*$/;

function namesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => (entry.isFile() || entry.isDirectory()) && !entry.name.startsWith('.'))
    .map((entry) => relative(ROOT, join(entry.parentPath, entry.name)));
}

describe('file names', () => {
  it('are kebab-case in src, sw, games, tests and scripts', () => {
    const offending = TREES.flatMap((tree) => namesUnder(join(ROOT, tree))).filter(
      (path) => !KEBAB.test(path.split('/').at(-1) ?? ''),
    );
    expect(offending).toEqual([]);
  });

  it('the check refuses PascalCase and camelCase names', () => {
    expect(KEBAB.test('blackjack-game.tsx')).toBe(true);
    expect(KEBAB.test('poker-hands-pokersolver.d.ts')).toBe(true);
    expect(KEBAB.test('BlackjackGame.tsx')).toBe(false);
    expect(KEBAB.test('handView.tsx')).toBe(false);
    expect(KEBAB.test('hand_view.tsx')).toBe(false);
  });
});
