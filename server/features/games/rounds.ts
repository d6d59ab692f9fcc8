/**
 * Rounds decided on the server. Every change of a round is ONE wallet transaction (READ
 * COMMITTED with row locks, see wallet-transaction.ts):
 * - start: lock the player's fair seed row (one start or rotation of a player at a time, on any
 *   instance), refuse a second open round of the game, take the nonce, run the engine on the
 *   round's provably fair floats, debit what it staked, credit what it paid, store the round;
 * - act: lock the round row, apply the action, debit the added stake (a double, a split,
 *   insurance), credit the added win, store state and action.
 * The ledger keys come from the request's Idempotency-Key (`<key>:bet`, `<key>:win`), and the round
 * remembers the keys that changed it, so a retry after a lost answer changes nothing twice.
 * A refusal (limits, balance, illegal action) throws before the commit: nothing is written.
 */
import { randomUUID } from 'node:crypto';
import { fairFloats } from '../../../games/engines/fair-random.ts';
import { engineOf, type AnyGameEngine, type EngineRegistry } from '../../../games/engines/registry.ts';
import { IllegalActionError } from '../../../games/engines/types.ts';
import type { Currency } from '../../../src/contract/currency.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { recordPlayPoints } from '../leaderboard/public.ts';
import { assertSweepsPlay } from '../../core/sweeps-eligibility.ts';
import type { RoundAnswer } from '../../../src/contract/games.ts';
import type { Balances } from '../../../src/contract/schemas.ts';
import { constraintName, sqlState, type Database, type Queryable } from '../../db/driver.ts';
import { currencyTotalMinor, readBalances } from '../../core/ledger/balances.ts';
import { creditWin, spendGold, spendSweeps } from '../../core/ledger/coin-rules.ts';
import { InsufficientFundsError } from '../../core/ledger/ledger.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { findGameRow, isUnderMaintenance, parseGameMetadata, type GameRow } from './catalogue.ts';
import { roundSeed, takeNonce } from './fair-seeds.ts';
import { checkBet, displayToMinor, engineStartOptions } from './start-options.ts';
import { gameErrors } from './game-errors.ts';
import {
  findOpenRound,
  findRound,
  findRoundByStartKey,
  jsonValue,
  toRoundView,
  type RoundRow,
} from './round-store.ts';

export interface RoundsDeps {
  db: Database;
  now: () => number;
  config: { goldOnly: boolean };
  engines: EngineRegistry;
}

/** Runs engine code, turning its refusals into 400 ILLEGAL_ACTION. */
function engineStep<T>(run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof IllegalActionError) throw gameErrors.illegalAction(error.message, error.field);
    throw error;
  }
}

/** Engine state stored as JSON: what is stored is exactly what a later action continues from. */
const asStored = (state: unknown): unknown => JSON.parse(JSON.stringify(state)) as unknown;

interface MoneyMove {
  userId: string;
  currency: Currency;
  gameName: string;
  roundId: string;
  /** Stake and win recorded on the round before this change. */
  stakedBefore: number;
  wonBefore: number;
  stakedAfter: number;
  wonAfter: number;
  /** Ledger keys are `<keyBase>:bet` and `<keyBase>:win` (then per bucket). */
  keyBase: string;
  nowIso: string;
}

/**
 * Debits the stake the change added and credits the win it added. Answers the balances after the
 * stake (shown at once) and after the win (shown when the win animation ends).
 */
export async function moveRoundMoney(
  tx: Queryable,
  m: MoneyMove,
): Promise<{ postBet: Balances; after: Balances }> {
  const debit = m.stakedAfter - m.stakedBefore;
  const credit = m.wonAfter - m.wonBefore;
  if (!Number.isSafeInteger(debit) || !Number.isSafeInteger(credit) || debit < 0 || credit < 0)
    throw new Error(`Engine money went backwards or is not whole (stake +${debit}, win +${credit})`);
  const common = { userId: m.userId, reference: `game-round:${m.roundId}`, createdAt: m.nowIso };
  if (debit > 0) {
    const input = {
      ...common,
      amountMinor: debit,
      idempotencyKey: `${m.keyBase}:bet`,
      description: `${m.gameName} bet`,
    };
    try {
      await (m.currency === 'gold' ? spendGold(tx, input) : spendSweeps(tx, input));
    } catch (error) {
      if (error instanceof InsufficientFundsError) throw gameErrors.insufficientBalance(m.currency);
      throw error;
    }
  }
  const postBet = await readBalances(tx, m.userId);
  if (credit === 0) return { postBet, after: postBet };
  await creditWin(tx, {
    ...common,
    currency: m.currency,
    amountMinor: credit,
    idempotencyKey: `${m.keyBase}:win`,
    description: `${m.gameName} win`,
  });
  return { postBet, after: await readBalances(tx, m.userId) };
}

export interface StartRoundInput {
  userId: string;
  gameId: string;
  currency: Currency;
  /** Display units, as sent. */
  betValue: number;
  /** The start options as sent (display units); see start-options.ts. */
  options: unknown;
  requestKey: string;
  /** Only instant-win games (the purchase instant-win call). */
  instantWinOnly?: boolean;
  /** The request field holding the bet, for errors (betValue). */
  betField?: string;
}

/** The game and its engine, or 404 (unknown game, vendor game, engine not available). */
export async function houseGame(
  deps: RoundsDeps,
  gameId: string,
): Promise<{ game: GameRow; engine: AnyGameEngine }> {
  const game = await findGameRow(deps.db, gameId);
  const engine = engineOf(deps.engines, gameId);
  if (!game || game.kind !== 'house' || !engine) throw gameErrors.notFound();
  return { game, engine };
}

export async function startRound(deps: RoundsDeps, input: StartRoundInput): Promise<RoundAnswer> {
  const { game, engine } = await houseGame(deps, input.gameId);
  const metadata = parseGameMetadata(game.metadata);
  if (input.instantWinOnly && metadata.instantWin !== true) throw gameErrors.notFound();
  const nowMs = deps.now();
  if (isUnderMaintenance(game, nowMs))
    throw gameErrors.underMaintenance(
      game.maintenance_until === null ? null : new Date(game.maintenance_until).toISOString(),
    );
  if (metadata.disabledCurrencies.includes(input.currency)) throw gameErrors.currencyDisabled(input.currency);
  const betField = input.betField ?? 'betValue';
  const betMinor = displayToMinor(input.currency, input.betValue, betField);
  checkBet(game, input.currency, betMinor, betField);
  const options = engineStep(() =>
    engine.parseOptions(
      engineStartOptions({
        game,
        currency: input.currency,
        betMinor,
        raw: input.options,
      }),
    ),
  );
  const { userId, currency } = input;

  try {
    return await walletTransaction(deps.db, userId, async (tx) => {
      // The same request retried after its answer was lost: answer the round it started.
      const done = await findRoundByStartKey(tx, input.requestKey);
      if (done) {
        const balances = await readBalances(tx, userId);
        return { round: toRoundView(done, deps.engines), balances, post_bet_balances: balances };
      }
      await assertMayAct(tx, userId, 'play', nowMs);
      if (currency === 'sweeps') await assertSweepsPlay(tx, deps.config, userId);
      const seed = await roundSeed(tx, userId, nowMs);
      const open = await findOpenRound(tx, userId, game.id);
      if (open) throw gameErrors.roundAlreadyOpen(open.id);
      const nonce = await takeNonce(tx, seed);
      const floats = fairFloats(seed.server_seed, seed.client_seed, nonce);
      const state = asStored(engineStep(() => engine.start({ betMinor, options }, floats)));
      const roundId = randomUUID();
      const nowIso = new Date(nowMs).toISOString();
      const staked = engine.staked(state);
      const won = engine.won(state);
      const money = await moveRoundMoney(tx, {
        userId,
        currency,
        gameName: game.name,
        roundId,
        stakedBefore: 0,
        wonBefore: 0,
        stakedAfter: staked,
        wonAfter: won,
        keyBase: input.requestKey,
        nowIso,
      });
      const finished = engine.finished(state);
      await tx.query(
        `INSERT INTO game_rounds (id, user_id, game_id, currency, base_bet_minor, bet_minor, win_minor, status, state,
           options, actions, server_seed_id, client_seed, nonce, balance_before_minor, balance_after_minor,
           start_request_key, last_request_key, created_at, updated_at, finished_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::text::jsonb, $10::text::jsonb, '[]'::jsonb, $11, $12, $13, $14, $15,
           $16, $16, $17, $17, $18)`,
        [
          roundId,
          userId,
          game.id,
          currency,
          betMinor,
          staked,
          won,
          finished ? 'finished' : 'open',
          JSON.stringify(state),
          JSON.stringify(options ?? {}),
          seed.id,
          seed.client_seed,
          nonce,
          // Before the round: what is left after its stake, plus the stake.
          currencyTotalMinor(money.postBet, currency) + staked,
          finished ? currencyTotalMinor(money.after, currency) : null,
          input.requestKey,
          nowIso,
          finished ? nowIso : null,
        ],
      );
      // A round settled at once (a spin, a ticket) earns its challenge points with its money.
      if (finished)
        await recordPlayPoints(tx, {
          source: `round:${roundId}`,
          userId,
          gameId: game.id,
          currency,
          wageredMinor: staked,
          atMs: nowMs,
        });
      const row = await findRound(tx, { id: roundId, userId });
      if (!row) throw new Error('The round just written cannot be read');
      return {
        round: toRoundView(row, deps.engines),
        balances: money.after,
        post_bet_balances: money.postBet,
      };
    });
  } catch (error) {
    // Two starts racing past the lock (never expected: the seed row serializes them) still meet
    // the one-open-round index; answer like the check above.
    if (
      sqlState(error) === '23505' &&
      (constraintName(error) ?? String(error)).includes('game_rounds_one_open')
    ) {
      const open = await findOpenRound(deps.db, userId, game.id);
      throw gameErrors.roundAlreadyOpen(open?.id ?? '');
    }
    throw error;
  }
}

export interface ActInput {
  userId: string;
  gameId: string;
  roundId: string;
  /** The action as sent: stored as it is, so a replay parses exactly what the player sent. */
  action: unknown;
  requestKey: string;
}

/** Applies one player action to an open round of theirs (404 for anyone else's round). */
export async function actOnRound(deps: RoundsDeps, input: ActInput): Promise<RoundAnswer> {
  const { engine } = await houseGame(deps, input.gameId);
  const action = engineStep(() => engine.parseAction(input.action));
  return walletTransaction(deps.db, input.userId, async (tx) => {
    const row = await findRound(
      tx,
      { id: input.roundId, userId: input.userId, gameId: input.gameId },
      { lock: true },
    );
    if (!row) throw gameErrors.roundNotFound();
    if (row.last_request_key === input.requestKey) {
      // This action was applied already and its answer lost: answer the round as it stands.
      const balances = await readBalances(tx, input.userId);
      return { round: toRoundView(row, deps.engines), balances, post_bet_balances: balances };
    }
    if (row.status !== 'open') throw gameErrors.roundFinished();
    return applyActions(deps, tx, row, engine, [{ raw: input.action, parsed: action }], {
      keyBase: input.requestKey,
      autoCompleted: false,
    });
  });
}

/**
 * Applies actions to a locked open round, moves the money they add, stores the round. Used by the
 * player's action and by the job that completes rounds left open for a day.
 */
export async function applyActions(
  deps: Pick<RoundsDeps, 'now' | 'engines'>,
  tx: Queryable,
  row: RoundRow,
  engine: AnyGameEngine,
  actions: ReadonlyArray<{ raw: unknown; parsed: unknown }>,
  options: { keyBase: string; autoCompleted: boolean },
): Promise<RoundAnswer> {
  const floats = fairFloats(row.server_seed, row.client_seed, Number(row.nonce));
  let state: unknown = jsonValue(row.state);
  for (const a of actions) state = asStored(engineStep(() => engine.act(state, a.parsed, floats)));
  const nowIso = new Date(deps.now()).toISOString();
  const staked = engine.staked(state);
  const won = engine.won(state);
  const money = await moveRoundMoney(tx, {
    userId: row.user_id,
    currency: row.currency,
    gameName: row.game_name,
    roundId: row.id,
    stakedBefore: Number(row.bet_minor),
    wonBefore: Number(row.win_minor),
    stakedAfter: staked,
    wonAfter: won,
    keyBase: options.keyBase,
    nowIso,
  });
  const finished = engine.finished(state);
  const allActions = [...((jsonValue(row.actions) as unknown[] | null) ?? []), ...actions.map((a) => a.raw)];
  await tx.query(
    `UPDATE game_rounds SET state = $2::text::jsonb, actions = $3::text::jsonb, bet_minor = $4, win_minor = $5,
       status = $6, finished_at = $7, balance_after_minor = $8, auto_completed = $9, last_request_key = $10,
       updated_at = $11
     WHERE id = $1`,
    [
      row.id,
      JSON.stringify(state),
      JSON.stringify(allActions),
      staked,
      won,
      finished ? 'finished' : 'open',
      finished ? nowIso : null,
      finished ? currencyTotalMinor(money.after, row.currency) : null,
      options.autoCompleted,
      options.keyBase,
      nowIso,
    ],
  );
  // The round's challenge points are written with the action (or completion) that finishes it.
  if (finished)
    await recordPlayPoints(tx, {
      source: `round:${row.id}`,
      userId: row.user_id,
      gameId: row.game_id,
      currency: row.currency,
      wageredMinor: staked,
      atMs: Date.parse(nowIso),
    });
  const updated = await findRound(tx, { id: row.id, userId: row.user_id });
  if (!updated) throw new Error('The round just written cannot be read');
  return {
    round: toRoundView(updated, deps.engines),
    balances: money.after,
    post_bet_balances: money.postBet,
  };
}
