import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inactivityTimeoutMs, startInactivityWatch } from './inactivity.ts';

describe('inactivity watch', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('fires after the timeout without activity', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityWatch({ timeoutMs: 1000, onTimeout });
    vi.advanceTimersByTime(999);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2);
    expect(onTimeout).toHaveBeenCalledOnce();
    stop();
  });

  it('pointer and keyboard activity reset it', () => {
    const onTimeout = vi.fn();
    const stop = startInactivityWatch({ timeoutMs: 1000, onTimeout });
    vi.advanceTimersByTime(800);
    window.dispatchEvent(new Event('pointerdown'));
    vi.advanceTimersByTime(800);
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    vi.advanceTimersByTime(800);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(300);
    expect(onTimeout).toHaveBeenCalledOnce();
    stop();
  });

  it('stop() cancels it', () => {
    const onTimeout = vi.fn();
    startInactivityWatch({ timeoutMs: 1000, onTimeout })();
    vi.advanceTimersByTime(5000);
    expect(onTimeout).not.toHaveBeenCalled();
  });

  it('reads the property in seconds with a safe fallback', () => {
    expect(inactivityTimeoutMs('900', 1)).toBe(900_000);
    expect(inactivityTimeoutMs('5', 1)).toBe(5000);
    expect(inactivityTimeoutMs('abc', 42)).toBe(42);
    expect(inactivityTimeoutMs(undefined, 42)).toBe(42);
    expect(inactivityTimeoutMs('-3', 42)).toBe(42);
  });
});
