import { describe, expect, it } from 'vitest';
import { WALLET_TEXTS } from '../../contract/wallet.ts';
import { ApiError } from '../../lib/api-client.ts';
import {
  normalizePromoCode,
  promoCodeErrorMessage,
  promoCodeInputError,
  promoCoinsText,
  promoSuccessMessage,
  PROMO_FIELD_TEXTS,
} from './promo-code-rules.ts';

const answer = {
  code: 'FREECOINS',
  valid: true as const,
  applies_at: 'both' as const,
  gold_coins: 250000,
  sweeps_coins: 1,
  display_sweeps_value: 2.5,
  ends_at: null,
  description: 'Welcome',
};

describe('promo code rules', () => {
  it('normalises like the server: trimmed, upper-case', () => {
    expect(normalizePromoCode('  freeCoins ')).toBe('FREECOINS');
  });

  it('refuses empty and malformed codes before any call', () => {
    expect(promoCodeInputError('   ')).toBe(PROMO_FIELD_TEXTS.required);
    expect(promoCodeInputError('A')).toBe(PROMO_FIELD_TEXTS.format);
    expect(promoCodeInputError('FREE COINS')).toBe(PROMO_FIELD_TEXTS.format);
    expect(promoCodeInputError('x'.repeat(65))).toBe(PROMO_FIELD_TEXTS.format);
    expect(promoCodeInputError('free-coins_2')).toBeNull();
  });

  it('maps each refusal reason to its own message', () => {
    for (const reason of ['unknown', 'not_started', 'expired', 'used', 'used_up', 'not_applicable'] as const) {
      const e = new ApiError(400, 'INVALID_PROMO_CODE', 'server words', 'promo_code', { reason });
      expect(promoCodeErrorMessage(e)).toBe(WALLET_TEXTS.promoProblems[reason]);
    }
    // No (or an unknown) reason: the server's message.
    expect(promoCodeErrorMessage(new ApiError(400, 'INVALID_PROMO_CODE', 'server words', 'promo_code', null))).toBe('server words');
  });

  it('explains the purchase time lock with the wait', () => {
    const e = new ApiError(409, 'PROMO_PURCHASE_TIME_LOCKED', 'x', 'promo_code', { retry_after_seconds: 90 });
    expect(promoCodeErrorMessage(e)).toBe(`${WALLET_TEXTS.promoPurchaseTimeLocked} You can try again in 2 minutes.`);
    const e2 = new ApiError(409, 'PROMO_PURCHASE_TIME_LOCKED', 'x', 'promo_code', { retry_after_seconds: 1 });
    expect(promoCodeErrorMessage(e2)).toBe(`${WALLET_TEXTS.promoPurchaseTimeLocked} You can try again in 1 second.`);
  });

  it('offline and server failures get plain words', () => {
    expect(promoCodeErrorMessage(new ApiError(0, 'OFFLINE', 'x'))).toBe(PROMO_FIELD_TEXTS.offline);
    expect(promoCodeErrorMessage(new ApiError(503, 'HTTP_503', 'x'))).toBe(PROMO_FIELD_TEXTS.failed);
  });

  it('describes the coins a code gives, Gold whole and Sweeps with cents', () => {
    expect(promoCoinsText(answer)).toBe('250,000 Gold Coins and 1.00 Sweeps Coins');
    expect(promoCoinsText({ gold_coins: 5000, sweeps_coins: 0 })).toBe('5,000 Gold Coins');
    expect(promoSuccessMessage(answer, 'purchase')).toBe('FREECOINS applied: you get 250,000 Gold Coins and 1.00 Sweeps Coins with this purchase.');
    expect(promoSuccessMessage(answer, 'join')).toContain('when your account is created');
  });
});
