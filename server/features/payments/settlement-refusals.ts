/**
 * Payments the provider took that we refuse to credit, and who may pay at all:
 *
 * - A closed account buys nothing. Its purchase requests are refused before anything is stored
 *   (`assertAccountOpen`, inside the purchase reservation that holds the player's row lock, so a
 *   close racing a purchase is seen), and a payment that settles after the account closed (the
 *   player closed it while a card payment or a bank authorization was in flight) is not credited:
 *   the purchase fails with the closed-account sub-code and the payment is given back.
 * - One bank account funds one player (spec section 8, `ach_account_in_use`). The bank names the
 *   account a payment was authorised from; the first player whose payment from it was authorised
 *   owns it (`bank_account_owners`), the same player reuses it freely, another player's payment
 *   from it fails and is given back. The claim is one INSERT on the account's primary key, so of
 *   two players paying from one account at the same moment exactly one wins.
 *
 * A refused payment is marked `refund_due_at` in the transaction that refuses it; ./refunds.ts
 * gives it back (at once, and the reconciliation job retries until the provider confirms).
 */
import {
  CANT_COMPLETE_PURCHASE_SUB_CODES,
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
  type PurchaseError,
} from '../../../src/contract/payments.ts';
import type { Queryable } from '../../db/driver.ts';
import { accountStateRefusal } from '../../http/account-status.ts';
import type { ApiError } from '../../http/api-error.ts';
import type { Observation, PurchaseRow } from './purchases.ts';

interface AccountStatus {
  [key: string]: unknown;
  account_state: string;
  closed_reason: string | null;
}

/** The CANT_COMPLETE_PURCHASE sub-code and text of a closed account (by its closed_reason). */
export function closedAccountRefusal(closedReason: string | null): { subCode: string; message: string } {
  return closedReason === 'age_requirement'
    ? {
        subCode: CANT_COMPLETE_PURCHASE_SUB_CODES.accountClosedAgeRequirement,
        message: PAYMENT_TEXTS.accountClosedAgeRequirement,
      }
    : { subCode: CANT_COMPLETE_PURCHASE_SUB_CODES.accountClosed, message: PAYMENT_TEXTS.accountClosed };
}

/** 403 CANT_COMPLETE_PURCHASE with the closed-account sub-code and the competitive extra account_status. */
export function closedAccountError(closedReason: string | null): ApiError {
  const { subCode, message } = closedAccountRefusal(closedReason);
  return accountStateRefusal(403, PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE, message, 'closed', {
    sub_code: subCode,
    ...(closedReason ? { closed_reason: closedReason } : {}),
  });
}

/** `share`: the row is held against a close until the transaction ends (a close waits, or was first). */
async function accountStatus(db: Queryable, userId: string, share = false): Promise<AccountStatus | null> {
  const rows = await db.query<AccountStatus>(
    `SELECT account_state, closed_reason FROM users WHERE id = $1${share ? ' FOR SHARE' : ''}`,
    [userId],
  );
  return rows[0] ?? null;
}

/** Refuses a purchase of a closed account (403 CANT_COMPLETE_PURCHASE, account_closed[_age_requirement]). */
export async function assertAccountOpen(db: Queryable, userId: string): Promise<void> {
  const status = await accountStatus(db, userId);
  if (status?.account_state === 'closed') throw closedAccountError(status.closed_reason);
}

const refusalError = (subCode: string, message: string, providerCode: string | null): PurchaseError => ({
  code: PAYMENT_ERROR_CODES.CANT_COMPLETE_PURCHASE,
  sub_code: subCode,
  message,
  provider_code: providerCode,
});

/**
 * Whether a payment the provider took (succeeded, or a bank payment authorised and settling) may be
 * credited to this purchase. Answers the failed observation that replaces it when not, else null.
 * Runs in applyObservation's transaction, the purchase row locked; a bank account's first use is
 * claimed here for the player.
 */
export async function settlementRefusal(
  tx: Queryable,
  row: PurchaseRow,
  o: Observation,
  nowIso: string,
): Promise<Observation | null> {
  const bankAccount = row.method === 'pay_by_bank' ? (o.bankAccount ?? null) : null;
  const moneyMoves = o.status === 'succeeded' || (bankAccount !== null && o.status === 'processing');
  if (!moneyMoves) return null;
  const failed = (error: PurchaseError): Observation => ({ ...o, status: 'failed', error });

  const status = await accountStatus(tx, row.user_id, true);
  if (status?.account_state === 'closed') {
    const { subCode, message } = closedAccountRefusal(status.closed_reason);
    return failed(refusalError(subCode, message, 'account_closed'));
  }
  if (!bankAccount) return null;
  await tx.query(
    `INSERT INTO bank_account_owners (provider, bank_account_id, user_id, first_purchase_id, created_at)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (provider, bank_account_id) DO NOTHING`,
    [row.provider, bankAccount.id, row.user_id, row.id, nowIso],
  );
  const owner = await tx.query<{ user_id: string }>(
    'SELECT user_id FROM bank_account_owners WHERE provider = $1 AND bank_account_id = $2',
    [row.provider, bankAccount.id],
  );
  await tx.query('UPDATE purchases SET bank_account_id = $2 WHERE id = $1', [row.id, bankAccount.id]);
  if (owner[0] && owner[0].user_id !== row.user_id)
    return failed(
      refusalError(
        CANT_COMPLETE_PURCHASE_SUB_CODES.achAccountInUse,
        PAYMENT_TEXTS.achAccountInUse,
        'bank_account_in_use',
      ),
    );
  return null;
}

/** Marks a refused purchase's payment to be given back (./refunds.ts). */
export async function markRefundDue(tx: Queryable, purchaseId: string, nowIso: string): Promise<void> {
  await tx.query('UPDATE purchases SET refund_due_at = COALESCE(refund_due_at, $2) WHERE id = $1', [
    purchaseId,
    nowIso,
  ]);
}
