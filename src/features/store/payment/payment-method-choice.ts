/** The pay-now page's payment method as one key per radio option, and which option is chosen. */
import type { SavedCard } from '../../../contract/payments.ts';
import type { PaymentMethodChoice } from '../../../state/payment-slice.ts';

export type MethodKey = 'new_card' | 'pay_by_bank' | `card:${string}`;

const SAVED_CARD_PREFIX = 'card:';

export const savedCardKey = (cardId: string): MethodKey => `${SAVED_CARD_PREFIX}${cardId}`;

/** The saved card's id of a `card:` key. */
export const savedCardIdOf = (key: `card:${string}`): string => key.slice(SAVED_CARD_PREFIX.length);

export const isSavedCardKey = (key: MethodKey): key is `card:${string}` => key.startsWith(SAVED_CARD_PREFIX);

export const keyOf = (c: PaymentMethodChoice | null): MethodKey | null =>
  c === null ? null : c.type === 'saved_card' ? savedCardKey(c.card_id) : c.type;

export function choiceOf(key: MethodKey): PaymentMethodChoice {
  if (isSavedCardKey(key)) return { type: 'saved_card', card_id: savedCardIdOf(key) };
  return { type: key as 'new_card' | 'pay_by_bank' };
}

/**
 * The option to show checked: the one chosen before, else the default saved card, else the
 * first saved card, else a new card. A chosen card that has since been deleted falls back to a
 * new card. Null while the saved cards are still loading (`cardsKnown` false).
 */
export function resolveMethod(
  chosen: PaymentMethodChoice | null,
  cards: readonly SavedCard[],
  cardsKnown: boolean,
): MethodKey | null {
  const fallback = cards.find((c) => c.is_default) ?? cards[0];
  const selected =
    keyOf(chosen) ?? (cardsKnown ? (fallback ? savedCardKey(fallback.card_id) : 'new_card') : null);
  const selectedCardGone =
    selected !== null &&
    isSavedCardKey(selected) &&
    cardsKnown &&
    !cards.some((c) => savedCardKey(c.card_id) === selected);
  return selectedCardGone ? 'new_card' : selected;
}
