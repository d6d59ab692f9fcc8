import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  centsToDisplay,
  displayToCents,
  displayToMinor,
  formatAmount,
  formatCoins,
  formatGold,
  formatMinor,
  formatSweeps,
  formatUsd,
  minorToDisplay,
} from './money.ts';

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

describe('format', () => {
  it('formats Gold Coins whole with thousands separators', () => {
    expect(formatGold(250000)).toBe('250,000');
    expect(formatGold(0)).toBe('0');
    expect(formatGold(1234.99)).toBe('1,234');
  });
  it('formats Sweeps Coins with 2 decimals', () => {
    expect(formatSweeps(25)).toBe('25.00');
    expect(formatSweeps(1234.5)).toBe('1,234.50');
    expect(formatSweeps(0.1 + 0.2)).toBe('0.30');
  });
  it('formats USD with a dollar sign and cents', () => {
    expect(formatUsd(12.5)).toBe('$12.50');
    expect(formatUsd(1000)).toBe('$1,000.00');
  });
  it('shows 0 for non-finite values', () => {
    expect(formatGold(Number.NaN)).toBe('0');
    expect(formatSweeps(Number.POSITIVE_INFINITY)).toBe('0.00');
  });
  it('picks the format by currency', () => {
    expect(formatCoins('gold', 1000)).toBe('1,000');
    expect(formatCoins('sweeps', 1000)).toBe('1,000.00');
  });
  it('writes an amount with its unit after the number, as every screen and game does', () => {
    expect(formatAmount('gold', 2500)).toBe('2,500 GC');
    expect(formatAmount('sweeps', 2.5)).toBe('2.50 SC');
    expect(formatAmount('sweeps', 0.2)).toBe('0.20 SC');
    expect(formatMinor('gold', 1000)).toBe('1,000 GC');
    expect(formatMinor('sweeps', 250)).toBe('2.50 SC');
    expect(formatMinor('sweeps', 123_456)).toBe('1,234.56 SC');
  });
});

describe('format against Intl.NumberFormat (en-US)', () => {
  // The formats the app used before they were written out (format.ts says why).
  const intl = {
    gold: new Intl.NumberFormat('en-US', {
      maximumFractionDigits: 0,
      signDisplay: 'negative' as Intl.NumberFormatOptions['signDisplay'],
    }),
    sweeps: new Intl.NumberFormat('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'negative' as Intl.NumberFormatOptions['signDisplay'],
    }),
    usd: new Intl.NumberFormat('en-US', {
      style: 'currency',
      currency: 'USD',
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
      signDisplay: 'negative' as Intl.NumberFormatOptions['signDisplay'],
    }),
  };
  const same = (n: number) => {
    expect(formatGold(n)).toBe(intl.gold.format(Math.trunc(n)));
    expect(formatSweeps(n)).toBe(intl.sweeps.format(n));
    expect(formatUsd(n)).toBe(intl.usd.format(n));
  };

  it('rounds the shortest decimal form half away from zero, as Intl does', () => {
    for (const n of [1.005, 2.675, 0.125, 0.135, 1.995, 9.995, 99.995, 999_999.995, -1.005, -2.675]) same(n);
    expect(formatSweeps(1.005)).toBe('1.01');
    expect(formatUsd(-2.675)).toBe('-$2.68');
  });

  it('shows no minus sign on a value that rounds to zero', () => {
    expect(formatGold(-0.5)).toBe('0');
    expect(formatSweeps(-0.001)).toBe('0.00');
    expect(formatUsd(-0)).toBe('$0.00');
    expect(formatUsd(-1234.5)).toBe('-$1,234.50');
  });

  it('matches for tiny, huge and exponent-form numbers', () => {
    for (const n of [
      1e-7,
      5e-3,
      4.999e-3,
      1e21,
      1.5e21,
      123456789012345680000,
      Number.MAX_SAFE_INTEGER,
      -1e22,
    ])
      same(n);
  });

  it('matches for any finite number', () => {
    fc.assert(
      fc.property(fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e25, max: 1e25 }), (n) => same(n)),
      { numRuns: 5_000 },
    );
    // Amounts as the app meets them: cents and whole coins.
    fc.assert(
      fc.property(fc.integer({ min: -1e11, max: 1e11 }), (cents) => same(cents / 100)),
      {
        numRuns: 5_000,
      },
    );
  });
});
