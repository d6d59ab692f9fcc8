/**
 * The steps of a pay-now purchase after the Buy click, apart from the page's state so they load
 * beside the page with the rest of the purchase process (size budget): the request for the chosen
 * method, the first answer's follow-up (3-D Secure challenge or the bank's approval, then status
 * checks that wait the server-supplied time) and what the player sees of the outcome.
 */
import type { RefObject } from 'react';
import type { CoinPackage, PaymentsConfig, PurchaseResult } from '../../../contract/payments.ts';
import { ROUTES } from '../../../contract/routes.ts';
import {
  checkAfterAction,
  checkUntilFinal,
  classifyApiError,
  classifyFailedResult,
  completePurchase,
  openDialogForResult,
  recordPurchaseError,
  retryableAttempt,
  sendPurchase,
  setPurchasing,
  type PurchaseAttempt,
  type PurchaseOutcome,
  type PurchaseRequest,
} from '../../../state/payment-actions.ts';
import { hideLoadingOverlay, showLoadingOverlay, SPINNER_MESSAGES } from '../../../state/ui-actions.ts';
import { CardFrameFailure, type CardFrameHandle } from '../dialogs/card-frame.tsx';
import { PURCHASE_DIALOGS } from '../dialogs/purchase-dialog-kinds.ts';
import { showPurchaseOutcome } from '../dialogs/show-purchase-outcome.ts';
import { isSavedCardKey, savedCardIdOf, type MethodKey } from './payment-method-choice.ts';
import { formatPhone, phoneError } from './phone-format.ts';

/** What the page shows of a purchase under way. */
export interface PayNowView {
  /** The message under the pay button; null clears it. */
  setInlineError: (message: string | null) => void;
  /** The last attempt got no answer and can be sent again with the same Idempotency-Key. */
  setCanRetry: (on: boolean) => void;
  setPendingNotice: (notice: string | null) => void;
  /** The purchase succeeded: on to payment-success. */
  succeeded: (path: string) => void;
  /** The server asks to confirm buying the same package again. */
  confirmRepeat: () => void;
}

export interface PayNowChoices {
  pkg: CoinPackage;
  method: MethodKey;
  promo: string | null;
  /** The phone on the account; pay-by-bank asks for one only when there is none. */
  accountPhone: string | null;
  phone: string;
  saveCard: boolean;
  frame: RefObject<CardFrameHandle | null>;
  /** Pay-by-bank without a valid phone: the page shows the phone's error. */
  onPhoneInvalid: () => void;
  /** cashBalanceToApplyUSD: USD of the cash balance applied (0 = none). */
  applyBalanceUsd: number;
  /** The cash balance pays the whole price: nothing is charged, no card or bank is asked. */
  coveredByBalance: boolean;
}

const PENDING_NOTICE =
  'Your payment is still being processed. Your coins will be added as soon as it completes; there is no need to pay again.';
const VERIFICATION_NOT_COMPLETED =
  'The card verification was not completed. Nothing was charged. You can try again.';

/** Where payment-success should lead, keeping the game the purchase came from. */
export function successPath(gameId: string | null): string {
  return gameId ? `${ROUTES.paymentSuccess}?game_id=${encodeURIComponent(gameId)}` : ROUTES.paymentSuccess;
}

/** After the first answer: challenge, bank approval and status checks until final. */
async function followUp(first: PurchaseResult, cfg: PaymentsConfig): Promise<PurchaseResult> {
  let result = first;
  if (result.method === 'card' && result.status === 'requires_action' && result.three_d_secure_url) {
    hideLoadingOverlay();
    const r = await openDialogForResult(PURCHASE_DIALOGS.threeDSecure, {
      url: result.three_d_secure_url,
      origin: cfg.card_processor.origin,
    });
    showLoadingOverlay(SPINNER_MESSAGES.processingPayment);
    result = await checkAfterAction(result);
    if (result.status === 'requires_action' && r?.outcome !== 'completed') return result;
  } else if (
    result.method === 'pay_by_bank' &&
    result.authorization_url &&
    (result.status === 'requires_action' || result.status === 'processing')
  ) {
    hideLoadingOverlay();
    await openDialogForResult(PURCHASE_DIALOGS.payByBankInfo, {
      url: result.authorization_url,
      origin: cfg.pay_by_bank.origin,
    });
    showLoadingOverlay(SPINNER_MESSAGES.processingPayment);
    result = await checkAfterAction(result);
  }
  if (result.status === 'processing') result = await checkUntilFinal(result);
  return result;
}

/** A failure the player sees: inline under the pay button, or the error catalogue's dialog. */
export function showPayNowOutcome(outcome: PurchaseOutcome, view: PayNowView): void {
  recordPurchaseError(outcome);
  if (outcome.kind === 'repeat-confirmation') {
    view.confirmRepeat();
    return;
  }
  if (outcome.kind === 'network') {
    view.setInlineError(outcome.message);
    view.setCanRetry(retryableAttempt() !== null);
    return;
  }
  if (outcome.kind === 'field' || outcome.kind === 'invalid-promo') {
    view.setInlineError(outcome.message);
    return;
  }
  showPurchaseOutcome(outcome);
}

/** Sends one attempt (a Buy click or its retry) and follows it to the end. */
export async function runPayNowAttempt(
  attempt: PurchaseAttempt,
  cfg: PaymentsConfig,
  gameId: string | null,
  view: PayNowView,
): Promise<void> {
  view.setInlineError(null);
  view.setCanRetry(false);
  view.setPendingNotice(null);
  setPurchasing(true);
  showLoadingOverlay(SPINNER_MESSAGES.processingPayment);
  try {
    const first = await sendPurchase(attempt);
    const result = await followUp(first, cfg);
    if (result.status === 'succeeded') {
      completePurchase(result);
      hideLoadingOverlay();
      view.succeeded(successPath(gameId));
      return;
    }
    if (result.status === 'failed') {
      showPayNowOutcome(classifyFailedResult(result.error), view);
      return;
    }
    setPurchasing(false);
    if (result.status === 'requires_action') view.setInlineError(VERIFICATION_NOT_COMPLETED);
    else view.setPendingNotice(PENDING_NOTICE);
  } catch (e) {
    showPayNowOutcome(classifyApiError(e), view);
  } finally {
    setPurchasing(false);
    hideLoadingOverlay();
  }
}

type RequestBase = {
  package_id: string;
  promo_code: string | null;
  confirm_repeat?: true;
  apply_balance_usd?: number;
};

/** A new card: the processor's frame turns the entered card into a single-use token. */
async function cardTokenRequest(
  base: RequestBase,
  choices: PayNowChoices,
  view: PayNowView,
): Promise<PurchaseRequest | null> {
  try {
    const t = await choices.frame.current?.tokenize();
    if (!t?.token)
      throw new CardFrameFailure({
        code: 'not_ready',
        sub_code: null,
        message: 'The card form is still loading. Please wait a moment.',
        field: null,
      });
    return {
      method: 'card',
      body: { ...base, payment_method: { type: 'card_token', token: t.token, save_card: choices.saveCard } },
    };
  } catch (e) {
    if (e instanceof CardFrameFailure) {
      // A decline at tokenization (e.g. invalid number) reads like any other decline.
      const outcome = classifyFailedResult({
        code: 'PAYMENT_DECLINED',
        sub_code: e.error.sub_code,
        message: e.error.message,
      });
      if (e.error.sub_code && outcome.kind !== 'declined') showPayNowOutcome(outcome, view);
      else view.setInlineError(e.error.message);
    } else view.setInlineError('The card form did not answer. Please try again.');
    return null;
  }
}

/** The purchase request for the chosen method; null when it cannot be sent (and the page says why). */
export async function payNowRequest(
  choices: PayNowChoices,
  confirmRepeat: boolean,
  view: PayNowView,
): Promise<PurchaseRequest | null> {
  const { pkg, method, accountPhone, phone } = choices;
  const base: RequestBase = {
    package_id: pkg.id,
    promo_code: choices.promo,
    ...(confirmRepeat ? { confirm_repeat: true as const } : {}),
    ...(choices.applyBalanceUsd > 0 ? { apply_balance_usd: choices.applyBalanceUsd } : {}),
  };
  if (choices.coveredByBalance)
    return { method: 'card', body: { ...base, payment_method: { type: 'cash_balance' } } };
  if (method === 'pay_by_bank') {
    if (!accountPhone && phoneError(phone)) {
      choices.onPhoneInvalid();
      return null;
    }
    return {
      method: 'pay_by_bank',
      body: { ...base, phone: accountPhone ? formatPhone(accountPhone) : phone },
    };
  }
  if (method === 'new_card') return cardTokenRequest(base, choices, view);
  if (!isSavedCardKey(method)) return null;
  return {
    method: 'card',
    body: { ...base, payment_method: { type: 'saved_card', card_id: savedCardIdOf(method) } },
  };
}
