import { useEffect, useEffectEvent, useState } from 'react';

/** Ticks of a count: ~25 per second is smooth for digits and cheap on phones. */
export const COUNT_UP_TICK_MS = 40;

export interface CountUpOptions {
  /** Count towards a new target; when off (or turned off mid-count) the number jumps there. */
  animate: boolean;
  /** Numbers of another series never count into each other (e.g. Gold into Sweeps): they jump. */
  series: string;
  /** The number `elapsedMs` into a count from `from` to `to`; `to` once the count is over. */
  valueAt: (from: number, to: number, elapsedMs: number) => number;
}

interface Count {
  from: number | null;
  to: number | null;
  series: string;
  value: number | null;
  /** Tells one count from the next, so a new count restarts its clock. */
  run: number;
}

/**
 * The number on screen for `target`: a new target counts up (or down) from the previous one
 * while `animate` is on and jumps straight there otherwise.
 */
export function useCountUp(
  target: number | null,
  { animate, series, valueAt }: CountUpOptions,
): number | null {
  const [count, setCount] = useState<Count>({ from: target, to: target, series, value: target, run: 0 });
  const valueAfter = useEffectEvent(valueAt);

  if (count.to !== target || count.series !== series) {
    // A newer target counts on from the last one (not from a half-way number).
    const from = count.to;
    const counts = animate && from !== null && target !== null && count.series === series;
    setCount({
      from: counts ? from : target,
      to: target,
      series,
      value: counts ? from : target,
      run: count.run + 1,
    });
  } else if (!animate && count.value !== count.to) {
    // Animation turned off mid-count: settle on the target.
    setCount({ ...count, from: count.to, value: count.to });
  }

  const { from, to, run } = count;
  useEffect(() => {
    if (!animate || from === null || to === null || from === to) return;
    const started = Date.now();
    const timer = setInterval(() => {
      const value = valueAfter(from, to, Date.now() - started);
      setCount((c) => (c.run === run ? { ...c, value } : c));
      if (value === to) clearInterval(timer);
    }, COUNT_UP_TICK_MS);
    return () => clearInterval(timer);
  }, [animate, from, to, run]);

  return target === null ? null : count.value;
}
