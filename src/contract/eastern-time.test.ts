import { describe, expect, it } from 'vitest';
import { easternDateOf, easternMidnightMs } from './eastern-time.ts';

const at = (iso: string) => Date.parse(iso);

describe('Eastern Time calendar', () => {
  it("dates an instant by New York's wall clock", () => {
    expect(easternDateOf(at('2027-01-01T04:59:59Z'))).toEqual({ year: 2026, month: 12, day: 31 });
    expect(easternDateOf(at('2027-01-01T05:00:00Z'))).toEqual({ year: 2027, month: 1, day: 1 });
    expect(easternDateOf(at('2026-07-04T03:59:59Z'))).toEqual({ year: 2026, month: 7, day: 3 });
    expect(easternDateOf(at('2026-07-04T04:00:00Z'))).toEqual({ year: 2026, month: 7, day: 4 });
  });

  it('finds midnight in EST and EDT, across DST changes and month ends', () => {
    expect(easternMidnightMs(2027, 1, 1)).toBe(at('2027-01-01T05:00:00Z'));
    expect(easternMidnightMs(2026, 7, 4)).toBe(at('2026-07-04T04:00:00Z'));
    // 8 March 2026 is the 23-hour day, 1 November 2026 the 25-hour one.
    expect(easternMidnightMs(2026, 3, 9) - easternMidnightMs(2026, 3, 8)).toBe(23 * 3600_000);
    expect(easternMidnightMs(2026, 11, 2) - easternMidnightMs(2026, 11, 1)).toBe(25 * 3600_000);
    expect(easternMidnightMs(2026, 12, 32)).toBe(easternMidnightMs(2027, 1, 1));
  });
});
