/**
 * Purchases (table purchases): the checks before paying, the purchase row, what each provider
 * observation (create answer, status check, webhook) does to it, and the answer shape.
 *
 * Exactly-once crediting: every observation goes through `applyObservation` inside a transaction
 * that locks the purchase row (FOR UPDATE). Only the first observation of success moves the row
 * to 'succeeded' and calls the wallet's creditPurchase in that same transaction; any later one
 * (the webhook after a status check, or the reverse, or a replayed event) finds it final and
 * changes nothing. creditPurchase is itself idempotent on the purchase id as a second guard.
 */
import { assertMayAct } from '../../core/play-gate.ts';
import { withIdentityRequirement } from '../kyc/public.ts';
import { randomUUID } from 'node:crypto';
import {
  CANT_COMPLETE_PURCHASE_SUB_CODES,
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
  PROVIDER_PURCHASE_LIMIT_CODES,
  type PurchaseError,
  type PurchaseResult,
  type PurchaseStatus,
} from '../../../src/contract/payments.ts';
import {
  PAY_BY_BANK_ERROR_MESSAGES,
  cardErrorMessage,
} from '../../../src/contract/payment-error-messages.ts';
import { PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import { TIMINGS } from '../../../src/contract/constants.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError, type ApiErrorCode } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import type {
  ProcessorError,
  ProcessorPaymentIntent,
} from '../../providers/card-processor/card-processor.ts';
import type { BankPayment } from '../../providers/pay-by-bank/pay-by-bank.ts';
import { readProperties } from '../../core/properties.ts';
import { readProhibitedStatesValue } from '../../core/sweeps-eligibility.ts';
import {
  UNSETTLED_PURCHASE_STATUSES,
  lockPlayerPurchases,
  purchaseLimitError,
} from '../purchase-limits/public.ts';
import {
  assertCoinStoreEnabled,
  findPackage,
  packageNotFound,
  sweepsEligibility,
  type PackageRow,
} from '../store/public.ts';
import { settleReferralOnFirstPurchase } from '../referrals/public.ts';
import { readBalances } from '../../core/ledger/balances.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import {
  checkPurchaseLimits,
  checkPurchasePromo,
  creditPurchase,
  promoSettingsOf,
} from './purchase-credit.ts';
import { hasBillingAddress, prohibitedStates } from './address.ts';
import { assertAccountOpen, markRefundDue, settlementRefusal } from './settlement-refusals.ts';
import {
  planFunding,
  redeemableCents,
  returnAppliedBalance,
  takeAppliedBalance,
  type Funding,
} from './purchase-funding.ts';

/** Waits the client is told to keep between status checks. */
export const CHECK_AFTER_MS = { processing: 1_000, requires_action: 2_000 } as const;
const DAY_MS = 24 * 3600_000;
/** The identity-verification threshold counts successful purchases of the last 30 days. */
export const IDV_WINDOW_DAYS = 30;

export interface PurchaseRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  package_id: string;
  method: 'card' | 'pay_by_bank';
  status: PurchaseStatus;
  amount_usd_cents: number;
  gold_coins: number | string;
  sweeps_cents: number | string;
  sweeps_withheld: boolean;
  promo_code: string | null;
  provider: string;
  request_key: string;
  provider_reference: string | null;
  saved_card_id: string | null;
  payment_method_id: string | null;
  save_card: boolean;
  card_brand: string | null;
  card_last4: string | null;
  phone: string | null;
  three_d_secure_url: string | null;
  authorization_url: string | null;
  error_code: string | null;
  error_sub_code: string | null;
  error_message: string | null;
  is_first_purchase: boolean;
  created_at: Date | string;
  credited_at: Date | string | null;
  /** Pay-by-bank: the bank account the payment was authorised from (./settlement-refusals.ts). */
  bank_account_id: string | null;
  /** A payment taken but refused (closed account, bank account of another player): give it back. */
  refund_due_at: Date | string | null;
  refunded_at: Date | string | null;
  /** Part of the price paid from the cash balance, and the redeemable Sweeps it took (cents). */
  balance_applied_usd_cents: number;
  balance_applied_sweeps_cents: number | string;
  /** The ledger entry that took the balance; null when none or given back (failed). */
  balance_entry_id: number | string | null;
  card_fee_usd_cents: number;
  /** What the provider is asked for: price - balance applied + card fee. */
  charge_usd_cents: number;
}

const paymentError = (
  status: 400 | 403 | 404 | 409 | 503,
  code: ApiErrorCode,
  message: string,
  field: string | null = null,
  extra: Record<string, unknown> | null = null,
) => new ApiError(status, code, message, field, extra);

export const cantCompletePurchase = (subCode: string, message: string) =>
  paymentError(403, PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE, message, null, { sub_code: subCode });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (s: string): boolean => UUID.test(s);

interface UserForPurchase {
  [key: string]: unknown;
  id: string;
  email: string;
  state_or_province: string;
  address_line_1: string | null;
  city: string | null;
  phone: string | null;
  identity_verified_at: Date | string | null;
}

export async function loadPurchaser(db: Queryable, userId: string): Promise<UserForPurchase> {
  const rows = await db.query<UserForPurchase>(
    'SELECT id, email, state_or_province, address_line_1, city, phone, identity_verified_at FROM users WHERE id = $1',
    [userId],
  );
  if (!rows[0]) throw paymentError(403, PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE, 'Please sign in again.');
  return rows[0];
}

export interface Prechecked {
  user: UserForPurchase;
  pkg: PackageRow;
  sweepsCents: number;
  sweepsWithheld: boolean;
  promoCode: string | null;
}

export interface PurchaseInput {
  package_id: string;
  promo_code?: string | null;
  confirm_repeat?: boolean;
  /** cashBalanceToApplyUSD: USD of the cash balance to pay with (docs/payments.md). */
  apply_balance_usd?: number;
}

/**
 * Every rule before money moves, in the order the player meets them: store open, account not
 * locked, package on sale, billing address on file, state allowed, own purchase limits, identity
 * verification threshold, repeat purchase within 5 minutes, promo code usable. Purchases still
 * being paid count in the limits and the threshold (they hold their amount until they fail).
 * Runs inside `reservePurchase`, whose transaction holds the player's purchase lock.
 */
export async function precheckPurchase(
  db: Queryable,
  deps: AppDeps,
  userId: string,
  input: PurchaseInput,
): Promise<Prechecked> {
  const now = deps.now();
  // First: a closed account meets the closed-account flow whatever else is true (seen under the
  // player's row lock, so a close that committed before this purchase is never missed).
  await assertAccountOpen(db, userId);
  await assertCoinStoreEnabled(db);
  await assertMayAct(db, userId, 'purchase', now);
  const locks = await db.query('SELECT 1 FROM payment_account_locks WHERE user_id = $1', [userId]);
  if (locks.length > 0)
    throw cantCompletePurchase(CANT_COMPLETE_PURCHASE_SUB_CODES.accountLocked, PAYMENT_TEXTS.accountLocked);
  const user = await loadPurchaser(db, userId);
  const pkg = await findPackage(db, input.package_id, now);
  if (!pkg) throw packageNotFound();
  if (!hasBillingAddress(user))
    throw paymentError(409, PAYMENT_ERROR_CODES.ADDRESS_REQUIRED, PAYMENT_TEXTS.addressRequired);
  const prohibited = await prohibitedStates(db);
  if (prohibited.includes(user.state_or_province.toUpperCase()))
    throw cantCompletePurchase(
      CANT_COMPLETE_PURCHASE_SUB_CODES.excludedState,
      PAYMENT_TEXTS.prohibitedState.replace('{state}', user.state_or_province),
    );
  const limit = await checkPurchaseLimits(db, userId, pkg.price_usd_cents, now);
  if (limit) throw purchaseLimitError(limit);

  if (!user.identity_verified_at) {
    const props = await readProperties(db, [PROPERTY_NAMES.monthlyPurchaseThresholdForIdv], {});
    const thresholdUsd = Number(props[0]?.value);
    if (Number.isFinite(thresholdUsd) && thresholdUsd > 0) {
      const rows = await db.query<{ total: number | string | null }>(
        `SELECT COALESCE(sum(amount_usd_cents), 0) AS total FROM purchases
          WHERE user_id = $1
            AND ((status = 'succeeded' AND credited_at > $2) OR (status = ANY($3::text[]) AND created_at > $2))`,
        [userId, new Date(now - IDV_WINDOW_DAYS * DAY_MS).toISOString(), [...UNSETTLED_PURCHASE_STATUSES]],
      );
      const used = Number(rows[0]?.total ?? 0);
      if (used + pkg.price_usd_cents > Math.round(thresholdUsd * 100)) {
        throw paymentError(
          403,
          PAYMENT_ERROR_CODES.IDENTITY_VERIFICATION_REQUIRED,
          PAYMENT_TEXTS.identityVerificationPurchase,
          null,
          {
            threshold_usd: thresholdUsd,
            purchased_usd: used / 100,
            window_days: IDV_WINDOW_DAYS,
          },
        );
      }
    }
  }

  if (!input.confirm_repeat) {
    const recent = await db.query<{ id: string; status: string; created_at: Date | string }>(
      `SELECT id, status, created_at FROM purchases WHERE user_id = $1 AND package_id = $2 AND status IN ('succeeded', 'processing')
         AND created_at > $3 ORDER BY created_at DESC LIMIT 1`,
      [userId, pkg.id, new Date(now - TIMINGS.repeatPurchaseWindowMs).toISOString()],
    );
    if (recent[0])
      throw paymentError(
        409,
        PAYMENT_ERROR_CODES.REPEAT_PURCHASE_CONFIRMATION_REQUIRED,
        PAYMENT_TEXTS.repeatPurchase,
        null,
        {
          package_id: pkg.id,
          last_purchase_at: new Date(recent[0].created_at).toISOString(),
          // The earlier purchase itself, so an app whose answer to it was lost can show its outcome
          // (GET its status) before asking the player to buy again.
          last_purchase_id: recent[0].id,
          last_purchase_status: recent[0].status,
        },
      );
  }

  let promoCode: string | null = null;
  if (input.promo_code && input.promo_code.trim()) {
    // Inside the reservation (player locked; the code row too when it has a total): the purchase
    // stored below claims the promotion before the card is charged (docs/payments.md).
    const grant = await checkPurchasePromo(
      db,
      { userId, code: input.promo_code, nowMs: now, lockIfCapped: true },
      promoSettingsOf(deps.config),
    );
    promoCode = grant.code;
  }
  const eligibility = sweepsEligibility(
    deps.config,
    user.state_or_province,
    await readProhibitedStatesValue(db),
  );
  const packageSweeps = Number(pkg.sweeps_cents);
  return {
    user,
    pkg,
    sweepsCents: eligibility.eligible ? packageSweeps : 0,
    // Gold-only mode withholds nothing: no package carries Sweeps there.
    sweepsWithheld: !eligibility.eligible && !eligibility.goldOnly && packageSweeps > 0,
    promoCode,
  };
}

export async function findPurchaseByRequestKey(
  db: Queryable,
  requestKey: string,
): Promise<PurchaseRow | null> {
  const rows = await db.query<PurchaseRow>('SELECT * FROM purchases WHERE request_key = $1', [requestKey]);
  return rows[0] ?? null;
}

export interface PurchaseFields {
  method: 'card' | 'pay_by_bank';
  provider: string;
  requestKey: string;
  savedCardId?: string | null;
  paymentMethodId?: string | null;
  saveCard?: boolean;
  phone?: string | null;
  /** The player chose to pay with the cash balance alone: refused unless it covers the price. */
  balanceOnly?: boolean;
}

/**
 * Checks and stores a new purchase as one step per player: the checks count the purchases
 * already stored (credited or still being paid), so the insert must not race another purchase
 * of the same player. One READ COMMITTED transaction holds the player's purchase lock from the
 * first check to the insert; a second purchase waits for it and then sees the first one's hold.
 * `complete` runs the method's own checks (saved card, phone) and answers its fields.
 */
export async function reservePurchase(
  deps: AppDeps,
  userId: string,
  input: PurchaseInput,
  complete: (tx: Queryable, pre: Prechecked) => Promise<PurchaseFields>,
): Promise<PurchaseRow> {
  try {
    return await walletTransaction(deps.db, userId, async (tx) => {
      if (!(await lockPlayerPurchases(tx, userId)))
        throw paymentError(403, PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE, 'Please sign in again.');
      const pre = await precheckPurchase(tx, deps, userId, input);
      const fields = await complete(tx, pre);
      const funding = await planFunding(tx, {
        userId,
        priceCents: pre.pkg.price_usd_cents,
        method: fields.method,
        applyBalanceUsd: input.apply_balance_usd,
        goldOnly: deps.config.goldOnly,
        lock: true,
      });
      if (fields.balanceOnly && funding.chargeCents > 0)
        throw paymentError(
          400,
          PAYMENT_ERROR_CODES.CASH_BALANCE_INSUFFICIENT,
          PAYMENT_TEXTS.cashBalanceNotCovering,
          'payment_method',
        );
      let row = await insertPurchase(tx, deps, pre, fields, funding);
      if (row.balance_applied_usd_cents > 0 && row.status === 'processing' && row.balance_entry_id === null)
        await takeAppliedBalance(tx, {
          purchaseId: row.id,
          userId,
          sweepsCents: Number(row.balance_applied_sweeps_cents),
          label: pre.pkg.name,
          createdAt: new Date(deps.now()).toISOString(),
        });
      // Nothing to charge: the balance paid it all, so the purchase is credited now, with it.
      if (row.charge_usd_cents === 0 && row.status === 'processing')
        row = (await applyObservation(tx, deps, row.id, { status: 'succeeded' })) ?? row;
      return row;
    });
  } catch (error) {
    // The threshold refusal marks the player required after the purchase's transaction rolled back.
    throw await withIdentityRequirement(deps, userId, error);
  }
}

export async function insertPurchase(
  db: Queryable,
  deps: AppDeps,
  p: Prechecked,
  fields: PurchaseFields,
  funding: Pick<Funding, 'appliedUsdCents' | 'appliedSweepsCents' | 'cardFeeCents' | 'chargeCents'> = {
    appliedUsdCents: 0,
    appliedSweepsCents: 0,
    cardFeeCents: 0,
    chargeCents: p.pkg.price_usd_cents,
  },
): Promise<PurchaseRow> {
  const now = new Date(deps.now()).toISOString();
  const rows = await db.query<PurchaseRow>(
    `INSERT INTO purchases (id, user_id, package_id, method, status, amount_usd_cents, gold_coins, sweeps_cents, sweeps_withheld,
       promo_code, provider, request_key, saved_card_id, payment_method_id, save_card, phone, created_at, updated_at,
       balance_applied_usd_cents, balance_applied_sweeps_cents, card_fee_usd_cents, charge_usd_cents)
     VALUES ($1, $2, $3, $4, 'processing', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $16, $17, $18, $19, $20)
     ON CONFLICT (request_key) DO NOTHING RETURNING *`,
    [
      randomUUID(),
      p.user.id,
      p.pkg.id,
      fields.method,
      p.pkg.price_usd_cents,
      Number(p.pkg.gold_coins),
      p.sweepsCents,
      p.sweepsWithheld,
      p.promoCode,
      fields.provider,
      fields.requestKey,
      fields.savedCardId ?? null,
      fields.paymentMethodId ?? null,
      fields.saveCard ?? false,
      fields.phone ?? null,
      now,
      funding.appliedUsdCents,
      funding.appliedSweepsCents,
      funding.cardFeeCents,
      funding.chargeCents,
    ],
  );
  return rows[0] ?? ((await findPurchaseByRequestKey(db, fields.requestKey)) as PurchaseRow);
}

// -------------------------------------------------------------------------------------------
// Observations from the providers

export interface Observation {
  status: PurchaseStatus;
  providerReference?: string;
  /** What the provider says was asked for: checked against the purchase before anything changes. */
  amountCents?: number;
  currency?: string;
  /** The purchase id the provider's object carries in its metadata (absent: not checked). */
  purchaseId?: string;
  threeDSecureUrl?: string | null;
  authorizationUrl?: string | null;
  card?: { brand: string; last4: string } | null;
  paymentMethodId?: string | null;
  error?: PurchaseError | null;
  /** Pay-by-bank: the bank account the player authorised the payment from. */
  bankAccount?: { id: string; last4: string } | null;
}

/** Card processor error -> the purchase error the player sees (spec section 8). */
export function cardPurchaseError(e: ProcessorError): PurchaseError {
  const limitCodes: Record<string, string> = {
    [String(PROVIDER_PURCHASE_LIMIT_CODES.daily)]: PAYMENT_ERROR_CODES.PROVIDER_LIMIT_DAILY,
    [String(PROVIDER_PURCHASE_LIMIT_CODES.weekly)]: PAYMENT_ERROR_CODES.PROVIDER_LIMIT_WEEKLY,
    [String(PROVIDER_PURCHASE_LIMIT_CODES.monthly)]: PAYMENT_ERROR_CODES.PROVIDER_LIMIT_MONTHLY,
  };
  if (e.code === 'purchase_limit' && e.decline_code && limitCodes[e.decline_code])
    return {
      code: limitCodes[e.decline_code]!,
      sub_code: e.decline_code,
      message: PAYMENT_TEXTS.providerLimit,
      provider_code: e.code,
    };
  if (e.decline_code === 'fraudulent')
    return {
      code: PAYMENT_ERROR_CODES.PAYMENT_FRAUD,
      sub_code: 'fraudulent',
      message: PAYMENT_TEXTS.paymentFraud,
      provider_code: e.code,
    };
  return {
    code: PAYMENT_ERROR_CODES.PAYMENT_DECLINED,
    sub_code: e.decline_code ?? e.code,
    message: cardErrorMessage(e.code, e.decline_code),
    provider_code: e.code,
  };
}

export function observeIntent(pi: ProcessorPaymentIntent): Observation {
  const card = pi.payment_method
    ? { brand: pi.payment_method.card.brand, last4: pi.payment_method.card.last4 }
    : null;
  const base = {
    providerReference: pi.id,
    amountCents: pi.amount,
    currency: pi.currency,
    purchaseId: pi.metadata?.purchase_id,
    card,
    paymentMethodId: pi.payment_method?.id ?? null,
  };
  switch (pi.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded' };
    case 'processing':
      return { ...base, status: 'processing' };
    case 'requires_action':
      return { ...base, status: 'requires_action', threeDSecureUrl: pi.next_action?.redirect_url ?? null };
    default:
      return {
        ...base,
        status: 'failed',
        error: cardPurchaseError(
          pi.last_payment_error ?? {
            code: 'card_declined',
            decline_code: 'generic_decline',
            message: 'Declined',
          },
        ),
      };
  }
}

export function observeBankPayment(p: BankPayment): Observation {
  // Pay-by-bank payments are in USD only.
  const base = {
    providerReference: p.id,
    amountCents: p.amount,
    currency: 'usd',
    purchaseId: p.metadata?.purchase_id,
    bankAccount: p.bank_account ?? null,
  };
  switch (p.status) {
    case 'succeeded':
      return { ...base, status: 'succeeded' };
    case 'processing':
      return { ...base, status: 'processing' };
    case 'pending_authorization':
      return { ...base, status: 'requires_action', authorizationUrl: p.authorization_url };
    case 'refunded':
      // Given back to the payer (a refused payment, or by the bank): never credited.
      return {
        ...base,
        status: 'failed',
        error: {
          code: PAYMENT_ERROR_CODES.PAY_BY_BANK_ERROR,
          sub_code: 'refunded',
          message: 'This payment was returned to your bank account.',
          provider_code: 'refunded',
        },
      };
    default: {
      const code = p.error_code ?? 'bank_unavailable';
      return {
        ...base,
        status: 'failed',
        error: {
          code: PAYMENT_ERROR_CODES.PAY_BY_BANK_ERROR,
          sub_code: code,
          message:
            PAY_BY_BANK_ERROR_MESSAGES[code] ??
            'Your bank could not complete this payment. Nothing was charged.',
          provider_code: code,
        },
      };
    }
  }
}

/**
 * Why an observation cannot be about this purchase, or null when it can: another provider object
 * than the one stored on the purchase, another purchase id in its metadata, another amount or
 * currency. Such an observation changes nothing, whoever reports it.
 */
export function observationMismatch(row: PurchaseRow, o: Observation): string | null {
  if (o.providerReference && row.provider_reference && o.providerReference !== row.provider_reference)
    return 'provider_reference';
  if (o.purchaseId !== undefined && o.purchaseId !== row.id) return 'purchase_id';
  if (o.amountCents !== undefined && o.amountCents !== row.charge_usd_cents) return 'amount';
  if (o.currency !== undefined && o.currency.toLowerCase() !== 'usd') return 'currency';
  return null;
}

/**
 * Applies one observation to a purchase inside the caller's transaction (row locked). Final
 * states never change, with one exception: a purchase failed only because the provider did not
 * answer may still turn out paid, and is then credited (no paid coin is ever withheld). An
 * observation that does not match the purchase (observationMismatch) is logged and ignored.
 */
export async function applyObservation(
  tx: Queryable,
  deps: AppDeps,
  purchaseId: string,
  o: Observation,
): Promise<PurchaseRow | null> {
  const rows = await tx.query<PurchaseRow>('SELECT * FROM purchases WHERE id = $1 FOR UPDATE', [purchaseId]);
  const row = rows[0];
  if (!row) return null;
  const mismatch = observationMismatch(row, o);
  if (mismatch) {
    deps.logger.error('payment observation does not match its purchase: ignored', {
      purchase_id: row.id,
      mismatch,
      provider_reference: o.providerReference ?? null,
    });
    return row;
  }
  const now = new Date(deps.now()).toISOString();
  const reopenable =
    row.status === 'failed' && row.error_sub_code === 'provider_unavailable' && o.status === 'succeeded';
  if ((row.status === 'succeeded' || row.status === 'failed') && !reopenable) return row;
  // Money taken that must not be credited (closed account, another player's bank account): the
  // purchase fails like a declined payment and the payment is given back (./refunds.ts).
  const refused = await settlementRefusal(tx, row, o, now);
  if (refused) {
    await markRefundDue(tx, row.id, now);
    o = refused;
  }

  if (o.status === 'succeeded') {
    const first = await tx.query(
      `SELECT 1 FROM purchases WHERE user_id = $1 AND status = 'succeeded' LIMIT 1`,
      [row.user_id],
    );
    const pkg = await tx.query<{ name: string }>('SELECT name FROM coin_packages WHERE id = $1', [
      row.package_id,
    ]);
    if (reopenable && Number(row.balance_applied_sweeps_cents) > 0 && row.balance_entry_id === null)
      await retakeAppliedBalance(tx, deps, row);
    await creditPurchase(tx, {
      userId: row.user_id,
      purchaseId: row.id,
      amountUsdCents: row.amount_usd_cents,
      goldCoins: Number(row.gold_coins),
      sweepsCents: Number(row.sweeps_cents),
      promoCode: row.promo_code,
      packageLabel: pkg[0]?.name,
      nowMs: deps.now(),
      promoSettings: promoSettingsOf(deps.config),
    });
    // Same transaction: the referral reward commits or rolls back with the first purchase credit.
    if (first.length === 0)
      await settleReferralOnFirstPurchase(
        tx,
        { friendId: row.user_id, purchaseId: row.id, nowMs: deps.now() },
        { goldOnly: deps.config.goldOnly },
      );
    // first_purchase_name (spec section 3, User): the package of the player's first purchase, once.
    if (first.length === 0 && pkg[0]?.name)
      await tx.query(
        'UPDATE users SET first_purchase_name = $2 WHERE id = $1 AND first_purchase_name IS NULL',
        [row.user_id, pkg[0].name],
      );
    const pmId = o.paymentMethodId ?? row.payment_method_id;
    if (row.save_card && pmId && o.card) await saveCardRow(tx, row.user_id, row.provider, pmId, o.card);
    const updated = await tx.query<PurchaseRow>(
      `UPDATE purchases SET status = 'succeeded', credited_at = $2, updated_at = $2, is_first_purchase = $3,
         provider_reference = COALESCE(provider_reference, $4), card_brand = COALESCE($5, card_brand), card_last4 = COALESCE($6, card_last4),
         error_code = NULL, error_sub_code = NULL, error_message = NULL, three_d_secure_url = NULL, authorization_url = NULL
       WHERE id = $1 RETURNING *`,
      [
        row.id,
        now,
        first.length === 0,
        o.providerReference ?? null,
        o.card?.brand ?? null,
        o.card?.last4 ?? null,
      ],
    );
    return updated[0] ?? row;
  }
  const updated = await tx.query<PurchaseRow>(
    `UPDATE purchases SET status = $2, updated_at = $3, provider_reference = COALESCE(provider_reference, $4),
       three_d_secure_url = $5, authorization_url = $6, card_brand = COALESCE($7, card_brand), card_last4 = COALESCE($8, card_last4),
       payment_method_id = COALESCE(payment_method_id, $9),
       error_code = $10, error_sub_code = $11, error_message = $12
     WHERE id = $1 RETURNING *`,
    [
      row.id,
      o.status,
      now,
      o.providerReference ?? null,
      o.status === 'requires_action' ? (o.threeDSecureUrl ?? row.three_d_secure_url) : null,
      o.status === 'requires_action' ? (o.authorizationUrl ?? row.authorization_url) : null,
      o.card?.brand ?? null,
      o.card?.last4 ?? null,
      o.paymentMethodId ?? null,
      o.error?.code ?? null,
      o.error?.sub_code ?? null,
      o.error?.message ?? null,
    ],
  );
  // A failed purchase gives the balance it applied back, in the transaction that marks it failed.
  if (o.status === 'failed') await returnAppliedBalance(tx, row, `purchase ${row.id} not paid`, now);
  return updated[0] ?? row;
}

/**
 * A purchase failed because the provider did not answer (its balance given back) turned out paid:
 * it takes the balance again when the player still has it. When not (spent since), the paid coins
 * are still credited, as for any paid purchase, and the shortfall is logged for an operator.
 */
async function retakeAppliedBalance(tx: Queryable, deps: AppDeps, row: PurchaseRow): Promise<void> {
  const sweepsCents = Number(row.balance_applied_sweeps_cents);
  if ((await redeemableCents(tx, row.user_id, true)) >= sweepsCents) {
    await takeAppliedBalance(tx, {
      purchaseId: row.id,
      userId: row.user_id,
      sweepsCents,
      label: row.package_id,
      createdAt: new Date(deps.now()).toISOString(),
      again: true,
    });
    return;
  }
  deps.logger.error('paid purchase could not take its applied cash balance again: credited anyway', {
    purchase_id: row.id,
    user_id: row.user_id,
    balance_applied_sweeps_cents: sweepsCents,
  });
}

/** Stores a card of this player (no-op when already stored); the first card becomes the default. */
export async function saveCardRow(
  tx: Queryable,
  userId: string,
  provider: string,
  paymentMethodId: string,
  card: { brand: string; last4: string; exp_month?: number; exp_year?: number },
  makeDefault = false,
): Promise<string> {
  const existing = await tx.query<{ id: string; user_id: string; deleted_at: unknown }>(
    'SELECT id, user_id, deleted_at FROM saved_cards WHERE payment_method_id = $1',
    [paymentMethodId],
  );
  let id = existing[0]?.id;
  if (!id) {
    const defaults = await tx.query(
      'SELECT 1 FROM saved_cards WHERE user_id = $1 AND is_default AND deleted_at IS NULL',
      [userId],
    );
    if (makeDefault && defaults.length > 0)
      await tx.query(
        'UPDATE saved_cards SET is_default = false WHERE user_id = $1 AND is_default AND deleted_at IS NULL',
        [userId],
      );
    const rows = await tx.query<{ id: string }>(
      `INSERT INTO saved_cards (user_id, provider, payment_method_id, brand, last4, exp_month, exp_year, is_default)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
      [
        userId,
        provider,
        paymentMethodId,
        card.brand,
        card.last4,
        card.exp_month ?? 12,
        card.exp_year ?? new Date().getUTCFullYear() + 1,
        makeDefault || defaults.length === 0,
      ],
    );
    id = rows[0]!.id;
  }
  return id;
}

// -------------------------------------------------------------------------------------------
// Answers

const iso = (v: Date | string): string => new Date(v).toISOString();

export async function toPurchaseResult(db: Queryable, row: PurchaseRow): Promise<PurchaseResult> {
  const status = row.status;
  return {
    purchase_id: row.id,
    method: row.method,
    status,
    package_id: row.package_id,
    amount_usd: row.amount_usd_cents / 100,
    quantity_gld: Number(row.gold_coins),
    quantity_ghc: Number(row.sweeps_cents) / 100,
    promo_code: row.promo_code,
    three_d_secure_url: status === 'requires_action' ? row.three_d_secure_url : null,
    authorization_url: status === 'requires_action' ? row.authorization_url : null,
    check_after_ms:
      status === 'processing'
        ? CHECK_AFTER_MS.processing
        : status === 'requires_action'
          ? CHECK_AFTER_MS.requires_action
          : 0,
    error:
      status === 'failed' && row.error_code
        ? {
            code: row.error_code,
            sub_code: row.error_sub_code,
            message: row.error_message ?? '',
            provider_code: null,
          }
        : null,
    balances: status === 'succeeded' ? await readBalances(db, row.user_id) : null,
    is_first_purchase: row.is_first_purchase,
    card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    created_at: iso(row.created_at),
    balance_applied_usd: Number(row.balance_applied_usd_cents) / 100,
    card_fee_usd: Number(row.card_fee_usd_cents) / 100,
    charged_usd: Number(row.charge_usd_cents) / 100,
  };
}

export async function findOwnPurchase(
  db: Queryable,
  userId: string,
  purchaseId: string,
  method: 'card' | 'pay_by_bank',
) {
  if (!isUuid(purchaseId)) return null;
  const rows = await db.query<PurchaseRow>(
    'SELECT * FROM purchases WHERE id = $1 AND user_id = $2 AND method = $3',
    [purchaseId, userId, method],
  );
  return rows[0] ?? null;
}

export const purchaseNotFound = () =>
  paymentError(404, PAYMENT_ERROR_CODES.PURCHASE_NOT_FOUND, 'No such purchase.', 'purchase_id');

export const providerUnavailable = () =>
  paymentError(
    503,
    PAYMENT_ERROR_CODES.PAYMENT_PROVIDER_UNAVAILABLE,
    'The payment service is not answering. Nothing was charged. Please try again in a moment with the same request.',
  );

export { paymentError };
