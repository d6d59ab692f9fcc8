import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { isBrowserOnline, isOnline, reportApiReachable, reportApiUnreachable } from './online-status.ts';

describe('online status on a flaky link', () => {
  let healthy = true;
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        healthy ? Promise.resolve(new Response('{}', { status: 200 })) : Promise.reject(new TypeError('x')),
      ),
    );
  });
  afterEach(() => {
    healthy = true;
    reportApiReachable();
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('one lost answer is not offline: the health check at once finds the API', async () => {
    reportApiUnreachable();
    expect(isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    reportApiUnreachable();
    reportApiUnreachable();
    // The probe's answer reset the count: two more losses are still not "offline".
    expect(isOnline()).toBe(true);
    expect(isBrowserOnline()).toBe(true);
  });

  it('three tries in a row without an answer are offline, until an answer comes', async () => {
    healthy = false;
    reportApiUnreachable();
    await vi.advanceTimersByTimeAsync(0);
    expect(isOnline()).toBe(true);
    await vi.advanceTimersByTimeAsync(1_500);
    expect(isOnline()).toBe(false);
    // Retry controls follow the browser, which is online.
    expect(isBrowserOnline()).toBe(true);
    healthy = true;
    await vi.advanceTimersByTimeAsync(1_500);
    expect(isOnline()).toBe(true);
  });
});
