import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import { COUNT_UP_TICK_MS, useCountUp, type CountUpOptions } from './use-count-up.ts';

const advance = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** Linear over 1 s, whole numbers. */
const linear = (from: number, to: number, elapsedMs: number) =>
  elapsedMs >= 1000 ? to : Math.round(from + ((to - from) * elapsedMs) / 1000);

interface Props {
  target: number | null;
  animate?: boolean;
  series?: string;
}

function renderCountUp(initial: Props) {
  const options = (p: Props): CountUpOptions => ({
    animate: p.animate ?? true,
    series: p.series ?? 'gold',
    valueAt: linear,
  });
  return renderHook(({ target, ...rest }: Props) => useCountUp(target, options({ target, ...rest })), {
    initialProps: initial,
  });
}

describe('useCountUp', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the first target at once', () => {
    const { result } = renderCountUp({ target: 100 });
    expect(result.current).toBe(100);
  });

  it('counts from the previous target to a new one while animating, in ticks', () => {
    const { result, rerender } = renderCountUp({ target: 100 });
    rerender({ target: 200 });
    expect(result.current).toBe(100);
    advance(COUNT_UP_TICK_MS * 10);
    expect(result.current).toBe(140);
    advance(1000);
    expect(result.current).toBe(200);
  });

  it('counts down as well as up', () => {
    const { result, rerender } = renderCountUp({ target: 200 });
    rerender({ target: 100 });
    advance(COUNT_UP_TICK_MS * 10);
    expect(result.current).toBe(160);
    advance(1000);
    expect(result.current).toBe(100);
  });

  it('jumps to the new target when not animating', () => {
    const { result, rerender } = renderCountUp({ target: 100, animate: false });
    rerender({ target: 200, animate: false });
    expect(result.current).toBe(200);
  });

  it('jumps when the series changes (another currency)', () => {
    const { result, rerender } = renderCountUp({ target: 250000, series: 'gold' });
    rerender({ target: 25, series: 'sweeps' });
    expect(result.current).toBe(25);
    advance(2000);
    expect(result.current).toBe(25);
  });

  it('settles on the target when the animation is turned off mid-count', () => {
    const { result, rerender } = renderCountUp({ target: 100 });
    rerender({ target: 200 });
    advance(400);
    expect(result.current).toBe(140);
    rerender({ target: 200, animate: false });
    expect(result.current).toBe(200);
    // Turned on again with the same target: nothing left to count.
    rerender({ target: 200, animate: true });
    advance(1000);
    expect(result.current).toBe(200);
  });

  it('a newer target mid-count counts on from the previous target with a fresh clock', () => {
    const { result, rerender } = renderCountUp({ target: 100 });
    rerender({ target: 200 });
    advance(400);
    rerender({ target: 300 });
    expect(result.current).toBe(200);
    advance(400);
    expect(result.current).toBe(240);
    advance(600);
    expect(result.current).toBe(300);
  });

  it('is null while there is no target and jumps to the next one', () => {
    const { result, rerender } = renderCountUp({ target: 100 });
    rerender({ target: null });
    expect(result.current).toBeNull();
    rerender({ target: 500 });
    expect(result.current).toBe(500);
  });

  it('stops ticking once the target is reached', () => {
    const valueAt = vi.fn(linear);
    const { rerender } = renderHook(
      ({ target }) => useCountUp(target, { animate: true, series: 'gold', valueAt }),
      {
        initialProps: { target: 0 },
      },
    );
    rerender({ target: 100 });
    advance(2000);
    const calls = valueAt.mock.calls.length;
    advance(2000);
    expect(valueAt.mock.calls.length).toBe(calls);
  });
});
