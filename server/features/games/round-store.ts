/**
 * Rounds in the database and their wire shapes. A row keeps the engine's full state (cards not
 * yet dealt included), so only the engine's view of it ever leaves the server while the round is
 * open; once finished, recall shows the whole round and, after the seed is rotated, the seed.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import type { RecalledRound, RoundView } from '../../../src/contract/games.ts';
import { engineOf, type EngineRegistry } from '../../../games/engines/registry.ts';
import type { Queryable } from '../../db/driver.ts';
import { minorToDisplay } from '../../core/ledger/money.ts';

export interface RoundRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  game_id: string;
  game_name: string;
  currency: Currency;
  base_bet_minor: number | string;
  bet_minor: number | string;
  win_minor: number | string;
  status: 'open' | 'finished';
  state: unknown;
  options: unknown;
  actions: unknown;
  server_seed_id: number | string;
  server_seed_hash: string;
  /** The server seed once revealed by a rotation, else null. */
  revealed_server_seed: string | null;
  /** Needed to recompute floats on the server; never answered while unrevealed. */
  server_seed: string;
  client_seed: string;
  nonce: number;
  balance_before_minor: number | string;
  balance_after_minor: number | string | null;
  auto_completed: boolean;
  last_request_key: string | null;
  created_at: Date | string;
  updated_at: Date | string;
  finished_at: Date | string | null;
}

const ROUND_SELECT = `SELECT r.id, r.user_id, r.game_id, g.name AS game_name, r.currency, r.base_bet_minor, r.bet_minor,
    r.win_minor, r.status, r.state, r.options, r.actions, r.server_seed_id, s.server_seed_hash,
    CASE WHEN s.revealed_at IS NOT NULL THEN s.server_seed END AS revealed_server_seed, s.server_seed,
    r.client_seed, r.nonce, r.balance_before_minor, r.balance_after_minor, r.auto_completed, r.last_request_key,
    r.created_at, r.updated_at, r.finished_at
  FROM game_rounds r JOIN fair_seeds s ON s.id = r.server_seed_id JOIN games g ON g.id = r.game_id`;

/** jsonb arrives parsed from both drivers; a text form is parsed here all the same. */
export const jsonValue = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** One round of the player. `lock` holds the round row (FOR UPDATE OF r) until the transaction ends. */
export async function findRound(
  tx: Queryable,
  where: { id: string; userId: string; gameId?: string },
  options: { lock: boolean } = { lock: false },
): Promise<RoundRow | null> {
  const rows = await tx.query<RoundRow>(
    `${ROUND_SELECT} WHERE r.id = $1 AND r.user_id = $2 AND ($3::text IS NULL OR r.game_id = $3)${options.lock ? ' FOR UPDATE OF r' : ''}`,
    [where.id, where.userId, where.gameId ?? null],
  );
  return rows[0] ?? null;
}

export async function findRoundByStartKey(tx: Queryable, requestKey: string): Promise<RoundRow | null> {
  const rows = await tx.query<RoundRow>(`${ROUND_SELECT} WHERE r.start_request_key = $1`, [requestKey]);
  return rows[0] ?? null;
}

export async function findOpenRound(tx: Queryable, userId: string, gameId: string): Promise<RoundRow | null> {
  const rows = await tx.query<RoundRow>(
    `${ROUND_SELECT} WHERE r.user_id = $1 AND r.game_id = $2 AND r.status = 'open'`,
    [userId, gameId],
  );
  return rows[0] ?? null;
}

export const RECALL_LIMIT = 10;

/** The last 10 rounds of one game, or of each game when gameId is null; newest first. */
export async function recentRounds(
  tx: Queryable,
  userId: string,
  gameId: string | null,
): Promise<RoundRow[]> {
  if (gameId !== null)
    return tx.query<RoundRow>(
      `${ROUND_SELECT} WHERE r.user_id = $1 AND r.game_id = $2 ORDER BY r.created_at DESC, r.seq DESC LIMIT ${RECALL_LIMIT}`,
      [userId, gameId],
    );
  return tx.query<RoundRow>(
    `${ROUND_SELECT} JOIN (
       SELECT id, row_number() OVER (PARTITION BY game_id ORDER BY created_at DESC, seq DESC) AS place
         FROM game_rounds WHERE user_id = $1) ranked ON ranked.id = r.id
      WHERE ranked.place <= ${RECALL_LIMIT}
      ORDER BY r.created_at DESC, r.seq DESC`,
    [userId],
  );
}

const iso = (v: Date | string): string => new Date(v).toISOString();

export function toRoundView(row: RoundRow, engines: EngineRegistry): RoundView {
  const engine = engineOf(engines, row.game_id);
  const state = jsonValue(row.state);
  return {
    id: row.id,
    game_id: row.game_id,
    currency: row.currency,
    bet: minorToDisplay(row.currency, Number(row.bet_minor)),
    win: minorToDisplay(row.currency, Number(row.win_minor)),
    status: row.status,
    state: engine ? engine.view(state) : null,
    nonce: Number(row.nonce),
    server_seed_hash: row.server_seed_hash,
    client_seed: row.client_seed,
    created_at: iso(row.created_at),
    finished_at: row.finished_at === null ? null : iso(row.finished_at),
    auto_completed: row.auto_completed,
  };
}

/**
 * A round as recall shows it. While it is open nothing beyond the player's view is shown (its
 * steps could name cards still in the deck); once finished, every step and the final state.
 */
export function toRecalledRound(
  row: RoundRow,
  engines: EngineRegistry,
): RecalledRound & Record<string, unknown> {
  const engine = engineOf(engines, row.game_id);
  const finished = row.status === 'finished';
  const state = jsonValue(row.state);
  return {
    ...toRoundView(row, engines),
    game_name: row.game_name,
    /** The base bet the round started with (what a replay starts the engine with), display units. */
    base_bet: minorToDisplay(row.currency, Number(row.base_bet_minor)),
    base_bet_minor: Number(row.base_bet_minor),
    balance_before: minorToDisplay(row.currency, Number(row.balance_before_minor)),
    balance_after:
      row.balance_after_minor === null ? null : minorToDisplay(row.currency, Number(row.balance_after_minor)),
    options: jsonValue(row.options),
    actions: (jsonValue(row.actions) as unknown[]) ?? [],
    steps: finished && engine ? engine.steps(state) : [],
    final_state: finished && engine ? engine.view(state) : null,
    server_seed: row.revealed_server_seed,
  };
}
