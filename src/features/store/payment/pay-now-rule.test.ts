import { describe, expect, it } from 'vitest';
import { payNowGuard, type PayNowGuardInput } from './pay-now-rule.ts';

const input = (over: Partial<PayNowGuardInput> = {}): PayNowGuardInput => ({
  selectedPackageId: 'pkg-10',
  propertiesReady: true,
  coinStoreEnabled: true,
  hasBillingAddress: true,
  limits: 'ok',
  ...over,
});

describe('payNowGuard (spec section 2: pay-now guards)', () => {
  it('allows with a package, the store on, an address and limits satisfied', () => {
    expect(payNowGuard(input())).toEqual({ type: 'allow' });
  });

  it('sends the player back to the coin store without a selected package, before anything else', () => {
    expect(
      payNowGuard(input({ selectedPackageId: null, coinStoreEnabled: false, propertiesReady: false })),
    ).toEqual({
      type: 'redirect',
      to: '/buy-coins',
      reason: 'no-package',
    });
  });

  it('waits for the named properties, then refuses a disabled coin store', () => {
    expect(payNowGuard(input({ propertiesReady: false }))).toEqual({ type: 'wait' });
    expect(payNowGuard(input({ coinStoreEnabled: false }))).toMatchObject({
      type: 'redirect',
      reason: 'store-disabled',
    });
  });

  it('requires a billing address before checking limits', () => {
    expect(payNowGuard(input({ hasBillingAddress: false, limits: 'reached' }))).toMatchObject({
      reason: 'no-billing-address',
    });
  });

  it('waits for the limit check and refuses a reached limit', () => {
    expect(payNowGuard(input({ limits: 'checking' }))).toEqual({ type: 'wait' });
    expect(payNowGuard(input({ limits: 'reached' }))).toEqual({
      type: 'redirect',
      to: '/buy-coins',
      reason: 'limit-reached',
    });
  });
});
