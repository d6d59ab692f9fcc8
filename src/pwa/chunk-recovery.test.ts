import { afterEach, describe, expect, it, vi } from 'vitest';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-recovery.ts';

describe('chunk-load recovery', () => {
  const reload = vi.fn();
  afterEach(() => {
    sessionStorage.clear();
    reload.mockReset();
    vi.unstubAllGlobals();
  });

  it("recognises the browsers' dynamic import failures and nothing else", () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
  });

  it('reloads once, then refuses inside the loop window, then allows again later', () => {
    vi.stubGlobal('location', { ...window.location, reload });
    expect(reloadAfterChunkError(1_000_000)).toBe(true);
    expect(reloadAfterChunkError(1_005_000)).toBe(false);
    expect(reloadAfterChunkError(1_070_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
