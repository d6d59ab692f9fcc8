/** Reads a player's balance rows and shapes them for the wire (display units: Gold whole, Sweeps with cents). */
import { centsToDisplay, displayToMinor } from './money.ts';
import type { Balances } from '../../../src/contract/schemas.ts';
import type { Queryable } from '../../db/driver.ts';

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
    balance_paid_ghc: centsToDisplay(paid),
    balance_free_ghc: centsToDisplay(free),
    balance_redeemable_ghc: centsToDisplay(redeemable),
    // Coins in a pending redemption sit in their own bucket, so everything redeemable is available.
    balance_redeemable_available_ghc: centsToDisplay(redeemable),
    balance_total_ghc: centsToDisplay(paid + free + redeemable),
    balance_total_gld: get('gold', 'main'),
  };
}

/** A currency's spendable total in minor units (Gold: main; Sweeps: paid + free + redeemable). */
export const currencyTotalMinor = (balances: Balances, currency: 'gold' | 'sweeps'): number =>
  currency === 'gold' ? balances.balance_total_gld : displayToMinor('sweeps', balances.balance_total_ghc);

export async function readBalances(db: Queryable, userId: string): Promise<Balances> {
  const rows = await db.query<BalanceRow>(
    'SELECT currency, bucket, amount_minor FROM wallet_balances WHERE user_id = $1',
    [userId],
  );
  return balancesFromRows(rows);
}
