import { describe, expect, it } from 'vitest';
import {
  DEFAULT_FEATURED_PACKAGE_END_TIME,
  describeCountdown,
  featuredSecondsLeft,
  formatCountdown,
} from './featured-countdown.ts';

describe('featured package countdown', () => {
  const now = Date.parse('2026-03-01T12:00:00Z');

  it('counts whole seconds to end_time and never below zero', () => {
    expect(featuredSecondsLeft('2026-03-01T12:01:00Z', now)).toBe(60);
    expect(featuredSecondsLeft('2026-03-01T12:00:00.900Z', now)).toBe(0);
    expect(featuredSecondsLeft('2026-03-01T11:00:00Z', now)).toBe(0);
  });

  it('uses the default end date when end_time is absent or unreadable', () => {
    const expected = Math.floor((Date.parse(DEFAULT_FEATURED_PACKAGE_END_TIME) - now) / 1000);
    expect(featuredSecondsLeft(null, now)).toBe(expected);
    expect(featuredSecondsLeft('not a date', now)).toBe(expected);
  });

  it('formats for the eye and for screen readers', () => {
    expect(formatCountdown(3725)).toBe('01:02:05');
    expect(formatCountdown(90061)).toBe('1d 01:01:01');
    expect(describeCountdown(3725)).toBe('1 hour, 2 minutes and 5 seconds');
    expect(describeCountdown(1)).toBe('1 second');
    expect(describeCountdown(0)).toBe('0 seconds');
  });
});
