import { describe, expect, it } from 'vitest';
import { centsToDisplay, displayToCents, displayToMinor, minorToDisplay } from './money.ts';

describe('money conversions', () => {
  it('converts minor units to display units, currency first', () => {
    expect(minorToDisplay('gold', 2500)).toBe(2500);
    expect(minorToDisplay('sweeps', 250)).toBe(2.5);
    expect(minorToDisplay('sweeps', 20)).toBe(0.2);
    expect(centsToDisplay(1999)).toBe(19.99);
  });
  it('converts display units back to minor units', () => {
    expect(displayToMinor('gold', 2500)).toBe(2500);
    expect(displayToMinor('sweeps', 0.2)).toBe(20);
    expect(displayToMinor('sweeps', 1.1)).toBe(110);
    for (const cents of [0, 1, 20, 50, 110, 999, 123_456])
      expect(displayToMinor('sweeps', minorToDisplay('sweeps', cents))).toBe(cents);
  });
  it('strictly: more than 2 decimals or a non-finite value is no amount of cents', () => {
    expect(displayToCents(0.29)).toBe(29);
    expect(displayToCents(0.295)).toBeNull();
    expect(displayToCents(Number.NaN)).toBeNull();
  });
});
