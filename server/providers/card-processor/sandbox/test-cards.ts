/**
 * Card validation and the conventional sandbox test cards. Validation is what a processor does
 * at tokenization: Luhn check, a known brand, an expiry in the future, a CVC of the brand's
 * length and a 5-digit ZIP.
 */
import { SANDBOX_TEST_CARDS } from '../../../../src/contract/payments.ts';
import type { ProcessorError } from '../card-processor.ts';

export type CardBehavior =
  { kind: 'succeed' } | { kind: 'decline'; decline_code: string } | { kind: 'challenge' };

export function behaviorOf(number: string): CardBehavior {
  switch (number) {
    case SANDBOX_TEST_CARDS.declined:
      return { kind: 'decline', decline_code: 'generic_decline' };
    case SANDBOX_TEST_CARDS.insufficientFunds:
      return { kind: 'decline', decline_code: 'insufficient_funds' };
    case SANDBOX_TEST_CARDS.fraudulent:
      return { kind: 'decline', decline_code: 'fraudulent' };
    case SANDBOX_TEST_CARDS.threeDSecure:
      return { kind: 'challenge' };
    default:
      return { kind: 'succeed' };
  }
}

export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function brandOf(number: string): string | null {
  if (/^4\d{15}(\d{3})?$/.test(number)) return 'visa';
  if (/^(5[1-5]\d{14}|2(2[2-9]|[3-6]\d|7[01])\d{12}|2720\d{12})$/.test(number)) return 'mastercard';
  if (/^3[47]\d{13}$/.test(number)) return 'amex';
  if (/^(6011|65\d{2})\d{12}$/.test(number)) return 'discover';
  return null;
}

export interface RawCard {
  number: unknown;
  exp_month: unknown;
  exp_year: unknown;
  cvc: unknown;
  postal_code: unknown;
}

export interface ValidCard {
  number: string;
  brand: string;
  exp_month: number;
  exp_year: number;
}

const fail = (
  code: string,
  message: string,
  param: string,
): { error: ProcessorError & { param: string } } => ({
  error: { code, decline_code: null, message, param },
});

/** Validates a card as entered; answers the card or the processor error (with the field at fault). */
export function validateCard(
  raw: RawCard,
  now: Date,
): { card: ValidCard } | { error: ProcessorError & { param: string } } {
  const number = typeof raw.number === 'string' ? raw.number.replace(/[\s-]/g, '') : '';
  const brand = brandOf(number);
  if (!luhnValid(number) || !brand)
    return fail('incorrect_number', 'Your card number is incorrect.', 'number');
  const month = Number(raw.exp_month);
  let year = Number(raw.exp_year);
  if (Number.isInteger(year) && year >= 0 && year < 100) year += 2000;
  if (!Number.isInteger(month) || month < 1 || month > 12)
    return fail('invalid_expiry', "Your card's expiration month is not valid.", 'exp_month');
  const thisYear = now.getUTCFullYear();
  const thisMonth = now.getUTCMonth() + 1;
  if (!Number.isInteger(year) || year > thisYear + 20)
    return fail('invalid_expiry', "Your card's expiration year is not valid.", 'exp_year');
  if (year < thisYear || (year === thisYear && month < thisMonth))
    return fail('expired_card', 'Your card has expired.', 'exp_year');
  const cvcLength = brand === 'amex' ? 4 : 3;
  if (typeof raw.cvc !== 'string' || !new RegExp(`^\\d{${cvcLength}}$`).test(raw.cvc))
    return fail('incorrect_cvc', "Your card's security code is incorrect.", 'cvc');
  if (typeof raw.postal_code !== 'string' || !/^\d{5}$/.test(raw.postal_code))
    return fail('incorrect_zip', "Your card's ZIP code is incorrect.", 'postal_code');
  return { card: { number, brand, exp_month: month, exp_year: year } };
}
