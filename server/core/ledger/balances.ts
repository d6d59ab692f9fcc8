/** Reads a player's balance rows and shapes them for the wire (display units: Gold whole, Sweeps with cents). */
import type { Balances } from '../../../src/contract/schemas.ts';
import type { Queryable } from '../../db/driver.ts';

const cents = (minor: number): number => Math.round(minor) / 100;

/** One wallet_balances row; null columns (a player without rows, read through a LEFT JOIN) count as 0. */
export type BalanceRow = {
  currency: string | null;
  bucket: string | null;
  amount_minor: number | string | null;
};

export function balancesFromRows(rows: readonly BalanceRow[]): Balances {
  const get = (currency: string, bucket: string): number =>
    Number(rows.find((r) => r.currency === currency && r.bucket === bucket)?.amount_minor ?? 0);
  const paid = get('sweeps', 'paid');
  const free = get('sweeps', 'free');
  const redeemable = get('sweeps', 'redeemable');
  return {
    balance_paid_ghc: cents(paid),
    balance_free_ghc: cents(free),
    balance_redeemable_ghc: cents(redeemable),
    // Coins in a pending redemption sit in their own bucket, so everything redeemable is available.
    balance_redeemable_available_ghc: cents(redeemable),
    balance_total_ghc: cents(paid + free + redeemable),
    balance_total_gld: get('gold', 'main'),
  };
}

/** A currency's spendable total in minor units (Gold: main; Sweeps: paid + free + redeemable). */
export const currencyTotalMinor = (balances: Balances, currency: 'gold' | 'sweeps'): number =>
  currency === 'gold' ? balances.balance_total_gld : Math.round(balances.balance_total_ghc * 100);

export async function readBalances(db: Queryable, userId: string): Promise<Balances> {
  const rows = await db.query<BalanceRow>(
    'SELECT currency, bucket, amount_minor FROM wallet_balances WHERE user_id = $1',
    [userId],
  );
  return balancesFromRows(rows);
}
