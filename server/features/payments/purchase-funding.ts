/**
 * How a purchase's price is paid: part (or all) from the player's cash balance, the rest charged
 * to the card or the bank, plus the card fee the operator passes through (docs/payments.md, "Card
 * fee" and "Cash balance applied to a purchase").
 *
 * - The cash balance is the player's redeemable Sweeps (won in play, the only coins with a prize
 *   value) at the redemption rate (redemption_values.redeemable_sweeps_coins_per_usd), in whole
 *   cents rounded down. Unplayed Sweeps (paid, free) have no cash value and are never applied.
 * - The card fee is card_fee_percent of what the card is charged (price minus the balance applied),
 *   rounded to the cent; pay-by-bank and a purchase the balance pays in full carry none.
 * - The balance leaves the account when the purchase is reserved (ledger entry kind 'purchase',
 *   bucket redeemable, key `purchase:<id>:balance:sweeps:redeemable`), in the reservation's
 *   transaction, under the player's purchase lock; the CHECK on wallet_balances refuses an
 *   overdraft, so two purchases spending the same balance cannot both take it. A purchase that
 *   fails gets it back (a reversal of that entry), in the transaction that marks it failed.
 */
import { PAYMENT_ERROR_CODES, PAYMENT_TEXTS } from '../../../src/contract/payments.ts';
import { PROPERTY_DEFAULTS, PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import { parseRedemptionValues } from '../../../src/contract/redemption.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { readProperties } from '../../core/properties.ts';
import { displayToCents } from '../../core/ledger/money.ts';
import { InsufficientFundsError, postLedgerEntry } from '../../core/ledger/ledger.ts';
import { reverseEntry } from '../../core/ledger/coin-rules.ts';

export type FundingMethod = 'card' | 'pay_by_bank';

/**
 * The smallest charge each provider takes (the sandboxes' minimums, as real processors have):
 * a rest below it cannot be charged, so the balance pays all or leaves at least this much.
 */
export const MINIMUM_CHARGE_CENTS: Readonly<Record<FundingMethod, number>> = { card: 50, pay_by_bank: 100 };

export interface Funding {
  priceCents: number;
  /** The cash balance the player may apply now, USD cents. */
  cashBalanceCents: number;
  appliedUsdCents: number;
  /** Redeemable Sweeps (cents) the applied part takes from the account. */
  appliedSweepsCents: number;
  /** The most the player may apply now: the whole price, or what leaves the provider's minimum. */
  maxApplyCents: number;
  cardFeePercent: number;
  cardFeeCents: number;
  /** price - applied + fee: what the provider is asked for (0 = nothing). */
  chargeCents: number;
}

/** The operator's card fee in percent (0 when unset or not a number from 0 to 10). */
export async function readCardFeePercent(db: Queryable): Promise<number> {
  const props = await readProperties(db, [PROPERTY_NAMES.cardFeePercent], {});
  const value = Number(props[0]?.value ?? '0');
  return Number.isFinite(value) && value > 0 && value <= 10 ? value : 0;
}

/** The fee on a card charge of `cents`: percent of it, to the nearest cent (half up). */
export const cardFeeCentsOf = (cents: number, percent: number): number =>
  percent > 0 && cents > 0 ? Math.round((cents * Math.round(percent * 100)) / 10_000) : 0;

async function sweepsPerUsd(db: Queryable): Promise<number> {
  const props = await readProperties(db, [PROPERTY_NAMES.redemptionValues], {});
  return parseRedemptionValues(props[0]?.value, PROPERTY_DEFAULTS.redemption_values).sweepsPerUsd;
}

/** Redeemable Sweeps cents; `lock` holds the player's Sweeps rows until the transaction ends. */
export async function redeemableCents(db: Queryable, userId: string, lock: boolean): Promise<number> {
  const rows = await db.query<{ bucket: string; amount_minor: number | string }>(
    `SELECT bucket, amount_minor FROM wallet_balances WHERE user_id = $1 AND currency = 'sweeps'${lock ? ' FOR UPDATE' : ''}`,
    [userId],
  );
  return Number(rows.find((r) => r.bucket === 'redeemable')?.amount_minor ?? 0);
}

const invalidAmount = () =>
  new ApiError(
    400,
    PAYMENT_ERROR_CODES.INVALID_CASH_BALANCE_AMOUNT,
    PAYMENT_TEXTS.cashBalanceInvalid,
    'apply_balance_usd',
  );

const belowMinimum = (method: FundingMethod, maxApplyCents: number) =>
  new ApiError(
    400,
    PAYMENT_ERROR_CODES.INVALID_CASH_BALANCE_AMOUNT,
    PAYMENT_TEXTS.cashBalanceRestTooSmall.replace(
      '{minimum}',
      (MINIMUM_CHARGE_CENTS[method] / 100).toFixed(2),
    ),
    'apply_balance_usd',
    { max_apply_usd: maxApplyCents / 100, minimum_charge_usd: MINIMUM_CHARGE_CENTS[method] / 100 },
  );

const insufficient = (cashBalanceCents: number | null) =>
  new ApiError(
    409,
    PAYMENT_ERROR_CODES.CASH_BALANCE_INSUFFICIENT,
    PAYMENT_TEXTS.cashBalanceInsufficient,
    'apply_balance_usd',
    cashBalanceCents === null ? null : { cash_balance_usd: cashBalanceCents / 100 },
  );

/**
 * The split of a price between the cash balance and the card or bank, and the card fee. Refuses
 * an amount that is not USD with 2 decimals, negative or above the price (400), or above the cash
 * balance (409). In gold-only mode nobody has a cash balance.
 */
export async function planFunding(
  db: Queryable,
  input: {
    userId: string;
    priceCents: number;
    method: FundingMethod;
    applyBalanceUsd?: number | null;
    goldOnly: boolean;
    lock: boolean;
  },
): Promise<Funding> {
  const requested = input.applyBalanceUsd ?? 0;
  const appliedUsdCents = displayToCents(requested);
  if (appliedUsdCents === null || appliedUsdCents < 0 || appliedUsdCents > input.priceCents)
    throw invalidAmount();
  const rate = await sweepsPerUsd(db);
  const redeemable = input.goldOnly ? 0 : await redeemableCents(db, input.userId, input.lock);
  const cashBalanceCents = Math.floor(redeemable / rate + 1e-9);
  const appliedSweepsCents = Math.ceil(appliedUsdCents * rate - 1e-9);
  if (appliedUsdCents > cashBalanceCents || appliedSweepsCents > redeemable)
    throw insufficient(cashBalanceCents);
  const minimum = MINIMUM_CHARGE_CENTS[input.method];
  const maxApplyCents =
    cashBalanceCents >= input.priceCents
      ? input.priceCents
      : Math.max(0, Math.min(cashBalanceCents, input.priceCents - minimum));
  const rest = input.priceCents - appliedUsdCents;
  if (rest > 0 && rest < minimum && appliedUsdCents > 0) throw belowMinimum(input.method, maxApplyCents);
  const cardFeePercent = input.method === 'card' ? await readCardFeePercent(db) : 0;
  const cardFeeCents = cardFeeCentsOf(rest, cardFeePercent);
  return {
    priceCents: input.priceCents,
    cashBalanceCents,
    appliedUsdCents,
    appliedSweepsCents,
    maxApplyCents,
    cardFeePercent,
    cardFeeCents,
    chargeCents: rest + cardFeeCents,
  };
}

export const balanceEntryKey = (purchaseId: string, again = false): string =>
  `purchase:${purchaseId}:${again ? 'balance-again' : 'balance'}:sweeps:redeemable`;

/**
 * Takes the applied balance from the player's redeemable Sweeps (kind 'purchase') and records the
 * entry on the purchase. Replays (same purchase) write nothing. A balance already spent by a
 * parallel purchase answers 409 CASH_BALANCE_INSUFFICIENT and the caller's transaction rolls back.
 */
export async function takeAppliedBalance(
  tx: Queryable,
  p: {
    purchaseId: string;
    userId: string;
    sweepsCents: number;
    label: string;
    createdAt: string;
    again?: boolean;
  },
): Promise<number> {
  try {
    const entry = await postLedgerEntry(tx, {
      userId: p.userId,
      currency: 'sweeps',
      bucket: 'redeemable',
      amountMinor: -p.sweepsCents,
      kind: 'purchase',
      reference: `purchase:${p.purchaseId}`,
      idempotencyKey: balanceEntryKey(p.purchaseId, p.again),
      description: `Cash balance applied: ${p.label}`.slice(0, 200),
      createdAt: p.createdAt,
    });
    await tx.query('UPDATE purchases SET balance_entry_id = $2 WHERE id = $1', [p.purchaseId, entry.id]);
    return entry.id;
  } catch (error) {
    // The failed statement ended the transaction (PostgreSQL): nothing more can be read in it.
    if (error instanceof InsufficientFundsError) throw insufficient(null);
    throw error;
  }
}

/**
 * Gives a failed purchase's applied balance back (reversal of its entry; once: reversing again
 * answers the first reversal) and clears the entry from the purchase, so a purchase that is later
 * found paid takes it again (takeAppliedBalance with `again`).
 */
export async function returnAppliedBalance(
  tx: Queryable,
  purchase: { id: string; balance_entry_id: number | string | null },
  reason: string,
  createdAt: string,
): Promise<void> {
  if (purchase.balance_entry_id === null) return;
  await reverseEntry(tx, Number(purchase.balance_entry_id), reason, { createdAt });
  await tx.query('UPDATE purchases SET balance_entry_id = NULL WHERE id = $1', [purchase.id]);
}
