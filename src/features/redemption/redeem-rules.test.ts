import { describe, expect, it } from 'vitest';
import { amountProblem, cancelFailedText, loadFailedText, parseAmount, usdValue } from './redeem-rules.ts';

const options = {
  minimums_ghc: { gift_card: 10, paypal: 25, ach: 50, paper_check: 50, prizeout: 10 },
  redeemable_ghc: 120.5,
  sweeps_per_usd: 1,
  limit: { period: 'day_et' as const, limit_usd: 5000, used_usd: 0, remaining_usd: 100, period_ends_at: '' },
};

describe('redeem rules', () => {
  it('parses amounts with at most 2 decimals', () => {
    expect(parseAmount('25')).toBe(25);
    expect(parseAmount(' 25.5 ')).toBe(25.5);
    expect(parseAmount('1,000.25')).toBe(1000.25);
    for (const bad of ['', '0', '-1', '1.234', 'abc', '1e3', '.5', '25.'])
      expect(parseAmount(bad)).toBeNull();
  });

  it('shows the below-minimum message with 2 decimals', () => {
    expect(amountProblem('24.99', 'paypal', options)).toBe(
      'The minimum redemption for PayPal is 25.00 redeemable Sweeps Coins.',
    );
    expect(amountProblem('25', 'paypal', options)).toBeNull();
  });

  it('refuses more than the redeemable Sweeps (fee included) and more than the period allows', () => {
    expect(
      amountProblem('120.51', 'gift_card', { ...options, limit: { ...options.limit, remaining_usd: 500 } }),
    ).toMatch(/redeemable Sweeps Coins/);
    expect(
      amountProblem('119', 'paypal', { ...options, limit: { ...options.limit, remaining_usd: 500 } }, 2),
    ).toMatch(/redeemable/);
    expect(amountProblem('100.01', 'paypal', options)).toBe(
      'You can redeem up to $100.00 more in this sweepstakes entry period.',
    );
  });

  it('values Sweeps at the rate, rounded down to the cent', () => {
    expect(usdValue(60.01, 2)).toBe(30);
    expect(usdValue(25, 1)).toBe(25);
  });

  it('formats the list and cancel failures with the status', () => {
    expect(loadFailedText(503)).toBe('Failed to Get Transactions, Error: 503');
    expect(cancelFailedText(409)).toBe('Failed to Cancel Redemption, Error: 409');
  });
});
