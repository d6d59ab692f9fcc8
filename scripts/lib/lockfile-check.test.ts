import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { missingFromLock, missingFromLockFile } from './lockfile-check.mjs';

describe('package-lock.json holds everything npm ci installs', () => {
  it('the project lockfile lacks no dependency', () => {
    const lockfile = fileURLToPath(new URL('../../package-lock.json', import.meta.url));
    expect(missingFromLockFile(lockfile)).toEqual([]);
  });

  it('reports an optional platform package the lockfile does not hold', () => {
    const lock = {
      packages: {
        '': { devDependencies: { tool: '^1.0.0' } },
        'node_modules/tool': {
          version: '1.0.0',
          optionalDependencies: { 'tool-linux-x64': '1.0.0', 'tool-darwin-arm64': '1.0.0' },
        },
        'node_modules/tool-linux-x64': { version: '1.0.0', optional: true },
      },
    };
    expect(missingFromLock(lock)).toEqual(['tool-darwin-arm64 (needed by node_modules/tool)']);
  });

  it('resolves nested copies the way npm does, nearest node_modules first', () => {
    const lock = {
      packages: {
        '': { dependencies: { a: '1' } },
        'node_modules/a': { version: '1', dependencies: { b: '2', c: '1' } },
        'node_modules/a/node_modules/b': { version: '2' },
        'node_modules/c': { version: '1' },
      },
    };
    expect(missingFromLock(lock)).toEqual([]);
    expect(missingFromLock({ packages: { '': { dependencies: { gone: '1' } } } })).toEqual([
      'gone (needed by the project)',
    ]);
  });
});
