/**
 * Reads what the launch route and the wallet's bets need of a game from the catalogue table
 * (kind, maintenance, currencies switched off, bet limits). Tolerant of the table's shape: it reads `SELECT *` and looks only at
 * the columns it knows, and, while no catalogue table exists, knows the one vendor game of the
 * contract (VENDOR_GAME_ID) as always open.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import { VENDOR_GAME_ID } from '../../../src/contract/games.ts';
import type { Queryable } from '../../db/driver.ts';

export interface LaunchableGame {
  /** Shown in the player's histories beside the vendor's bets and wins. */
  name: string;
  kind: 'house' | 'vendor';
  /** Epoch ms the maintenance ends; null when the game is open (or under maintenance with no end). */
  maintenanceUntilMs: number | null;
  underMaintenance: boolean;
  disabledCurrencies: Currency[];
  /** Minimum and maximum bet per currency, minor units; null when the catalogue has none. */
  betLimitsMinor: Record<Currency, { min: number; max: number }> | null;
}

/** Metadata may be JSON text, or (instant-win games) JSON text of a JSON string: parsed up to twice. */
const parseMetadata = (v: unknown, depth = 0): Record<string, unknown> => {
  if (typeof v === 'string' && depth < 2) {
    try {
      return parseMetadata(JSON.parse(v) as unknown, depth + 1);
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' ? (v as Record<string, unknown>) : {};
};

export async function findLaunchableGame(
  db: Queryable,
  gameId: string,
  nowMs: number,
): Promise<LaunchableGame | null> {
  const [table] = await db.query<{ name: string | null }>("SELECT to_regclass('games')::text AS name");
  if (!table?.name)
    return gameId === VENDOR_GAME_ID
      ? {
          name: gameId,
          kind: 'vendor',
          maintenanceUntilMs: null,
          underMaintenance: false,
          disabledCurrencies: [],
          betLimitsMinor: null,
        }
      : null;
  const [row] = await db.query('SELECT * FROM games WHERE id = $1', [gameId]);
  if (!row) return null;
  const until = row.maintenance_until ? new Date(row.maintenance_until as string).getTime() : null;
  const flagged = row.maintenance === true;
  const underMaintenance =
    'maintenance' in row ? flagged && (until === null || until > nowMs) : until !== null && until > nowMs;
  const disabled = parseMetadata(row.metadata).disabledCurrencies;
  const limit = (column: string): number | null =>
    row[column] === undefined || row[column] === null ? null : Number(row[column]);
  const [minGold, maxGold, minSweeps, maxSweeps] = [
    limit('min_bet_gold'),
    limit('max_bet_gold'),
    limit('min_bet_sweeps'),
    limit('max_bet_sweeps'),
  ];
  return {
    name: typeof row.name === 'string' && row.name !== '' ? row.name : gameId,
    kind: row.kind === 'vendor' ? 'vendor' : 'house',
    maintenanceUntilMs: underMaintenance ? until : null,
    underMaintenance,
    disabledCurrencies: Array.isArray(disabled)
      ? disabled.filter((c): c is Currency => c === 'gold' || c === 'sweeps')
      : [],
    betLimitsMinor:
      minGold !== null && maxGold !== null && minSweeps !== null && maxSweeps !== null
        ? { gold: { min: minGold, max: maxGold }, sweeps: { min: minSweeps, max: maxSweeps } }
        : null,
  };
}
