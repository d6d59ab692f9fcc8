/**
 * temp_withdrawal_data (spec section 3, user): the redeem form a player has started, kept on the
 * player's row between visits and cleared when a redemption is requested (redemption-requests.ts,
 * in the request's transaction). Only what is safe to keep is accepted (docs/redemption.md,
 * "The form kept between visits"): never a bank account number, which answers 400
 * WITHDRAWAL_DATA_SECRET, nor a long run of digits in the holder's name (an account number typed
 * in the wrong box).
 */
import {
  REDEMPTION_ERROR_CODES,
  REDEMPTION_TEXTS,
  TempWithdrawalDataSchema,
  type KeptWithdrawalData,
  type TempWithdrawalData,
} from '../../../src/contract/redemption.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { check } from '../../http/validate.ts';

/** Six digits or more in a row: no name has them, an account number does. */
const DIGIT_RUN = /\d{6,}/;

const secret = (field: string) =>
  new ApiError(
    400,
    REDEMPTION_ERROR_CODES.WITHDRAWAL_DATA_SECRET,
    REDEMPTION_TEXTS.withdrawalDataSecret,
    field,
  );

/** Checks a body to keep: the account number (or anything like it) is refused before the shape. */
export function checkWithdrawalData(body: unknown): TempWithdrawalData {
  if (body !== null && typeof body === 'object' && !Array.isArray(body)) {
    const bank = (body as { bank?: unknown }).bank;
    if (bank !== null && typeof bank === 'object' && !Array.isArray(bank)) {
      const b = bank as Record<string, unknown>;
      if ('account_number' in b) throw secret('bank.account_number');
      if (typeof b.account_holder === 'string' && DIGIT_RUN.test(b.account_holder))
        throw secret('bank.account_holder');
    }
  }
  return check(body, TempWithdrawalDataSchema);
}

/** Keeps only the fields of the form's method (a PayPal email is not kept with a bank form). */
function ofMethod(data: TempWithdrawalData): TempWithdrawalData {
  const kept: TempWithdrawalData = { method: data.method };
  if (data.amount !== undefined) kept.amount = data.amount;
  if (data.method === 'paypal' && data.paypal_email !== undefined)
    kept.paypal_email = data.paypal_email.trim();
  if (data.method === 'gift_card' && data.gift_card_brand) kept.gift_card_brand = data.gift_card_brand;
  if (data.method === 'ach' && data.bank) {
    const bank: NonNullable<TempWithdrawalData['bank']> = {};
    if (data.bank.account_holder !== undefined) bank.account_holder = data.bank.account_holder;
    if (data.bank.routing_number !== undefined) bank.routing_number = data.bank.routing_number;
    if (data.bank.account_type !== undefined) bank.account_type = data.bank.account_type;
    kept.bank = bank;
  }
  return kept;
}

const parsed = (v: unknown): KeptWithdrawalData | null => {
  if (v === null || v === undefined) return null;
  const value = typeof v === 'string' ? (JSON.parse(v) as unknown) : v;
  return value && typeof value === 'object' ? (value as KeptWithdrawalData) : null;
};

export async function readWithdrawalData(db: Queryable, userId: string): Promise<KeptWithdrawalData | null> {
  const rows = await db.query<{ temp_withdrawal_data: unknown }>(
    'SELECT temp_withdrawal_data FROM users WHERE id = $1',
    [userId],
  );
  return parsed(rows[0]?.temp_withdrawal_data);
}

export async function saveWithdrawalData(
  db: Queryable,
  userId: string,
  data: TempWithdrawalData,
  nowMs: number,
): Promise<KeptWithdrawalData> {
  const kept: KeptWithdrawalData = { ...ofMethod(data), saved_at: new Date(nowMs).toISOString() };
  await db.query('UPDATE users SET temp_withdrawal_data = $2::jsonb WHERE id = $1', [
    userId,
    JSON.stringify(kept),
  ]);
  return kept;
}

/** Clears the kept form (the player's DELETE, or a redemption requested in `db`'s transaction). */
export async function clearWithdrawalData(db: Queryable, userId: string): Promise<void> {
  await db.query(
    'UPDATE users SET temp_withdrawal_data = NULL WHERE id = $1 AND temp_withdrawal_data IS NOT NULL',
    [userId],
  );
}
