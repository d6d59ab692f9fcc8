import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './unused-exports.mjs';

const root = fileURLToPath(new URL('../../', import.meta.url));
const self = fileURLToPath(import.meta.url);

/** Words that tell the project's history (which issue built what) instead of what the code does. */
const HISTORY = /\bissue \d|\b(later|this|its|next|future) issues?\b/i;

describe('the code tells what it does, not the history of the project', () => {
  it('no source file names issues', () => {
    const offending = sourceFiles(root, ['src', 'sw', 'server', 'scripts', 'tests'])
      .filter((f) => f !== self)
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ line, at: `${relative(root, f)}:${i + 1}` }))
          .filter(({ line }) => HISTORY.test(line))
          .map(({ at, line }) => `${at}: ${line.trim()}`),
      );
    expect(offending).toEqual([]);
  });
});
