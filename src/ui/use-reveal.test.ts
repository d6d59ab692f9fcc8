import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { useRevealAfterDelay } from './use-reveal.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

describe('useRevealAfterDelay', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('turns true once eligibility has held for the delay', () => {
    const { result } = renderHook(() => useRevealAfterDelay(true, 300));
    expect(result.current).toBe(false);
    advance(299);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);
  });

  it('stays false while not eligible', () => {
    const { result } = renderHook(() => useRevealAfterDelay(false, 300));
    advance(1000);
    expect(result.current).toBe(false);
  });

  it('turns false at once when eligibility stops and waits the full delay again after', () => {
    const { result, rerender } = renderHook(({ eligible }) => useRevealAfterDelay(eligible, 300), {
      initialProps: { eligible: true },
    });
    advance(300);
    expect(result.current).toBe(true);
    rerender({ eligible: false });
    expect(result.current).toBe(false);
    rerender({ eligible: true });
    expect(result.current).toBe(false);
    advance(299);
    expect(result.current).toBe(false);
    advance(1);
    expect(result.current).toBe(true);
  });

  it('an interrupted wait does not count towards the next one', () => {
    const { result, rerender } = renderHook(({ eligible }) => useRevealAfterDelay(eligible, 300), {
      initialProps: { eligible: true },
    });
    advance(200);
    rerender({ eligible: false });
    advance(50);
    rerender({ eligible: true });
    advance(200);
    expect(result.current).toBe(false);
    advance(100);
    expect(result.current).toBe(true);
  });

  it('starting ineligible, the delay runs from when eligibility begins', () => {
    const { result, rerender } = renderHook(({ eligible }) => useRevealAfterDelay(eligible, 300), {
      initialProps: { eligible: false },
    });
    advance(1000);
    rerender({ eligible: true });
    expect(result.current).toBe(false);
    advance(300);
    expect(result.current).toBe(true);
  });
});
