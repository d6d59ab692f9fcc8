/**
 * The reality check's figures for the current session. The session is the sign-in session of
 * the access token (auth_sessions: from sign-in, kept across token refreshes, ended by sign-out
 * or inactivity). Time played counts from its start; bets and wins are the ledger's bet and win
 * entries written since then (house game rounds and vendor bets alike), each less its reversal
 * (a vendor rollback), per currency. Net result = wins - bets.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import type { SessionResult, SessionSummary } from '../../../src/contract/responsible-play.ts';
import type { Queryable } from '../../db/driver.ts';
import { minorToDisplay } from '../../core/ledger/money.ts';

const MINUTE_MS = 60_000;

export async function sessionSummary(
  db: Queryable,
  userId: string,
  sessionId: string,
  nowMs: number,
): Promise<SessionSummary> {
  const sessions = await db.query<{
    created_at: Date | string;
    reality_check_minutes: number | string | null;
  }>(
    `SELECT s.created_at, u.reality_check_minutes
       FROM auth_sessions s JOIN users u ON u.id = s.user_id
      WHERE s.id = $1 AND s.user_id = $2`,
    [sessionId, userId],
  );
  const session = sessions[0];
  if (!session) throw new Error('session not found');
  const startedAt = new Date(session.created_at).toISOString();
  const rows = await db.query<{ currency: Currency; bets: number | string; wins: number | string }>(
    `SELECT e.currency,
            COALESCE(SUM(CASE WHEN e.kind = 'bet' OR o.kind = 'bet' THEN -e.amount_minor ELSE 0 END), 0) AS bets,
            COALESCE(SUM(CASE WHEN e.kind = 'win' OR o.kind = 'win' THEN e.amount_minor ELSE 0 END), 0) AS wins
       FROM ledger_entries e
       LEFT JOIN ledger_entries o ON e.kind = 'reversal' AND o.id = e.reverses_entry_id
      WHERE e.user_id = $1 AND e.created_at >= $2
        AND (e.kind IN ('bet', 'win') OR o.kind IN ('bet', 'win'))
      GROUP BY e.currency
      ORDER BY e.currency`,
    [userId, startedAt],
  );
  const results: SessionResult[] = rows.map((r) => {
    const bets = Number(r.bets);
    const wins = Number(r.wins);
    return {
      currency: r.currency,
      bets: minorToDisplay(r.currency, bets),
      wins: minorToDisplay(r.currency, wins),
      net: minorToDisplay(r.currency, wins - bets),
    };
  });
  return {
    started_at: startedAt,
    now: new Date(nowMs).toISOString(),
    minutes_played: Math.max(0, Math.floor((nowMs - Date.parse(startedAt)) / MINUTE_MS)),
    results,
    reality_check_minutes:
      session.reality_check_minutes === null ? null : Number(session.reality_check_minutes),
  };
}
