/**
 * Payment actions: the coin-store purchase flow (spec sections 4 and 8). They own the payment
 * slice (payment-slice.ts) and the rules that do not depend on React:
 *   - one Idempotency-Key per purchase (package and method) until its outcome is known, kept in
 *     IndexedDB for the player (lib/pending-actions.ts): Try again, Buy pressed again, a reload
 *     or reopening the app send the same key and the same body, so the server replays the
 *     first answer and never charges twice; any answer or a final refusal lets it go;
 *   - the repeat-purchase rule (same package within 5 minutes asks for confirmation);
 *   - status checks that wait the server-supplied check_after_ms;
 *   - mapping of purchase failures (HTTP errors and failed purchase answers) to what the player
 *     sees: decline messages, limits, fraud, pay-by-bank, CANT_COMPLETE_PURCHASE sub-flows;
 *   - success: delayed (animated) balances and the purchase / first_purchase data-layer events.
 * Nothing else here is mirrored to storage; logout clears the slice.
 */
import { mutate } from 'swr';
import { TIMINGS } from '../contract/constants.ts';
import {
  CARD_ERROR_MESSAGES,
  DECLINE_SUB_CODE_MESSAGES,
  PAY_BY_BANK_ERROR_MESSAGES,
} from '../contract/payment-error-messages.ts';
import {
  CANT_COMPLETE_PURCHASE_SUB_CODES,
  CLOSED_ACCOUNT_SUB_CODES,
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
  PAYMENTS_API_PATHS,
  PurchaseResultSchema,
  type CardPurchaseRequest,
  type CoinPackage,
  type PayByBankPurchaseRequest,
  type PurchaseError,
  type PurchaseResult,
} from '../contract/payments.ts';
import {
  PurchaseLimitCheckResponseSchema,
  WALLET_API_PATHS,
  WALLET_ERROR_CODES,
  WALLET_TEXTS,
  isProviderPurchaseLimitCode,
  type PurchaseLimitCheckResponse,
} from '../contract/wallet.ts';
import type { Balances, User } from '../contract/schemas.ts';
import { api, ApiError, CLIENT_ERROR_CODES, isApiError } from '../lib/api-client.ts';
import { assignSlice, store } from './store.ts';
import { initialPayment } from './payment-slice.ts';
import { setBalancesWithDelay } from './balances-actions.ts';
import { registerLogoutCleanup } from './session-actions.ts';
import { trackEvent } from '../lib/analytics.ts';
import { outcomeUnknown } from '../lib/pending-actions.ts';
import { playerActions } from './player-actions.ts';

// ---------------------------------------------------------------- slice basics
registerLogoutCleanup(() => {
  // Banking data (selected package, cards, purchase state) belongs to the player who left.
  cancelStatusChecks();
  currentAttempt = null;
  assignSlice('payment', initialPayment());
});

/** Spec section 4: after an address update (and on the next session) the coin packages are fetched again. */
export function refreshBankingPackages(): void {
  void mutate((key) => Array.isArray(key) && key[0] === PAYMENTS_API_PATHS.bankingPackages);
}

/** The account as the address update answered it: the session shows it and the packages reload. */
export function applySavedAddress(user: User): void {
  store.session.user = user;
  // The state decides the packages' Sweeps: the login's featured package is asked for again too.
  store.promotions.doesNotNeedToRetrievePackages = false;
  refreshBankingPackages();
}

export function selectPackage(pkg: CoinPackage): void {
  store.payment.selectedPackage = { ...pkg };
  store.payment.purchaseError = null;
}

// ---------------------------------------------------------------- repeat-purchase rule
/** Spec section 4: buying the same package again within 5 minutes asks for confirmation. */
export function isRepeatPurchase(
  last: { packageId: string; at: number } | null,
  packageId: string,
  now: number,
  windowMs: number = TIMINGS.repeatPurchaseWindowMs,
): boolean {
  return last !== null && last.packageId === packageId && now - last.at >= 0 && now - last.at < windowMs;
}

// ---------------------------------------------------------------- idempotency
/** Random key per Buy click (crypto.randomUUID where available). */
function newIdempotencyKey(): string {
  const c = globalThis.crypto;
  if (c && typeof c.randomUUID === 'function') return c.randomUUID();
  const bytes = new Uint8Array(16);
  c.getRandomValues(bytes);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export type PurchaseRequest =
  { method: 'card'; body: CardPurchaseRequest } | { method: 'pay_by_bank'; body: PayByBankPurchaseRequest };

/** One Buy click: its key and exact body, so a retry replays the same request. */
export interface PurchaseAttempt {
  key: string;
  request: PurchaseRequest;
}

let currentAttempt: PurchaseAttempt | null = null;

const purchaseAction = (request: PurchaseRequest): string =>
  `coin-purchase:${request.method}:${request.body.package_id}`;

/**
 * A Buy click: a new key for this purchase, or, when a purchase of the same package by the same
 * method is still waiting for its outcome (its answer was lost, even before a reload), that
 * purchase again with its key and body.
 */
export async function beginPurchaseAttempt(request: PurchaseRequest): Promise<PurchaseAttempt> {
  const pending = await playerActions().begin(
    purchaseAction(request),
    structuredCloneSafe(request),
    newIdempotencyKey,
  );
  currentAttempt = { key: pending.key, request: pending.body };
  return currentAttempt;
}

/** The attempt a "Try again" replays (same key, same body), or null when there is none. */
export function retryableAttempt(): PurchaseAttempt | null {
  return currentAttempt;
}

/**
 * A purchase sent before a reload whose outcome is still unknown: it becomes the attempt Try
 * again sends. Answers it, or null.
 */
export async function resumePendingPurchase(): Promise<PurchaseAttempt | null> {
  const pending = (await playerActions().list()).find((entry) => entry.action.startsWith('coin-purchase:'));
  if (!pending) return null;
  currentAttempt = { key: pending.key, request: pending.body as PurchaseRequest };
  return currentAttempt;
}

function endPurchaseAttempt(): void {
  currentAttempt = null;
}

function structuredCloneSafe<T>(v: T): T {
  return JSON.parse(JSON.stringify(v)) as T;
}

/** Transport failures worth repeating with the same key: no answer, gateway errors, first request still running. */
function isTransientFailure(e: unknown): boolean {
  if (!isApiError(e)) return false;
  if (e.code === CLIENT_ERROR_CODES.NETWORK_ERROR) return true;
  if (e.code === WALLET_ERROR_CODES.IDEMPOTENCY_IN_PROGRESS) return true;
  return e.status === 502 || e.status === 503 || e.status === 504;
}

const sleep = (ms: number, signal?: AbortSignal): Promise<void> =>
  new Promise((resolve, reject) => {
    const t = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(t);
      reject(new ApiError(0, CLIENT_ERROR_CODES.ABORTED, 'The request was cancelled.'));
    });
  });

/**
 * Sends the attempt's request with its Idempotency-Key. Transient failures are retried (same key,
 * same body) up to `tries` times; the server replays the first answer if the first try got through.
 */
export async function sendPurchase(
  attempt: PurchaseAttempt,
  opts: { tries?: number; retryDelayMs?: number } = {},
): Promise<PurchaseResult> {
  const tries = opts.tries ?? 3;
  const path =
    attempt.request.method === 'card'
      ? PAYMENTS_API_PATHS.cardPurchases
      : PAYMENTS_API_PATHS.payByBankPurchases;
  let lastError: unknown = null;
  const action = purchaseAction(attempt.request);
  for (let i = 0; i < tries; i++) {
    try {
      const answer = await api.post(path, attempt.request.body, PurchaseResultSchema, {
        idempotencyKey: attempt.key,
        handleErrors: false,
      });
      // The purchase exists now (whatever its status): its outcome is followed by status checks.
      await playerActions().settle(action);
      return answer;
    } catch (e) {
      lastError = e;
      if (isApiError(e) && !outcomeUnknown(e)) await playerActions().settle(action);
      if (!isTransientFailure(e) || i === tries - 1) break;
      const extra = isApiError(e) ? e.extra : null;
      const retryAfter =
        typeof extra?.retry_after_seconds === 'number' ? extra.retry_after_seconds * 1000 : null;
      await sleep(retryAfter ?? (opts.retryDelayMs ?? 800) * (i + 1));
    }
  }
  throw lastError;
}

// ---------------------------------------------------------------- status checks
let statusAbort: AbortController | null = null;

export function cancelStatusChecks(): void {
  statusAbort?.abort();
  statusAbort = null;
}

/** Gives up waiting for a final status after this long (the purchase may still finish: the webhook credits it). */
const STATUS_CHECK_GIVE_UP_MS = 120_000;

/**
 * Checks the purchase until it is final (succeeded or failed), waiting the server-supplied
 * check_after_ms between checks (card and pay-by-bank each use their own status call).
 * A `requires_action` answer is returned as is: the page shows the challenge first.
 */
export async function checkUntilFinal(
  first: PurchaseResult,
  opts: { giveUpMs?: number; now?: () => number } = {},
): Promise<PurchaseResult> {
  cancelStatusChecks();
  const abort = new AbortController();
  statusAbort = abort;
  const now = opts.now ?? Date.now;
  const deadline = now() + (opts.giveUpMs ?? STATUS_CHECK_GIVE_UP_MS);
  let result = first;
  while (result.status === 'processing' || (result.status === 'requires_action' && result !== first)) {
    trackStatus(result);
    if (now() >= deadline) break;
    await sleep(Math.max(250, result.check_after_ms), abort.signal);
    const path =
      result.method === 'card'
        ? PAYMENTS_API_PATHS.cardPurchaseStatus(result.purchase_id)
        : PAYMENTS_API_PATHS.payByBankPurchaseStatus(result.purchase_id);
    try {
      result = await api.get(path, PurchaseResultSchema, { handleErrors: false, signal: abort.signal });
    } catch (e) {
      // A lost answer is not a failed payment: keep checking until the deadline.
      if (!isTransientFailure(e)) throw e;
    }
  }
  trackStatus(result);
  if (statusAbort === abort) statusAbort = null;
  return result;
}

/** Status check after the 3-D Secure challenge or the bank authorization (the result is known to be in progress). */
export async function checkAfterAction(result: PurchaseResult): Promise<PurchaseResult> {
  return checkUntilFinal({ ...result, status: 'processing' });
}

function trackStatus(result: PurchaseResult): void {
  const p = store.payment;
  p.status = result.status;
  p.purchaseId = result.purchase_id;
  p.checkStatusWaitMs = result.check_after_ms;
  p.paymentProcessor3DSecureUrl = result.three_d_secure_url;
  if (result.method === 'pay_by_bank') {
    p.payByBank = {
      authorizationUrl: result.authorization_url,
      purchaseId: result.purchase_id,
      errorCode: result.error?.sub_code ?? null,
    };
  }
}

export function setPurchasing(on: boolean): void {
  store.payment.isPurchasing = on;
  if (on) {
    store.payment.purchaseError = null;
    store.payment.status = 'idle';
  }
}

// ---------------------------------------------------------------- success
/**
 * A succeeded purchase: the header animates from the old balance to the new one (delayed
 * balances), the repeat rule remembers it, and the purchase (and first purchase) events go
 * to the data layer.
 */
export function completePurchase(result: PurchaseResult, now: number = Date.now()): void {
  const before = store.balances.current ? ({ ...store.balances.current } as Balances) : null;
  if (result.balances) {
    if (before) setBalancesWithDelay(before, result.balances);
    else store.balances.current = { ...result.balances };
  }
  store.payment.lastPurchase = { packageId: result.package_id, at: now };
  store.payment.lastResult = { ...result };
  store.payment.status = 'succeeded';
  store.payment.purchaseError = null;
  store.payment.isPurchasing = false;
  endPurchaseAttempt();
  const event = {
    transaction_id: result.purchase_id,
    value: result.amount_usd,
    currency: 'USD',
    payment_method: result.method,
    items: [{ item_id: result.package_id, price: result.amount_usd, quantity: 1 }],
    gold_coins: result.quantity_gld,
    sweeps_coins: result.quantity_ghc,
    promo_code: result.promo_code,
  };
  trackEvent('purchase', event);
  if (result.is_first_purchase) trackEvent('first_purchase', event);
}

// ---------------------------------------------------------------- failures
/** What the player is shown for a purchase that did not go through. */
export type PurchaseOutcome =
  | {
      kind: 'declined';
      title: string;
      message: string;
      code: string;
      subCode: string | null;
      supportLink: boolean;
    }
  | { kind: 'fraud' }
  | { kind: 'user-limit'; code: string }
  | { kind: 'provider-limit'; code: string }
  | { kind: 'promo-locked'; message: string }
  | { kind: 'repeat-confirmation' }
  | { kind: 'closed-account'; message: string; subCode: string }
  | { kind: 'user-error'; message: string; code: string; subCode: string | null }
  | { kind: 'pay-by-bank'; message: string; code: string | null; phoneInUse: boolean }
  | { kind: 'identity-verification'; message: string }
  | { kind: 'address-required' }
  | { kind: 'store-disabled' }
  | { kind: 'invalid-promo'; message: string }
  | { kind: 'field'; field: string; message: string }
  | { kind: 'network'; message: string }
  | { kind: 'generic' };

/** The decline message for a card code / sub-code (sub-code first), else the server's text. */
export function declineMessage(
  code: string | null,
  subCode: string | null,
  serverMessage?: string | null,
): string {
  return (
    (subCode ? DECLINE_SUB_CODE_MESSAGES[subCode] : undefined) ??
    (subCode ? CARD_ERROR_MESSAGES[subCode] : undefined) ??
    (code ? CARD_ERROR_MESSAGES[code] : undefined) ??
    (serverMessage && serverMessage.trim()
      ? serverMessage
      : 'Your payment could not be completed. Please try another payment method.')
  );
}

/** The closed-account flow's text of a sub-code, when the answer carried none. */
function closedAccountText(subCode: string): string {
  if (subCode === CANT_COMPLETE_PURCHASE_SUB_CODES.accountClosedAgeRequirement)
    return PAYMENT_TEXTS.accountClosedAgeRequirement;
  if (subCode === CANT_COMPLETE_PURCHASE_SUB_CODES.achAccountInUse) return PAYMENT_TEXTS.achAccountInUse;
  return PAYMENT_TEXTS.accountClosed;
}

const USER_LIMIT_CODES: readonly string[] = [
  WALLET_ERROR_CODES.PURCHASE_LIMIT_DAILY,
  WALLET_ERROR_CODES.PURCHASE_LIMIT_WEEKLY,
  WALLET_ERROR_CODES.PURCHASE_LIMIT_MONTHLY,
];
const PROVIDER_LIMIT_CODES: readonly string[] = [
  PAYMENT_ERROR_CODES.PROVIDER_LIMIT_DAILY,
  PAYMENT_ERROR_CODES.PROVIDER_LIMIT_WEEKLY,
  PAYMENT_ERROR_CODES.PROVIDER_LIMIT_MONTHLY,
];

interface FailureInput {
  status?: number;
  code: string;
  subCode: string | null;
  message: string;
  field?: string | null;
  /** The processor's own code (card_declined, expired_card ...) when the answer carries it. */
  providerCode?: string | null;
}

/** Spec section 8 as a pure function: a failure (HTTP error or failed purchase) -> what to show. */
export function classifyPurchaseFailure(f: FailureInput): PurchaseOutcome {
  const { code, subCode, message } = f;
  if (
    code === CLIENT_ERROR_CODES.NETWORK_ERROR ||
    code === CLIENT_ERROR_CODES.OFFLINE ||
    (f.status !== undefined && f.status >= 500)
  ) {
    return {
      kind: 'network',
      message:
        code === CLIENT_ERROR_CODES.OFFLINE
          ? message
          : 'We could not reach our servers. Nothing new was charged. Please try again.',
    };
  }
  if (USER_LIMIT_CODES.includes(code)) return { kind: 'user-limit', code };
  if (
    PROVIDER_LIMIT_CODES.includes(code) ||
    (subCode !== null &&
      isProviderPurchaseLimitCode(subCode) &&
      code !== PAYMENT_ERROR_CODES.PAY_BY_BANK_ERROR)
  ) {
    return { kind: 'provider-limit', code: subCode && isProviderPurchaseLimitCode(subCode) ? subCode : code };
  }
  switch (code) {
    case PAYMENT_ERROR_CODES.PROMO_PURCHASE_TIME_LOCKED:
      return { kind: 'promo-locked', message: PAYMENT_TEXTS.promoPurchaseTimeLocked };
    case PAYMENT_ERROR_CODES.REPEAT_PURCHASE_CONFIRMATION_REQUIRED:
      return { kind: 'repeat-confirmation' };
    case PAYMENT_ERROR_CODES.PAYMENT_FRAUD:
      return { kind: 'fraud' };
    case PAYMENT_ERROR_CODES.IDENTITY_VERIFICATION_REQUIRED:
      return {
        kind: 'identity-verification',
        message: message || PAYMENT_TEXTS.identityVerificationPurchase,
      };
    case PAYMENT_ERROR_CODES.ADDRESS_REQUIRED:
      return { kind: 'address-required' };
    case PAYMENT_ERROR_CODES.COIN_STORE_DISABLED:
      return { kind: 'store-disabled' };
    case WALLET_ERROR_CODES.INVALID_PROMO_CODE:
      return { kind: 'invalid-promo', message };
    case PAYMENT_ERROR_CODES.PAY_BY_BANK_PHONE_IN_USE:
      return {
        kind: 'pay-by-bank',
        message: PAYMENT_TEXTS.payByBankPhoneInUse,
        code: 'phone_in_use',
        phoneInUse: true,
      };
    case PAYMENT_ERROR_CODES.PAY_BY_BANK_ERROR: {
      const mapped = subCode ? PAY_BY_BANK_ERROR_MESSAGES[subCode] : undefined;
      return {
        kind: 'pay-by-bank',
        message: mapped ?? (message || 'Your bank did not complete the payment.'),
        code: subCode,
        phoneInUse: subCode === 'phone_in_use',
      };
    }
    case PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE: {
      if (subCode && CLOSED_ACCOUNT_SUB_CODES.includes(subCode))
        return { kind: 'closed-account', message: message || closedAccountText(subCode), subCode };
      if (subCode === 'account_locked' || subCode === 'excluded_state') {
        return { kind: 'user-error', message: message || PAYMENT_TEXTS.accountLocked, code, subCode };
      }
      return { kind: 'generic' };
    }
    case PAYMENT_ERROR_CODES.PAYMENT_DECLINED: {
      if (subCode === 'fraudulent') return { kind: 'fraud' };
      return {
        kind: 'declined',
        title: 'Payment Declined',
        message: declineMessage(f.providerCode ?? null, subCode, message),
        code,
        subCode,
        supportLink: false,
      };
    }
    case PAYMENT_ERROR_CODES.PAYMENT_PROVIDER_UNAVAILABLE:
      return { kind: 'network', message: CARD_ERROR_MESSAGES.provider_unavailable ?? message };
    case WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REUSED:
    case WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED:
      // A programming slip, not the player's: show the generic text with the code for support.
      return {
        kind: 'declined',
        title: 'Payment Error',
        message: 'Your payment could not be started. Please try again.',
        code,
        subCode,
        supportLink: true,
      };
    default:
      break;
  }
  if (f.field && f.status === 400) return { kind: 'field', field: f.field, message };
  if (f.status === 400 || f.status === 404 || f.status === 409 || f.status === 422) {
    // Other purchase errors show the server message (spec section 8).
    return {
      kind: 'declined',
      title: 'Payment Error',
      message: message || 'Your payment could not be completed.',
      code,
      subCode,
      supportLink: true,
    };
  }
  return { kind: 'generic' };
}

export function classifyApiError(e: unknown): PurchaseOutcome {
  if (!isApiError(e)) return { kind: 'generic' };
  const sub = typeof e.extra?.sub_code === 'string' ? e.extra.sub_code : null;
  return classifyPurchaseFailure({
    status: e.status,
    code: e.code,
    subCode: sub,
    message: e.message,
    field: e.field,
  });
}

export function classifyFailedResult(error: PurchaseError | null): PurchaseOutcome {
  if (!error) return { kind: 'generic' };
  return classifyPurchaseFailure({
    code: error.code,
    subCode: error.sub_code,
    message: error.message,
    providerCode: error.provider_code ?? null,
  });
}

/** Stores the purchase error the spec's payment state keeps (message, code, subCode). */
export function recordPurchaseError(outcome: PurchaseOutcome): void {
  store.payment.isPurchasing = false;
  store.payment.status = 'failed';
  const pe = store.payment;
  switch (outcome.kind) {
    case 'declined':
      pe.purchaseError = { message: outcome.message, code: outcome.code, subCode: outcome.subCode };
      break;
    case 'user-limit':
    case 'provider-limit':
      pe.purchaseLimitsErrorCode = outcome.code;
      pe.allowedToPurchasePackageId = null;
      pe.purchaseError = {
        message:
          outcome.kind === 'user-limit' ? WALLET_TEXTS.purchaseLimitReached : PAYMENT_TEXTS.providerLimit,
        code: outcome.code,
        subCode: null,
      };
      break;
    case 'pay-by-bank':
      pe.payByBank = { ...pe.payByBank, errorCode: outcome.code };
      pe.purchaseError = {
        message: outcome.message,
        code: PAYMENT_ERROR_CODES.PAY_BY_BANK_ERROR,
        subCode: outcome.code,
      };
      break;
    case 'closed-account':
      pe.purchaseError = {
        message: outcome.message,
        code: PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE,
        subCode: outcome.subCode,
      };
      // The account was closed meanwhile (another device): its session has ended, so the page
      // asks the server for nothing more until the closed-account dialog signs out.
      if (outcome.subCode !== CANT_COMPLETE_PURCHASE_SUB_CODES.achAccountInUse)
        store.session.accountClosed = true;
      break;
    case 'promo-locked':
    case 'identity-verification':
    case 'network':
    case 'invalid-promo':
    case 'field':
      pe.purchaseError = { message: outcome.message, code: outcome.kind, subCode: null };
      break;
    case 'user-error':
      pe.purchaseError = { message: outcome.message, code: outcome.code, subCode: outcome.subCode };
      break;
    default:
      pe.purchaseError = null;
  }
}

// ---------------------------------------------------------------- dialogs that answer
export { openDialogForResult } from './dialog-actions.ts';

// ---------------------------------------------------------------- purchase limit check
/**
 * The purchase limit check before paying (spec section 7). Allowed: remembers the package for
 * pay-now's guard. Refused: stores the limit error code (spec section 8).
 */
export async function checkPurchaseLimit(packageId: string): Promise<PurchaseLimitCheckResponse> {
  const answer = await api.post(
    WALLET_API_PATHS.purchaseLimitCheck,
    { package_id: packageId },
    PurchaseLimitCheckResponseSchema,
    {
      handleErrors: false,
    },
  );
  if (answer.allowed) {
    store.payment.allowedToPurchasePackageId = packageId;
    store.payment.purchaseLimitsErrorCode = null;
  } else {
    store.payment.allowedToPurchasePackageId = null;
    store.payment.purchaseLimitsErrorCode = answer.error_code;
  }
  return answer;
}
