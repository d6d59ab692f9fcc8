import { describe, expect, it } from 'vitest';
import { redeemGuard } from './redeem-guard.tsx';

const verified = {
  address_line_1: '1 Main St',
  city: 'Chicago',
  state_or_province: 'IL',
  postal_code: '60601',
  identity_state: 'verified' as const,
};

describe('redeem guard', () => {
  it('waits for the user, then needs a billing address, then identity verified', () => {
    expect(redeemGuard(null)).toBe('wait');
    expect(redeemGuard({ ...verified, address_line_1: null })).toBe('no-billing-address');
    expect(redeemGuard({ ...verified, city: ' ' })).toBe('no-billing-address');
    for (const identity_state of ['none', 'required', 'pending', 'rejected'] as const)
      expect(redeemGuard({ ...verified, identity_state })).toBe('identity-verification');
    expect(redeemGuard(verified)).toBe('allow');
  });
});
