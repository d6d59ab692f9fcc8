/**
 * Promo code rules shared by the field and its hook: how a typed code is normalised, what the
 * browser can refuse before asking the server, and which words each server refusal gets.
 * Pure functions, unit-tested; the server (promo-codes) is the authority on every code.
 */
import { validate } from 'superstruct';
import {
  PROMO_CODE_PATTERN,
  PromoErrorExtraSchema,
  RetryAfterExtraSchema,
  WALLET_ERROR_CODES,
  WALLET_TEXTS,
  type PromoCodeValidateResponse,
} from '../../contract/wallet.ts';
import { formatGold, formatSweeps } from '../../lib/format.ts';
import { CLIENT_ERROR_CODES, type ApiError } from '../../lib/api-client.ts';

export const PROMO_CODE_MAX_LENGTH = 64;

export const PROMO_FIELD_TEXTS = {
  required: 'Please enter a promo code.',
  format: 'Promo codes use only letters, numbers, hyphens and underscores (2 to 64 characters).',
  offline: "You're offline. Connect to the internet to apply a promo code.",
  failed: 'We could not check this promo code right now. Please try again.',
} as const;

/** Codes are case-insensitive: trimmed and upper-cased like the server does. */
export const normalizePromoCode = (raw: string): string => raw.trim().toUpperCase();

/** A message when the typed code cannot be valid (so no call is made), else null. */
export function promoCodeInputError(raw: string): string | null {
  const code = normalizePromoCode(raw);
  if (!code) return PROMO_FIELD_TEXTS.required;
  if (!PROMO_CODE_PATTERN.test(code)) return PROMO_FIELD_TEXTS.format;
  return null;
}

/** The player-facing words for a refused or failed validation. */
export function promoCodeErrorMessage(error: ApiError): string {
  if (error.code === WALLET_ERROR_CODES.INVALID_PROMO_CODE) {
    const [bad, extra] = validate(error.extra, PromoErrorExtraSchema);
    if (!bad) return WALLET_TEXTS.promoProblems[extra.reason];
    return error.message || WALLET_TEXTS.promoProblems.unknown;
  }
  if (error.code === WALLET_ERROR_CODES.PROMO_PURCHASE_TIME_LOCKED) {
    const [bad, extra] = validate(error.extra, RetryAfterExtraSchema);
    if (!bad && extra.retry_after_seconds > 0) {
      return `${WALLET_TEXTS.promoPurchaseTimeLocked} You can try again in ${waitText(extra.retry_after_seconds)}.`;
    }
    return WALLET_TEXTS.promoPurchaseTimeLocked;
  }
  if (error.code === CLIENT_ERROR_CODES.OFFLINE) return PROMO_FIELD_TEXTS.offline;
  if (error.status === 0 || error.status >= 500) return PROMO_FIELD_TEXTS.failed;
  // Any other refusal (validation of the request, sign-in needed...) carries its own message.
  return error.message || PROMO_FIELD_TEXTS.failed;
}

function waitText(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/** "250,000 Gold Coins and 1.00 Sweeps Coins": what the code adds, only the parts it has. */
export function promoCoinsText(r: Pick<PromoCodeValidateResponse, 'gold_coins' | 'sweeps_coins'>): string {
  const parts: string[] = [];
  if (r.gold_coins > 0) parts.push(`${formatGold(r.gold_coins)} Gold Coins`);
  if (r.sweeps_coins > 0) parts.push(`${formatSweeps(r.sweeps_coins)} Sweeps Coins`);
  return parts.join(' and ');
}

/** The success line: "FREECOINS applied: you get 250,000 Gold Coins and 1.00 Sweeps Coins." */
export function promoSuccessMessage(r: PromoCodeValidateResponse, context: 'join' | 'purchase'): string {
  const coins = promoCoinsText(r);
  const when = context === 'join' ? 'when your account is created' : 'with this purchase';
  if (!coins) return `${r.code} applied.`;
  return `${r.code} applied: you get ${coins} ${when}.`;
}
