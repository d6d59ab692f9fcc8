/** The pay-now page's payment method radios: each saved card, a new card, pay-by-bank. */
import type { SavedCard } from '../../../contract/payments.ts';
import { cardExpiry, cardLabel } from '../dialogs/card-label.ts';
import { savedCardKey, type MethodKey } from './payment-method-choice.ts';
import { badge, methods, option, optionText } from './pay-now-styles.ts';

export function PaymentMethodOptions({
  cards,
  method,
  onChoose,
}: {
  cards: readonly SavedCard[];
  method: MethodKey | null;
  onChoose: (key: MethodKey) => void;
}) {
  return (
    <fieldset className={methods}>
      <legend>Payment method</legend>
      {cards.map((c) => (
        <label key={c.card_id} className={option}>
          <input
            type="radio"
            name="payment_method"
            checked={method === savedCardKey(c.card_id)}
            onChange={() => onChoose(savedCardKey(c.card_id))}
          />
          <span className={optionText}>
            <span>{cardLabel(c)}</span>
            <small>expires {cardExpiry(c)}</small>
            {c.is_default ? <span className={badge}>Default</span> : null}
          </span>
        </label>
      ))}
      <label className={option}>
        <input
          type="radio"
          name="payment_method"
          checked={method === 'new_card'}
          onChange={() => onChoose('new_card')}
        />
        <span className={optionText}>{cards.length ? 'A new card' : 'Credit or debit card'}</span>
      </label>
      <label className={option}>
        <input
          type="radio"
          name="payment_method"
          checked={method === 'pay_by_bank'}
          onChange={() => onChoose('pay_by_bank')}
        />
        <span className={optionText}>
          Pay by bank <small>approve at your bank</small>
        </span>
      </label>
    </fieldset>
  );
}
