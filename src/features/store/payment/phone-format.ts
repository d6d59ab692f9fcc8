/**
 * Pay-by-bank phone rules (spec section 5): required, digits only, at most 10 digits, shown as
 * "(xxx) xxx-xxxx" (14 characters). The page formats 300 ms after the last keystroke so the
 * caret does not jump while the player types.
 */
import { PHONE_DIGITS, PHONE_FORMATTED_LENGTH } from '../../../contract/constants.ts';
import { PAYMENT_PAGE_TEXTS } from '../../../contract/payment-pages.ts';

export const PHONE_MESSAGES = {
  required: PAYMENT_PAGE_TEXTS.phoneRequired,
  invalid: PAYMENT_PAGE_TEXTS.phoneInvalid,
} as const;

/** The digits of what was typed, at most 10 (a leading US country code 1 of an 11-digit paste is dropped). */
export function phoneDigits(raw: string): string {
  let digits = raw.replace(/\D/g, '');
  if (digits.length === PHONE_DIGITS + 1 && digits.startsWith('1')) digits = digits.slice(1);
  return digits.slice(0, PHONE_DIGITS);
}

/** Formats as much as there is: "312" -> "(312", "312555" -> "(312) 555", ten digits -> "(312) 555-0147". */
export function formatPhone(raw: string): string {
  const d = phoneDigits(raw);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** Error for the phone field, or null when it is a complete, formatted number. */
export function phoneError(value: string): string | null {
  if (!value.trim()) return PHONE_MESSAGES.required;
  const d = phoneDigits(value);
  if (d.length !== PHONE_DIGITS || formatPhone(d).length < PHONE_FORMATTED_LENGTH)
    return PHONE_MESSAGES.invalid;
  // North American numbers: area code and exchange never start with 0 or 1.
  if (/^[01]/.test(d) || /^[01]/.test(d.slice(3))) return PHONE_MESSAGES.invalid;
  return null;
}
