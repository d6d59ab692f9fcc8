/**
 * Operators: a role of their own, with their own table and credentials (never a player account).
 * Created by `npm run operator -- create-operator <email>` or, at server start, from
 * OPERATOR_EMAIL + OPERATOR_PASSWORD (created when missing, its password set again when the
 * environment's differs). Each creation is written to the audit trail.
 */
import { normalizeEmail } from '../../../src/contract/eligibility.ts';
import { OPERATOR_PASSWORD_MIN_LENGTH } from '../../../src/contract/operator.ts';
import type { Database, Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import type { PasswordHasher } from '../../core/sessions/password-hash.ts';
import { writeAuditRow } from '../../core/audit.ts';

export type OperatorRow = {
  id: string;
  email: string;
  password_hash: string;
};

export class OperatorInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OperatorInputError';
  }
}

const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function checkOperatorEmail(raw: string): string {
  const email = normalizeEmail(raw);
  if (email.length > 254 || !EMAIL_SHAPE.test(email))
    throw new OperatorInputError(`Not an email address: "${raw}".`);
  return email;
}

export function checkOperatorPassword(password: string): string {
  if (password.length < OPERATOR_PASSWORD_MIN_LENGTH)
    throw new OperatorInputError(
      `The operator password must be at least ${OPERATOR_PASSWORD_MIN_LENGTH} characters.`,
    );
  if (password.length > 256)
    throw new OperatorInputError('The operator password must be at most 256 characters.');
  return password;
}

export async function findOperatorByEmail(db: Queryable, email: string): Promise<OperatorRow | null> {
  const rows = await db.query<OperatorRow>(
    'SELECT id, email, password_hash FROM operators WHERE email = $1',
    [normalizeEmail(email)],
  );
  return rows[0] ?? null;
}

/**
 * Creates an operator; answers null when the email is taken. `createdBy` is the operator who
 * creates it (null: the first one, from the command line or the environment).
 */
export async function createOperator(
  db: Database,
  hasher: PasswordHasher,
  input: { email: string; password: string; createdBy: string | null; nowMs: number },
): Promise<OperatorRow | null> {
  const email = checkOperatorEmail(input.email);
  const hash = await hasher.hash(checkOperatorPassword(input.password));
  return transaction(db, async (tx) => {
    const rows = await tx.query<OperatorRow>(
      `INSERT INTO operators (email, password_hash, created_at) VALUES ($1, $2, $3)
       ON CONFLICT (email) DO NOTHING RETURNING id, email, password_hash`,
      [email, hash, new Date(input.nowMs).toISOString()],
    );
    const created = rows[0];
    if (!created) return null;
    await writeAuditRow(tx, {
      operatorId: input.createdBy ?? created.id,
      nowMs: input.nowMs,
      action: 'operator_created',
      playerId: null,
      subject: created.email,
      before: null,
      after: { email: created.email },
      reason: input.createdBy ? null : 'first operator (command line or environment)',
    });
    return created;
  });
}

/**
 * The operator named by OPERATOR_EMAIL / OPERATOR_PASSWORD: created when missing; when it exists
 * with another password, the environment's is set (so rotating the variable rotates the password).
 */
export async function ensureOperatorFromEnvironment(
  db: Database,
  hasher: PasswordHasher,
  credentials: { email: string; password: string },
  nowMs: number,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await findOperatorByEmail(db, credentials.email);
  if (!existing) {
    const created = await createOperator(db, hasher, { ...credentials, createdBy: null, nowMs });
    return created ? 'created' : 'unchanged';
  }
  if ((await hasher.verify(credentials.password, existing.password_hash)).ok) return 'unchanged';
  await db.query('UPDATE operators SET password_hash = $2 WHERE id = $1', [
    existing.id,
    await hasher.hash(checkOperatorPassword(credentials.password)),
  ]);
  return 'updated';
}
