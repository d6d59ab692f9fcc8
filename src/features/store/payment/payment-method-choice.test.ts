import { describe, expect, it } from 'vitest';
import type { SavedCard } from '../../../contract/payments.ts';
import { choiceOf, keyOf, resolveMethod } from './payment-method-choice.ts';

const card = (card_id: string, is_default = false): SavedCard => ({
  card_id,
  brand: 'visa',
  last4: '4242',
  exp_month: 12,
  exp_year: 2030,
  is_default,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('resolveMethod', () => {
  it('is null while the saved cards are loading and nothing was chosen', () => {
    expect(resolveMethod(null, [], false)).toBeNull();
  });

  it('keeps the method chosen before', () => {
    expect(resolveMethod({ type: 'pay_by_bank' }, [card('a', true)], true)).toBe('pay_by_bank');
    expect(resolveMethod({ type: 'saved_card', card_id: 'b' }, [card('a', true), card('b')], true)).toBe(
      'card:b',
    );
  });

  it('else takes the default saved card, else the first, else a new card', () => {
    expect(resolveMethod(null, [card('a'), card('b', true)], true)).toBe('card:b');
    expect(resolveMethod(null, [card('a'), card('b')], true)).toBe('card:a');
    expect(resolveMethod(null, [], true)).toBe('new_card');
  });

  it('falls back to a new card when the chosen card was deleted', () => {
    expect(resolveMethod({ type: 'saved_card', card_id: 'gone' }, [card('a', true)], true)).toBe('new_card');
  });

  it('keeps a chosen card while the saved cards are still loading', () => {
    expect(resolveMethod({ type: 'saved_card', card_id: 'a' }, [], false)).toBe('card:a');
  });
});

describe('method keys', () => {
  it('round-trip through the stored choice', () => {
    for (const choice of [
      { type: 'saved_card' as const, card_id: 'c_1' },
      { type: 'new_card' as const },
      { type: 'pay_by_bank' as const },
    ]) {
      const key = keyOf(choice);
      expect(key).not.toBeNull();
      expect(choiceOf(key!)).toEqual(choice);
    }
    expect(keyOf(null)).toBeNull();
  });
});
