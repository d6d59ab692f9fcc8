/**
 * W-9 forms and their confirmation (docs/tax.md), the only writer of w9_submissions and of the
 * W-9 part of a player's standing after the threshold has asked for it:
 *
 *   create  the form (legal name, address, ZIP, last four SSN digits sealed with the W-9 key,
 *           certification) -> a submission 'submitted'; a submitted one not yet confirmed is
 *           superseded; a confirmed one is final (409); a suspended account is refused (403).
 *   confirm the W-9 info dialog (zipCode, ssnLastFour) against the submission in force and the
 *           taxpayer-number check -> confirmed (users.w9_state confirmed) or mismatched
 *           (users.w9_state mismatched, the account suspended with reason 'w9_mismatch').
 *
 * Both run in one serializable transaction that first locks the player's row, so a burst of
 * forms or confirmations from one player is decided one at a time and one submission stays in
 * force (the partial unique index of migration 0010 holds it too).
 */
import { centsToDisplay } from '../../core/ledger/money.ts';
import { PLAYER_STANDING_ERROR_CODES } from '../../../src/contract/player-standing.ts';
import { PLAYER_STANDING_TEXTS } from '../../../src/contract/player-standing-texts.ts';
import {
  SSN_MASK,
  TAX_ERROR_CODES,
  TAX_TEXTS,
  W9_THRESHOLD_USD_CENTS,
  type W9ConfirmRequest,
  type W9ConfirmResponse,
  type W9CreateRequest,
  type W9StatusResponse,
  type W9Submission,
  type W9SubmissionState,
} from '../../../src/contract/tax.ts';
import type { W9State } from '../../../src/contract/player-standing.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { accountStateRefusal } from '../../http/account-status.ts';
import { readPlayerStanding } from '../../core/play-gate.ts';
import { openLastFour, sealLastFour } from './ssn-last-four-cipher.ts';
import type { TinMatcher } from './tin-match-sandbox.ts';

export const W9_MISMATCH_SUSPENSION_REASON = 'w9_mismatch';

type SubmissionRow = {
  id: string;
  state: W9SubmissionState;
  legal_name: string;
  zip_code: string;
  ssn_last_four_ciphertext: Uint8Array;
  ssn_last_four_iv: Uint8Array;
  ssn_last_four_tag: Uint8Array;
  created_at: Date | string;
  decided_at: Date | string | null;
};

const SUBMISSION_COLUMNS = `id, state, legal_name, zip_code, ssn_last_four_ciphertext, ssn_last_four_iv,
  ssn_last_four_tag, created_at, decided_at`;

const iso = (v: Date | string): string => new Date(v).toISOString();

/** The play gate's answer for a suspended account, with the reason the suspension was given. */
const suspended = (reason: string | null) =>
  accountStateRefusal(
    403,
    PLAYER_STANDING_ERROR_CODES.ACCOUNT_SUSPENDED,
    PLAYER_STANDING_TEXTS.suspended,
    'suspended',
    { reason },
  );

async function lockPlayer(
  tx: Queryable,
  userId: string,
): Promise<{ w9State: W9State; suspended: boolean; suspensionReason: string | null }> {
  const rows = await tx.query<{ w9_state: W9State; suspended_at: unknown; suspension_reason: string | null }>(
    'SELECT w9_state, suspended_at, suspension_reason FROM users WHERE id = $1 FOR UPDATE',
    [userId],
  );
  const row = rows[0];
  if (!row) throw new Error(`player ${userId} not found`);
  return {
    w9State: row.w9_state,
    suspended: row.suspended_at !== null,
    suspensionReason: row.suspension_reason,
  };
}

async function submissionInForce(tx: Queryable, userId: string): Promise<SubmissionRow | null> {
  const rows = await tx.query<SubmissionRow>(
    `SELECT ${SUBMISSION_COLUMNS} FROM w9_submissions WHERE user_id = $1 AND state <> 'superseded'`,
    [userId],
  );
  return rows[0] ?? null;
}

const toWire = (row: SubmissionRow): W9Submission => ({
  id: row.id,
  state: row.state,
  legal_name: row.legal_name,
  zip_code: row.zip_code,
  ssn_last_four: SSN_MASK,
  submitted_at: iso(row.created_at),
  decided_at: row.decided_at === null ? null : iso(row.decided_at),
});

export async function readW9Status(db: Queryable, userId: string): Promise<W9StatusResponse> {
  const standing = await readPlayerStanding(db, userId);
  if (!standing) throw new Error(`player ${userId} not found`);
  const submission = await submissionInForce(db, userId);
  return {
    w9_state: standing.w9State,
    suspended: standing.suspendedAt !== null,
    submission: submission ? toWire(submission) : null,
    threshold_usd: centsToDisplay(W9_THRESHOLD_USD_CENTS).toFixed(2),
  };
}

/** Stores a validated W-9 form as the player's submission in force. */
export async function createW9Submission(
  tx: Queryable,
  key: string,
  userId: string,
  form: W9CreateRequest,
  nowMs: number,
): Promise<void> {
  const player = await lockPlayer(tx, userId);
  if (player.suspended) throw suspended(player.suspensionReason);
  const current = await submissionInForce(tx, userId);
  if (current?.state === 'confirmed' || player.w9State === 'confirmed')
    throw new ApiError(409, TAX_ERROR_CODES.W9_ALREADY_CONFIRMED, TAX_TEXTS.alreadyConfirmed);
  const now = new Date(nowMs).toISOString();
  // A form not yet confirmed, or one mismatched whose suspension support has since lifted, gives way.
  await tx.query(
    `UPDATE w9_submissions SET state = 'superseded' WHERE user_id = $1 AND state IN ('submitted', 'mismatched')`,
    [userId],
  );
  const sealed = sealLastFour(key, userId, form.ssn_last_four);
  await tx.query(
    `INSERT INTO w9_submissions (user_id, legal_name, address_line_1, address_line_2, city, state_or_province,
       zip_code, ssn_last_four_ciphertext, ssn_last_four_iv, ssn_last_four_tag, certified_at, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11)`,
    [
      userId,
      form.legal_name,
      form.address_line_1,
      form.address_line_2 ?? null,
      form.city,
      form.state_or_province,
      form.zip_code,
      sealed.ciphertext,
      sealed.iv,
      sealed.tag,
      now,
    ],
  );
}

/** The last four digits of a stored submission, decrypted only to compare with the info dialog. */
function lastFourOf(key: string, userId: string, row: SubmissionRow): string {
  return openLastFour(key, userId, {
    ciphertext: Buffer.from(row.ssn_last_four_ciphertext),
    iv: Buffer.from(row.ssn_last_four_iv),
    tag: Buffer.from(row.ssn_last_four_tag),
  });
}

/** Decides the submission in force from the W-9 info dialog; see the module comment. */
export async function confirmW9Info(
  tx: Queryable,
  key: string,
  userId: string,
  info: W9ConfirmRequest,
  tinMatch: TinMatcher,
  nowMs: number,
): Promise<W9ConfirmResponse> {
  const player = await lockPlayer(tx, userId);
  if (player.suspended) throw suspended(player.suspensionReason);
  const submission = await submissionInForce(tx, userId);
  // No form yet, or a mismatched one (support lifted the suspension): a new form comes first.
  if (!submission || submission.state === 'mismatched')
    throw new ApiError(409, TAX_ERROR_CODES.W9_NOT_SUBMITTED, TAX_TEXTS.notSubmitted);
  const lastFour = lastFourOf(key, userId, submission);
  const sameInfo = submission.zip_code === info.zipCode && lastFour === info.ssnLastFour;
  if (submission.state === 'confirmed') {
    // A repeated confirmation (a double tap, a retry) answers the decision already taken.
    if (sameInfo) return { outcome: 'confirmed', w9_state: 'confirmed', suspended: false };
    throw new ApiError(409, TAX_ERROR_CODES.W9_ALREADY_CONFIRMED, TAX_TEXTS.alreadyConfirmed);
  }
  const now = new Date(nowMs).toISOString();
  if (sameInfo && tinMatch({ legalName: submission.legal_name, ssnLastFour: lastFour })) {
    await tx.query(`UPDATE w9_submissions SET state = 'confirmed', decided_at = $2 WHERE id = $1`, [
      submission.id,
      now,
    ]);
    await tx.query(`UPDATE users SET w9_state = 'confirmed' WHERE id = $1`, [userId]);
    return { outcome: 'confirmed', w9_state: 'confirmed', suspended: false };
  }
  await tx.query(`UPDATE w9_submissions SET state = 'mismatched', decided_at = $2 WHERE id = $1`, [
    submission.id,
    now,
  ]);
  await tx.query(
    `UPDATE users SET w9_state = 'mismatched', suspended_at = $2, suspension_reason = $3 WHERE id = $1`,
    [userId, now, W9_MISMATCH_SUSPENSION_REASON],
  );
  return { outcome: 'mismatched', w9_state: 'mismatched', suspended: true };
}
