/**
 * The operator audit trail (table operator_audit): who did what, when, to which player and
 * subject, the state before and after, and why. An action and its audit row are written in ONE
 * transaction (`runOperatorAction`), so an action that fails leaves no row and a row always
 * describes a change that happened.
 *
 * The server also writes rows of its own (no operator: operator_id NULL, listed as
 * SERVER_AUDIT_ACTOR) for what an operator must look into, e.g. a vendor win above the game's
 * published maximum that was refused (`recordServerEvent`).
 */
import { SERVER_AUDIT_ACTOR, type AuditRow, type OperatorAuditAction } from '../../src/contract/operator.ts';
import type { Database, Queryable } from '../db/driver.ts';
import { transaction } from '../db/transaction.ts';

export interface AuditEntry {
  /** Null for a row the server writes itself. */
  operatorId: string | null;
  nowMs: number;
  action: OperatorAuditAction;
  playerId: string | null;
  subject: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
}

/** JSON text for a jsonb column; bigint values (some drivers' int8) as decimal strings. */
const jsonOrNull = (value: unknown): string | null =>
  value === null || value === undefined
    ? null
    : JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));

/** Inserts one audit row inside the caller's transaction; answers its id. */
export async function writeAuditRow(tx: Queryable, entry: AuditEntry): Promise<string> {
  const rows = await tx.query<{ id: string | number }>(
    `INSERT INTO operator_audit (operator_id, at, action, player_id, subject, before, after, reason)
     VALUES ($1, $2, $3, $4, $5, $6::text::jsonb, $7::text::jsonb, $8) RETURNING id`,
    [
      entry.operatorId,
      new Date(entry.nowMs).toISOString(),
      entry.action,
      entry.playerId,
      entry.subject,
      jsonOrNull(entry.before),
      jsonOrNull(entry.after),
      entry.reason,
    ],
  );
  return String(rows[0]!.id);
}

/**
 * A row the server writes itself, in its own transaction (the refused call it records wrote
 * nothing). One row per subject and action: a vendor sending the same refused call again adds none.
 */
export async function recordServerEvent(
  db: Database,
  entry: Omit<AuditEntry, 'operatorId' | 'subject'> & { subject: string },
): Promise<void> {
  await transaction(db, async (tx) => {
    const seen = await tx.query(
      'SELECT 1 FROM operator_audit WHERE operator_id IS NULL AND action = $1 AND subject = $2 LIMIT 1',
      [entry.action, entry.subject],
    );
    if (seen.length === 0) await writeAuditRow(tx, { ...entry, operatorId: null });
  });
}

/** Who acts and when. */
export interface OperatorActor {
  operatorId: string;
  nowMs: number;
}

/** What an action did, for its audit row and its answer. */
export interface ActionOutcome {
  action: OperatorAuditAction;
  playerId: string | null;
  subject: string | null;
  /** An object (or null), never a bare scalar: both drivers answer jsonb objects parsed. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  reason: string | null;
}

/**
 * Runs `act` and writes its audit row in one transaction; answers what `act` answered and the
 * audit row's id. `act` may run more than once (the transaction retries serialization
 * failures), so it must only touch the database through `tx`.
 */
export async function runOperatorAction<O extends ActionOutcome>(
  db: Database,
  actor: OperatorActor,
  act: (tx: Queryable) => Promise<O>,
): Promise<O & { auditId: string }> {
  return transaction(db, async (tx) => {
    const outcome = await act(tx);
    const auditId = await writeAuditRow(tx, {
      operatorId: actor.operatorId,
      nowMs: actor.nowMs,
      action: outcome.action,
      playerId: outcome.playerId,
      subject: outcome.subject,
      before: outcome.before,
      after: outcome.after,
      reason: outcome.reason,
    });
    return { ...outcome, auditId };
  });
}

type AuditDbRow = {
  id: string | number;
  operator_email: string;
  at: Date | string;
  action: string;
  player_id: string | null;
  subject: string | null;
  before: unknown;
  after: unknown;
  reason: string | null;
};

/** The latest audit rows, newest first. */
export async function listAudit(db: Queryable, limit: number): Promise<AuditRow[]> {
  const rows = await db.query<AuditDbRow>(
    `SELECT a.id, coalesce(o.email, $2) AS operator_email, a.at, a.action, a.player_id, a.subject, a.before,
            a.after, a.reason
       FROM operator_audit a LEFT JOIN operators o ON o.id = a.operator_id
      ORDER BY a.at DESC, a.id DESC LIMIT $1`,
    [limit, SERVER_AUDIT_ACTOR],
  );
  return rows.map((r) => ({
    id: String(r.id),
    operator_email: r.operator_email,
    at: new Date(r.at).toISOString(),
    action: r.action,
    player_id: r.player_id,
    subject: r.subject,
    before: r.before,
    after: r.after,
    reason: r.reason,
  }));
}
