/**
 * The seamless wallet's rules (docs/vendor-wallet.md). Each call is one wallet transaction that
 * first locks the player's row, so all vendor calls of one player run one after another on any
 * server instance; everything it writes (ledger entries, the transaction row with its answer)
 * commits together or not at all.
 *
 * Idempotent by the vendor's transaction id: the same id with the same body answers the stored
 * first answer; with another body it is refused (DUPLICATE_TRANSACTION). Refusals are not stored,
 * so a refused call may be sent again once its cause is gone (e.g. a bet after a purchase).
 *
 * The wins of a bet never pass the game's published maximum (Game.max_win_multiple times the
 * bet): a win that would is refused (VENDOR_WIN_ABOVE_MAXIMUM), nothing is credited, and the
 * refusal is recorded for the operator (an audit row of the server's own, a warning in the log).
 */
import { createHash } from 'node:crypto';
import type { Currency } from '../../../src/contract/currency.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { GAME_ERROR_CODES } from '../../../src/contract/games.ts';
import {
  VENDOR_WALLET_ERROR_CODES,
  type VendorTransactionKind,
  type VendorWalletAnswer,
} from '../../../src/contract/vendor-wallet.ts';
import { constraintName, sqlState, type Database, type Queryable } from '../../db/driver.ts';
import { ApiError, type ApiErrorCode } from '../../http/api-error.ts';
import { accountStateRefusal } from '../../http/account-status.ts';
import { creditWin, reverseEntry, spendGold, spendSweeps } from '../../core/ledger/coin-rules.ts';
import { InsufficientFundsError } from '../../core/ledger/ledger.ts';
import { displayToCents, minorToDisplay } from '../../core/ledger/money.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { assertSweepsPlay } from '../../core/sweeps-eligibility.ts';
import { recordPlayPoints, voidPlayPoints } from '../leaderboard/public.ts';
import { maxWinMultipleOf } from '../games/public.ts';
import { recordServerEvent } from '../../core/audit.ts';
import type { Logger } from '../../platform/logger.ts';
import { findLaunchableGame } from './vendor-game-lookup.ts';
import type { VendorSession } from './vendor-sessions.ts';

interface CatalogueFacts {
  name: string;
  limits: { min: number; max: number } | null;
  /** The game's published maximum win, times the bet (Game.max_win_multiple), or null. */
  maxWinMultiple: number | null;
}

/** A win refused for passing the game's published maximum: answered to the vendor, recorded for the operator. */
class WinAboveMaximum extends ApiError {
  constructor(
    readonly record: { userId: string; betTransactionId: string; roundId: string; amount: number },
    currency: Currency,
    facts: { maxWinMultiple: number; betMinor: number; maxMinor: number; wonMinor: number },
  ) {
    super(
      400,
      E.VENDOR_WIN_ABOVE_MAXIMUM,
      `The wins of this bet would pass the game's maximum of ${facts.maxWinMultiple} times the bet: ` +
        'nothing was credited, and the operator is told.',
      'amount',
      {
        max_win_multiple: facts.maxWinMultiple,
        bet_amount: minorToDisplay(currency, facts.betMinor),
        max_win: minorToDisplay(currency, facts.maxMinor),
        already_won: minorToDisplay(currency, facts.wonMinor),
      },
    );
  }
}

/**
 * The most a bet of `betMinor` may win in all, minor units: the multiple in hundredths (a
 * published multiple such as 2.5 stays exact), rounded down to a whole minor unit.
 */
const maxWinMinor = (betMinor: number, multiple: number): number =>
  Math.floor((betMinor * Math.round(multiple * 100)) / 100);

const E = VENDOR_WALLET_ERROR_CODES;

export type VendorCall =
  | { kind: 'bet'; transactionId: string; roundId: string; amount: number }
  | { kind: 'win'; transactionId: string; betTransactionId: string; roundId: string; amount: number }
  | { kind: 'rollback'; transactionId: string; betTransactionId: string; roundId: string | null };

export interface VendorCallResult {
  answer: VendorWalletAnswer;
  /** True when this is the stored answer of an earlier call with the same id and body. */
  replayed: boolean;
}

type TransactionRow = {
  transaction_id: string;
  kind: VendorTransactionKind;
  session_id: string;
  user_id: string;
  amount_minor: number | string;
  body_hash: string;
  answer: VendorWalletAnswer | string;
  status: string;
  ledger_entry_ids: number[] | string;
};

const parseJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

/** Display amount of the session currency -> minor units; null when it has too many decimals. */
export function amountToMinor(currency: Currency, amount: number): number | null {
  if (!Number.isFinite(amount) || amount < 0) return null;
  if (currency === 'gold') return Number.isSafeInteger(amount) ? amount : null;
  return displayToCents(amount);
}

/** What makes two calls "the same": the session, the kind and every field the vendor sent. */
function bodyHash(session: VendorSession, call: VendorCall): string {
  const canonical = JSON.stringify([
    session.id,
    call.kind,
    call.transactionId,
    'betTransactionId' in call ? call.betTransactionId : null,
    call.roundId,
    'amount' in call ? call.amount : null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

/** The session currency's spendable balance (Sweeps: paid + free + redeemable), minor units. */
export async function currencyBalanceMinor(
  db: Queryable,
  userId: string,
  currency: Currency,
): Promise<number> {
  const rows = await db.query<{ total: number | string | null }>(
    `SELECT sum(amount_minor) AS total FROM wallet_balances
      WHERE user_id = $1 AND currency = $2 AND bucket IN ('main', 'paid', 'free', 'redeemable')`,
    [userId, currency],
  );
  return Number(rows[0]?.total ?? 0);
}

const isTransactionIdRace = (error: unknown): boolean =>
  sqlState(error) === '23505' &&
  (constraintName(error) ?? String((error as Error).message)).includes('transaction_id');

const sessionExpired = () =>
  new ApiError(
    403,
    E.VENDOR_SESSION_EXPIRED,
    'The game session has expired: no new bets. Wins and rollbacks of placed bets are still accepted.',
  );

export async function runVendorCall(
  db: Database,
  session: VendorSession,
  call: VendorCall,
  nowMs: number,
  logger?: Logger,
): Promise<VendorCallResult> {
  let amountMinor = 0;
  if (call.kind !== 'rollback') {
    const minor = amountToMinor(session.currency, call.amount);
    if (minor === null || (call.kind === 'bet' && minor === 0))
      throw new ApiError(
        400,
        E.VENDOR_AMOUNT_INVALID,
        session.currency === 'gold'
          ? 'Gold Coin amounts are whole coins' + (call.kind === 'bet' ? ', a bet at least 1.' : '.')
          : 'Sweeps Coin amounts have at most 2 decimals' +
              (call.kind === 'bet' ? ', a bet at least 0.01.' : '.'),
        'amount',
      );
    amountMinor = minor;
  }
  const hash = bodyHash(session, call);
  const game = await findLaunchableGame(db, session.gameId, nowMs);
  const catalogue: CatalogueFacts = {
    name: game?.name ?? session.gameId,
    // The catalogue's limits bind the vendor too: a bet outside them is refused like a house game's.
    limits: game?.betLimitsMinor?.[session.currency] ?? null,
    // And its published maximum win: more than that is never credited.
    maxWinMultiple: maxWinMultipleOf(session.gameId),
  };
  // Two calls with one id for two players are not serialised by the player lock: the unique
  // transaction id stops the second, and running it again answers it from the first one's row.
  for (let attempt = 1; ; attempt++) {
    try {
      return await walletTransaction(db, session.userId, (tx) =>
        applyCall(tx, session, call, amountMinor, hash, nowMs, catalogue),
      );
    } catch (error) {
      if (error instanceof WinAboveMaximum) {
        // Nothing of the call was written (its transaction rolled back); the record is its own.
        await recordRefusedWin(db, session, call, error, nowMs, logger);
        throw error;
      }
      if (!isTransactionIdRace(error) || attempt >= 3) throw error;
    }
  }
}

/** The operator's record of a refused win: an audit row of the server's own and a warning in the log. */
async function recordRefusedWin(
  db: Database,
  session: VendorSession,
  call: VendorCall,
  error: WinAboveMaximum,
  nowMs: number,
  logger: Logger | undefined,
): Promise<void> {
  const details = {
    game_id: session.gameId,
    session_id: session.id,
    currency: session.currency,
    transaction_id: call.transactionId,
    bet_transaction_id: error.record.betTransactionId,
    round_id: error.record.roundId,
    amount: error.record.amount,
    ...error.extra,
  };
  logger?.warn('vendor win above the game maximum: refused, not credited', {
    user_id: session.userId,
    ...details,
  });
  await recordServerEvent(db, {
    nowMs,
    action: 'vendor_win_refused',
    playerId: session.userId,
    subject: `vendor-win:${call.transactionId}`.slice(0, 200),
    before: null,
    after: details,
    reason: error.message,
  });
}

async function applyCall(
  tx: Queryable,
  session: VendorSession,
  call: VendorCall,
  amountMinor: number,
  hash: string,
  nowMs: number,
  { name, limits, maxWinMultiple }: CatalogueFacts,
): Promise<VendorCallResult> {
  // Every vendor call of this player waits here for the one before it (READ COMMITTED: each
  // statement below then sees what that one committed).
  const [player] = await tx.query<{ account_state: string }>(
    'SELECT account_state FROM users WHERE id = $1 FOR NO KEY UPDATE',
    [session.userId],
  );
  const existing = await findTransaction(tx, call.transactionId);
  if (existing) {
    if (existing.body_hash !== hash)
      throw new ApiError(
        409,
        E.DUPLICATE_TRANSACTION,
        'This transaction id was already used with a different request.',
        'transaction_id',
      );
    return { answer: parseJson(existing.answer), replayed: true };
  }
  const createdAt = new Date(nowMs).toISOString();
  const currency = session.currency;
  const record = async (
    fields: {
      status: string;
      amountMinor: number;
      betTransactionId: string | null;
      ledgerEntryIds: number[];
    },
    balanceMinor: number,
  ): Promise<VendorCallResult> => {
    const answer: VendorWalletAnswer = {
      currency,
      balance: minorToDisplay(currency, balanceMinor),
      transaction_id: call.transactionId,
      kind: call.kind,
      amount: minorToDisplay(currency, fields.amountMinor),
    };
    await tx.query(
      `INSERT INTO vendor_transactions (transaction_id, kind, session_id, user_id, currency, amount_minor,
         round_id, bet_transaction_id, body_hash, answer, status, ledger_entry_ids, created_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::jsonb, $13)`,
      [
        call.transactionId,
        call.kind,
        session.id,
        session.userId,
        currency,
        fields.amountMinor,
        call.roundId,
        fields.betTransactionId,
        hash,
        JSON.stringify(answer),
        fields.status,
        JSON.stringify(fields.ledgerEntryIds),
        createdAt,
      ],
    );
    return { answer, replayed: false };
  };
  const reference = `vendor:${session.gameId}:${call.roundId ?? call.transactionId}`.slice(0, 200);

  if (call.kind === 'bet') {
    if (session.expiresAtMs <= nowMs) throw sessionExpired();
    // A player who closed the account mid-session places no new bets; placed ones still settle.
    if (player?.account_state === 'closed')
      throw accountStateRefusal(
        403,
        ERROR_CODES.ACCOUNT_CLOSED,
        'This account is closed: no new bets.',
        'closed',
      );
    // A break, self-exclusion, suspension or a W-9 now required stops new bets the same way.
    await assertMayAct(tx, session.userId, 'play', nowMs);
    // A Sweeps session ends its betting when the player's state loses Sweeps or their identity
    // needs verifying meanwhile (the launch refused gold-only mode already).
    if (session.currency === 'sweeps') await assertSweepsPlay(tx, { goldOnly: false }, session.userId);
    if (limits && (amountMinor < limits.min || amountMinor > limits.max))
      throw new ApiError(
        400,
        GAME_ERROR_CODES.BET_OUT_OF_RANGE,
        'The bet is outside the limits of this game.',
        'amount',
        {
          min_bet: minorToDisplay(currency, limits.min),
          max_bet: minorToDisplay(currency, limits.max),
        },
      );
    const rolledBack = await tx.query(
      "SELECT 1 FROM vendor_transactions WHERE kind = 'rollback' AND bet_transaction_id = $1 LIMIT 1",
      [call.transactionId],
    );
    if (rolledBack.length > 0)
      throw new ApiError(
        409,
        E.VENDOR_BET_ROLLED_BACK,
        'This bet was rolled back before it arrived; it is refused.',
        'transaction_id',
      );
    const movement = {
      userId: session.userId,
      amountMinor,
      reference,
      idempotencyKey: `vendor-bet:${call.transactionId}`,
      description: `${name} bet`,
      createdAt,
    };
    let spent;
    try {
      spent = currency === 'gold' ? await spendGold(tx, movement) : await spendSweeps(tx, movement);
    } catch (error) {
      if (error instanceof InsufficientFundsError)
        throw new ApiError(
          402,
          E.INSUFFICIENT_BALANCE,
          `The bet is more than the player's ${currency === 'gold' ? 'Gold Coin' : 'Sweeps Coin'} balance.`,
          'amount',
        );
      throw error;
    }
    // A vendor bet counts for the challenges when it is placed (a lost bet gets no later call).
    await recordPlayPoints(tx, {
      source: `vendor-bet:${call.transactionId}`,
      userId: session.userId,
      gameId: session.gameId,
      currency,
      wageredMinor: amountMinor,
      atMs: nowMs,
    });
    return record(
      {
        status: 'open',
        amountMinor,
        betTransactionId: null,
        ledgerEntryIds: spent.parts.map((p) => p.entryId),
      },
      spent.currencyTotalAfterMinor,
    );
  }

  const bet = await findTransaction(tx, call.betTransactionId, true);
  const betOfSession = bet && bet.kind === 'bet' && bet.session_id === session.id ? bet : null;

  if (call.kind === 'win') {
    requireSessionBet(
      betOfSession,
      'rolled_back',
      E.VENDOR_BET_ROLLED_BACK,
      'This bet was rolled back: it cannot win.',
    );
    // All the wins of one bet (a feature may pay several) stay within the published maximum.
    if (maxWinMultiple !== null && amountMinor > 0) {
      const betMinor = Number(betOfSession.amount_minor);
      const [won] = await tx.query<{ total: number | string | null }>(
        "SELECT sum(amount_minor) AS total FROM vendor_transactions WHERE kind = 'win' AND bet_transaction_id = $1",
        [call.betTransactionId],
      );
      const wonMinor = Number(won?.total ?? 0);
      const maxMinor = maxWinMinor(betMinor, maxWinMultiple);
      if (wonMinor + amountMinor > maxMinor)
        throw new WinAboveMaximum(
          {
            userId: session.userId,
            betTransactionId: call.betTransactionId,
            roundId: call.roundId,
            amount: call.amount,
          },
          currency,
          { maxWinMultiple, betMinor, maxMinor, wonMinor },
        );
    }
    let ledgerEntryIds: number[] = [];
    let balance: number;
    if (amountMinor > 0) {
      const won = await creditWin(tx, {
        userId: session.userId,
        currency,
        amountMinor,
        reference,
        idempotencyKey: `vendor-win:${call.transactionId}`,
        description: `${name} win`,
        createdAt,
      });
      ledgerEntryIds = won.parts.map((p) => p.entryId);
      balance = won.currencyTotalAfterMinor;
    } else balance = await currencyBalanceMinor(tx, session.userId, currency);
    await tx.query("UPDATE vendor_transactions SET status = 'settled' WHERE transaction_id = $1", [
      call.betTransactionId,
    ]);
    return record(
      { status: 'credited', amountMinor, betTransactionId: call.betTransactionId, ledgerEntryIds },
      balance,
    );
  }

  // Rollback.
  const refundNothing = async (status: 'bet_unknown' | 'nothing_to_refund') =>
    record(
      { status, amountMinor: 0, betTransactionId: call.betTransactionId, ledgerEntryIds: [] },
      await currencyBalanceMinor(tx, session.userId, currency),
    );
  // Unknown bet: recorded, so the bet is refused if it arrives after its rollback.
  if (!bet) return refundNothing('bet_unknown');
  requireSessionBet(
    betOfSession,
    'settled',
    E.VENDOR_BET_SETTLED,
    'This bet already has a win: it cannot be rolled back.',
  );
  if (betOfSession.status === 'rolled_back') return refundNothing('nothing_to_refund');
  // Each debit entry is reversed into the bucket it came from (paid, free, redeemable or main).
  let balance = await currencyBalanceMinor(tx, session.userId, currency);
  const reversalIds: number[] = [];
  for (const entryId of parseJson(betOfSession.ledger_entry_ids)) {
    const reversed = await reverseEntry(tx, Number(entryId), `${name} bet rolled back`, {
      createdAt,
    });
    reversalIds.push(...reversed.parts.map((p) => p.entryId));
    balance = reversed.currencyTotalAfterMinor;
  }
  await tx.query("UPDATE vendor_transactions SET status = 'rolled_back' WHERE transaction_id = $1", [
    call.betTransactionId,
  ]);
  // A refunded bet loses the challenge points it earned.
  await voidPlayPoints(tx, `vendor-bet:${call.betTransactionId}`, nowMs);
  return record(
    {
      status: 'refunded',
      amountMinor: Number(betOfSession.amount_minor),
      betTransactionId: call.betTransactionId,
      ledgerEntryIds: reversalIds,
    },
    balance,
  );
}

/**
 * The bet a win or rollback names must be a bet of this session (404 otherwise) and not in the
 * one state that ends what the call wants to do (409).
 */
function requireSessionBet(
  bet: TransactionRow | null,
  refusedStatus: 'rolled_back' | 'settled',
  refusedCode: ApiErrorCode,
  refusedMessage: string,
): asserts bet is TransactionRow {
  if (!bet)
    throw new ApiError(
      404,
      E.VENDOR_BET_NOT_FOUND,
      'No bet with this id in this session.',
      'bet_transaction_id',
    );
  if (bet.status === refusedStatus)
    throw new ApiError(409, refusedCode, refusedMessage, 'bet_transaction_id');
}

async function findTransaction(
  tx: Queryable,
  transactionId: string,
  lock = false,
): Promise<TransactionRow | null> {
  const rows = await tx.query<TransactionRow>(
    `SELECT transaction_id, kind, session_id, user_id, amount_minor, body_hash, answer, status, ledger_entry_ids
       FROM vendor_transactions WHERE transaction_id = $1${lock ? ' FOR UPDATE' : ''}`,
    [transactionId],
  );
  return rows[0] ?? null;
}
