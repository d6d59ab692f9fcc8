import { describe, expect, it } from 'vitest';
import { withoutSweeps } from './gold-only.ts';

describe('withoutSweeps (gold-only answer guard)', () => {
  it('zeroes every *_ghc amount and turns sweeps_eligible off, at any depth, leaving the rest', () => {
    const answer = {
      token: 't',
      user: { id: 'u', sweeps_eligible: true, state_or_province: 'IL' },
      balances: { balance_total_gld: 250_000, balance_total_ghc: 25, balance_free_ghc: 25 },
      results: [{ id: 'p', quantity_gld: 5, quantity_ghc: 2 }],
      quantity_ghc: 1,
      note: 'quantity_ghc',
    };
    expect(withoutSweeps(answer)).toEqual({
      token: 't',
      user: { id: 'u', sweeps_eligible: false, state_or_province: 'IL' },
      balances: { balance_total_gld: 250_000, balance_total_ghc: 0, balance_free_ghc: 0 },
      results: [{ id: 'p', quantity_gld: 5, quantity_ghc: 0 }],
      quantity_ghc: 0,
      note: 'quantity_ghc',
    });
    expect(answer.balances.balance_total_ghc).toBe(25);
  });

  it('leaves scalars, nulls and non-number *_ghc values alone', () => {
    expect(withoutSweeps(null)).toBeNull();
    expect(withoutSweeps('x')).toBe('x');
    expect(withoutSweeps({ balances: null, amount_ghc: '3' })).toEqual({ balances: null, amount_ghc: '3' });
  });
});
