import { describe, expect, it } from 'vitest';
import {
  formatRestrictionEnd,
  msUntilNextRealityCheck,
  restrictionEnd,
  runningRestriction,
} from './responsible-play.ts';

const T0 = Date.parse('2026-11-22T12:00:00Z');
const MIN = 60_000;

describe('responsible play rules', () => {
  it('times the reality check at every multiple of the interval since the session started', () => {
    expect(msUntilNextRealityCheck(T0, T0, 15)).toBe(15 * MIN);
    expect(msUntilNextRealityCheck(T0, T0 + 14 * MIN, 15)).toBe(MIN);
    expect(msUntilNextRealityCheck(T0, T0 + 15 * MIN, 15)).toBe(15 * MIN);
    expect(msUntilNextRealityCheck(T0, T0 + 61 * MIN, 30)).toBe(29 * MIN);
    // A clock behind the session start waits a whole interval.
    expect(msUntilNextRealityCheck(T0, T0 - 5 * MIN, 60)).toBe(60 * MIN);
  });

  it('ends a break hours later, a self-exclusion calendar months later, a permanent one never', () => {
    expect(restrictionEnd({ restriction: 'break', hours: 72 }, T0)).toBe(T0 + 72 * 60 * MIN);
    expect(new Date(restrictionEnd({ restriction: 'self_exclusion', months: 6 }, T0)!).toISOString()).toBe(
      '2027-05-22T12:00:00.000Z',
    );
    expect(restrictionEnd({ restriction: 'self_exclusion', months: null }, T0)).toBeNull();
  });

  it('reads a running restriction from the user; an ended break is none', () => {
    const user = { play_restriction: 'break', play_restricted_until: '2026-11-23T12:00:00.000Z' };
    expect(runningRestriction(user, T0)).toEqual({ restriction: 'break', until: user.play_restricted_until });
    expect(runningRestriction(user, Date.parse(user.play_restricted_until))).toBeNull();
    expect(
      runningRestriction({ play_restriction: 'self_exclusion', play_restricted_until: null }, T0),
    ).toEqual({
      restriction: 'self_exclusion',
      until: null,
    });
    expect(runningRestriction(null, T0)).toBeNull();
    expect(formatRestrictionEnd('2026-11-25T20:00:00.000Z')).toBe('Nov 25, 2026, 3:00 PM ET');
  });
});
