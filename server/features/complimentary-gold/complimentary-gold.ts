/**
 * Complimentary Gold Coins (docs/complimentary-gold.md). A player whose Gold cannot cover a game's
 * minimum Gold bet may accept free Gold: the award tops the balance up to the named property
 * comp_state_award_gold (0 switches it off), or to the minimum bet when that is higher, at most
 * COMPLIMENTARY_GOLD_AWARDS_PER_DAY times per Eastern Time day.
 *
 * The server decides everything from its own data: the minimum bet from the game catalogue (the
 * page's goldCoinsBetValue is only recorded), the balance and the day's count read after the
 * player's row lock, so concurrent accepts of one player run one after the other and each sees
 * the awards committed before it. The unique (user, day, award number) key and the ledger entry's
 * key (derived from the same three) hold the limit even if that lock were ever missed.
 */
import {
  COMPLIMENTARY_GOLD_AWARDS_PER_DAY,
  COMPLIMENTARY_GOLD_ERROR_CODES,
  COMPLIMENTARY_GOLD_TEXTS,
  complimentaryGoldAward,
  complimentaryGoldTarget,
  type ComplimentaryGoldOffer,
  type ComplimentaryGoldRefusal,
} from '../../../src/contract/complimentary-gold.ts';
import { PROPERTY_DEFAULTS, PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import type { Balances } from '../../../src/contract/schemas.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { easternDay, nextEasternMidnight } from '../../core/eastern-day.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { findGameRow, parseGameMetadata } from '../games/public.ts';
import { readBalances } from '../../core/ledger/balances.ts';
import { creditCoins } from '../../core/ledger/ledger.ts';

const LEDGER_DESCRIPTION = 'Complimentary Gold Coins';

/** The Gold an award tops up to, or null while the offer is off (named property comp_state_award_gold). */
export async function readAwardTarget(db: Queryable): Promise<number | null> {
  const rows = await db.query<{ value: string }>('SELECT value FROM named_properties WHERE key = $1', [
    PROPERTY_NAMES.compStateAwardGold,
  ]);
  return complimentaryGoldTarget(rows[0]?.value ?? PROPERTY_DEFAULTS[PROPERTY_NAMES.compStateAwardGold]);
}

const gameNotFound = () =>
  new ApiError(
    404,
    COMPLIMENTARY_GOLD_ERROR_CODES.COMPLIMENTARY_GOLD_GAME_NOT_FOUND,
    COMPLIMENTARY_GOLD_TEXTS.gameNotFound,
    'gameId',
  );

/** The game's minimum Gold bet from the catalogue; 404 for an unknown game or one that takes no Gold. */
async function minimumGoldBet(db: Queryable, gameId: string): Promise<number> {
  const game = await findGameRow(db, gameId);
  if (!game || parseGameMetadata(game.metadata).disabledCurrencies.includes('gold')) throw gameNotFound();
  return Number(game.min_bet_gold);
}

async function goldBalance(db: Queryable, userId: string, lock: boolean): Promise<number> {
  const rows = await db.query<{ amount_minor: number | string }>(
    `SELECT amount_minor FROM wallet_balances WHERE user_id = $1 AND currency = 'gold' AND bucket = 'main'${
      lock ? ' FOR UPDATE' : ''
    }`,
    [userId],
  );
  return Number(rows[0]?.amount_minor ?? 0);
}

async function awardsOn(db: Queryable, userId: string, day: string): Promise<number> {
  const rows = await db.query<{ n: number | string }>(
    'SELECT count(*) AS n FROM complimentary_gold_awards WHERE user_id = $1 AND et_day = $2::date',
    [userId, day],
  );
  return Number(rows[0]?.n ?? 0);
}

interface Situation {
  target: number | null;
  minBet: number;
  balance: number;
  awardsToday: number;
  day: string;
  nextDayAtMs: number;
}

function refusalOf(s: Situation): ComplimentaryGoldRefusal | null {
  if (s.target === null) return 'off';
  if (complimentaryGoldAward({ goldBalance: s.balance, minimumGoldBet: s.minBet, target: s.target }) <= 0)
    return 'not_needed';
  if (s.awardsToday >= COMPLIMENTARY_GOLD_AWARDS_PER_DAY) return 'daily_limit';
  return null;
}

async function situationOf(
  db: Queryable,
  input: { userId: string; gameId: string; nowMs: number; lock: boolean },
): Promise<Situation> {
  const minBet = await minimumGoldBet(db, input.gameId);
  const target = await readAwardTarget(db);
  const balance = await goldBalance(db, input.userId, input.lock);
  const day = easternDay(input.nowMs);
  const awardsToday = await awardsOn(db, input.userId, day);
  return { target, minBet, balance, awardsToday, day, nextDayAtMs: nextEasternMidnight(input.nowMs) };
}

/** Whether an award is open to the player for this game now (the page asks before offering). */
export async function complimentaryGoldOffer(
  db: Queryable,
  input: { userId: string; gameId: string; nowMs: number },
): Promise<ComplimentaryGoldOffer> {
  const s = await situationOf(db, { ...input, lock: false });
  const reason = refusalOf(s);
  return {
    available: reason === null,
    reason,
    award_gld:
      reason === null && s.target !== null
        ? complimentaryGoldAward({ goldBalance: s.balance, minimumGoldBet: s.minBet, target: s.target })
        : 0,
    min_bet_gld: s.minBet,
    awards_left_today: Math.max(0, COMPLIMENTARY_GOLD_AWARDS_PER_DAY - s.awardsToday),
    next_day_at: new Date(s.nextDayAtMs).toISOString(),
  };
}

function refusalError(reason: ComplimentaryGoldRefusal, s: Situation, nowMs: number): ApiError {
  if (reason === 'off')
    return new ApiError(
      409,
      COMPLIMENTARY_GOLD_ERROR_CODES.COMPLIMENTARY_GOLD_OFF,
      COMPLIMENTARY_GOLD_TEXTS.off,
    );
  if (reason === 'not_needed')
    return new ApiError(
      409,
      COMPLIMENTARY_GOLD_ERROR_CODES.COMPLIMENTARY_GOLD_NOT_NEEDED,
      COMPLIMENTARY_GOLD_TEXTS.notNeeded,
      null,
      // The Gold balance now: an award whose answer was lost shows here as a balance already topped up.
      { min_bet_gld: s.minBet, gold_balance_gld: s.balance },
    );
  const retryAfter = Math.max(1, Math.ceil((s.nextDayAtMs - nowMs) / 1000));
  return new ApiError(
    409,
    COMPLIMENTARY_GOLD_ERROR_CODES.COMPLIMENTARY_GOLD_DAILY_LIMIT,
    COMPLIMENTARY_GOLD_TEXTS.dailyLimit,
    null,
    { retry_after_seconds: retryAfter, next_day_at: new Date(s.nextDayAtMs).toISOString() },
    { 'Retry-After': String(retryAfter) },
  );
}

export interface AcceptedAward {
  awardedGold: number;
  awardsLeftToday: number;
  balances: Balances;
}

/** Accepts an award inside the caller's wallet transaction; throws the refusal's 4xx. */
export async function acceptComplimentaryGold(
  tx: Queryable,
  input: { userId: string; gameId: string; clientBetValue: number | null; nowMs: number },
): Promise<AcceptedAward> {
  const { userId, gameId, nowMs } = input;
  // One award decision at a time per player: the count and balance read below stay true until commit.
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
  await assertMayAct(tx, userId, 'bonus', nowMs);
  const s = await situationOf(tx, { userId, gameId, nowMs, lock: true });
  const reason = refusalOf(s);
  if (reason !== null || s.target === null) throw refusalError(reason ?? 'off', s, nowMs);
  const award = complimentaryGoldAward({
    goldBalance: s.balance,
    minimumGoldBet: s.minBet,
    target: s.target,
  });
  const awardNumber = s.awardsToday + 1;
  const createdAt = new Date(nowMs).toISOString();
  const [entryId] = await creditCoins(tx, {
    userId,
    goldCoins: award,
    sweepsCents: 0,
    sweepsBucket: 'free',
    kind: 'bonus',
    reference: `complimentary-gold:${gameId}`,
    requestKey: `complimentary-gold:${userId}:${s.day}:${awardNumber}`,
    description: LEDGER_DESCRIPTION,
    createdAt,
  });
  await tx.query(
    `INSERT INTO complimentary_gold_awards (user_id, et_day, award_number, game_id, gold_before, min_bet_gold,
       client_bet_value, gold_coins, ledger_entry_id, created_at)
     VALUES ($1, $2::date, $3, $4, $5, $6, $7, $8, $9, $10)`,
    [
      userId,
      s.day,
      awardNumber,
      gameId,
      s.balance,
      s.minBet,
      input.clientBetValue,
      award,
      entryId,
      createdAt,
    ],
  );
  return {
    awardedGold: award,
    awardsLeftToday: COMPLIMENTARY_GOLD_AWARDS_PER_DAY - awardNumber,
    balances: await readBalances(tx, userId),
  };
}
