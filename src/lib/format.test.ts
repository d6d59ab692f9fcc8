import { describe, expect, it } from 'vitest';
import { formatCoins, formatGold, formatSweeps, formatUsd } from './format.ts';

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
    expect(formatCoins(1000, 'gold')).toBe('1,000');
    expect(formatCoins(1000, 'sweeps')).toBe('1,000.00');
  });
});
