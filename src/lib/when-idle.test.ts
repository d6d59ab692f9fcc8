import { afterEach, describe, expect, it, vi } from 'vitest';
import { whenIdle } from './when-idle.ts';

describe('whenIdle', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('runs the work later, in a task of its own, not in the caller', async () => {
    const work = vi.fn();
    whenIdle(work);
    expect(work).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(work).toHaveBeenCalledTimes(1));
  });

  it('uses the idle callback with the timeout where the browser has one', () => {
    const requestIdleCallback = vi.fn((cb: () => void) => {
      cb();
      return 1;
    });
    vi.stubGlobal('requestIdleCallback', requestIdleCallback);
    vi.stubGlobal('cancelIdleCallback', vi.fn());
    const work = vi.fn();
    whenIdle(work, 250);
    expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 250 });
    expect(work).toHaveBeenCalledTimes(1);
  });

  it('can be cancelled before it runs', async () => {
    const work = vi.fn();
    const cancel = whenIdle(work);
    cancel();
    await new Promise((r) => setTimeout(r, 30));
    expect(work).not.toHaveBeenCalled();
  });
});
