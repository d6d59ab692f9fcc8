import { describe, expect, it } from 'vitest';
import { demoBalances } from './test-fixtures.ts';
import {
  balanceEligible,
  balanceView,
  countUpValue,
  currencyDecimals,
  type BalanceViewInput,
} from './balances-derived.ts';

const base: BalanceViewInput = {
  signedIn: true,
  mobileVerificationPending: false,
  isInVendorGame: false,
  balanceVisible: true,
  revealed: true,
  balances: demoBalances({ balance_total_gld: 250000, balance_total_ghc: 25 }),
  currency: 'gold',
};

describe('balance view rules', () => {
  it('shows the amount when signed in, verified, not in a vendor game and revealed', () => {
    expect(balanceView(base)).toEqual({ kind: 'amount', value: 250000, text: '250,000' });
  });

  it('Gold has 0 decimals, Sweeps 2', () => {
    expect(balanceView({ ...base, balances: demoBalances({ balance_total_gld: 1234567.9 }) })).toMatchObject({
      text: '1,234,567',
    });
    expect(
      balanceView({ ...base, currency: 'sweeps', balances: demoBalances({ balance_total_ghc: 1234.5 }) }),
    ).toMatchObject({ text: '1,234.50' });
    expect(
      balanceView({ ...base, currency: 'sweeps', balances: demoBalances({ balance_total_ghc: 0 }) }),
    ).toMatchObject({ text: '0.00' });
    expect(currencyDecimals('gold')).toBe(0);
    expect(currencyDecimals('sweeps')).toBe(2);
  });

  it('nothing when signed out or mobile verification is pending', () => {
    expect(balanceView({ ...base, signedIn: false })).toEqual({ kind: 'hidden' });
    expect(balanceView({ ...base, mobileVerificationPending: true })).toEqual({ kind: 'hidden' });
  });

  it("'IN GAME' in a vendor game or whenever the balance is not visible", () => {
    expect(balanceView({ ...base, isInVendorGame: true })).toEqual({ kind: 'in-game', text: 'IN GAME' });
    expect(balanceView({ ...base, balanceVisible: false })).toEqual({ kind: 'in-game', text: 'IN GAME' });
    // Even before the reveal delay: the player should see at once that the game holds the balance.
    expect(balanceView({ ...base, balanceVisible: false, revealed: false })).toEqual({
      kind: 'in-game',
      text: 'IN GAME',
    });
  });

  it('pending until the short delay has elapsed or a balance is known', () => {
    expect(balanceView({ ...base, revealed: false })).toEqual({ kind: 'pending' });
    expect(balanceView({ ...base, balances: null })).toEqual({ kind: 'pending' });
  });

  it('the reveal delay starts only when the balance may be shown', () => {
    expect(balanceEligible(base)).toBe(true);
    expect(balanceEligible({ ...base, signedIn: false })).toBe(false);
    expect(balanceEligible({ ...base, mobileVerificationPending: true })).toBe(false);
    expect(balanceEligible({ ...base, isInVendorGame: true })).toBe(false);
    expect(balanceEligible({ ...base, balanceVisible: false })).toBe(false);
  });
});

describe('count-up of the win animation', () => {
  it('starts at the old amount, ends exactly at the new one, never overshoots', () => {
    expect(countUpValue(1000, 6000, 0, 1200, 'gold')).toBe(1000);
    expect(countUpValue(1000, 6000, 1200, 1200, 'gold')).toBe(6000);
    expect(countUpValue(1000, 6000, 5000, 1200, 'gold')).toBe(6000);
    let prev = 1000;
    for (let t = 40; t < 1200; t += 40) {
      const v = countUpValue(1000, 6000, t, 1200, 'gold');
      expect(v).toBeGreaterThanOrEqual(prev);
      expect(v).toBeLessThanOrEqual(6000);
      expect(Number.isInteger(v)).toBe(true);
      prev = v;
    }
  });

  it('eases out: most of the climb happens early', () => {
    expect(countUpValue(0, 1000, 600, 1200, 'gold')).toBeGreaterThan(800);
  });

  it('Sweeps steps in cents and counts down too', () => {
    const v = countUpValue(10, 11.37, 300, 1200, 'sweeps');
    expect(Math.round(v * 100)).toBe(v * 100);
    expect(countUpValue(25, 20, 600, 1200, 'sweeps')).toBeLessThan(25);
    expect(countUpValue(25, 20, 600, 1200, 'sweeps')).toBeGreaterThanOrEqual(20);
  });
});
