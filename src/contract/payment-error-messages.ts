/**
 * Card and pay-by-bank error messages (spec section 8: the message is mapped from the error's code
 * and sub-code). Apart from payments.ts: only the purchase process, which loads once a purchase
 * is made, shows them, so the store pages' first load does not carry them.
 */
import { PAYMENT_TEXTS } from './payments.ts';

/** Card processor error `code` -> message, used when no decline sub_code message applies (spec section 8: message mapped from code and subcode). */
export const CARD_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  card_declined: 'Your card was declined. Please try another card.',
  expired_card: 'Your card has expired. Please use another card.',
  incorrect_cvc: "Your card's security code is incorrect.",
  incorrect_number: 'Your card number is incorrect.',
  invalid_expiry: "Your card's expiration date is not valid.",
  processing_error: 'An error occurred while processing your card. Please try again.',
  payment_intent_authentication_failure:
    'We could not verify your card (3-D Secure). Please try again or use another card.',
  provider_unavailable:
    'The payment service is not answering. Nothing was charged. Please try again shortly.',
};

/** Decline sub_code (decline_code) -> message; checked before CARD_ERROR_MESSAGES. */
export const DECLINE_SUB_CODE_MESSAGES: Readonly<Record<string, string>> = {
  generic_decline: 'Your card was declined. Please try another card or contact your bank.',
  insufficient_funds: 'Your card has insufficient funds. Please use another card.',
  lost_card: 'Your card was declined. Please use another card.',
  stolen_card: 'Your card was declined. Please use another card.',
  do_not_honor: 'Your card was declined by your bank. Please contact your bank or use another card.',
  fraudulent: 'There is an issue with your account. Please contact support.',
  card_velocity_exceeded: 'Your card has reached its spending limit. Please use another card.',
  authentication_failed: 'We could not verify your card (3-D Secure). Please try again or use another card.',
};

/** The message of a card error: sub_code first, then code, then a generic decline text. */
export function cardErrorMessage(code: string, subCode: string | null | undefined): string {
  return (
    (subCode ? DECLINE_SUB_CODE_MESSAGES[subCode] : undefined) ??
    CARD_ERROR_MESSAGES[code] ??
    'Your payment could not be completed. Please try another payment method.'
  );
}

/** Pay-by-bank error codes -> messages of the "PAY BY BANK PAYMENT ERROR" dialog. */
export const PAY_BY_BANK_ERROR_MESSAGES: Readonly<Record<string, string>> = {
  user_declined: 'You cancelled the payment at your bank. Nothing was charged.',
  insufficient_funds: 'Your bank account does not have enough funds for this purchase.',
  account_not_supported:
    'This bank account cannot be used for pay-by-bank. Please try another account or a card.',
  expired: 'The bank authorization expired before it was completed. Please start again.',
  bank_unavailable: 'Your bank is not answering right now. Please try again later.',
  phone_in_use: PAYMENT_TEXTS.payByBankPhoneInUse,
};
