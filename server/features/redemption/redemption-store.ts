/**
 * Redemption rows, their status timeline and their wire shape. Every status change goes through
 * `changeStatus`, which checks the transition table, writes the row and the timeline step in the
 * caller's transaction, so a redemption's status and its timeline never disagree.
 */
import { centsToDisplay } from '../../core/ledger/money.ts';
import {
  GIFT_CARD_BRAND_LABELS,
  REDEMPTION_ERROR_CODES,
  REDEMPTION_SERVICE_LEVELS_MS,
  REDEMPTION_TEXTS,
  type GiftCardBrand,
  type Redemption,
  type RedemptionMethod,
  type RedemptionStatus,
  type TimelineEntry,
  type TimelineStep,
} from '../../../src/contract/redemption.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';

/** One row of `redemptions` as the database answers it (bigints may arrive as strings). */
export interface RedemptionRow {
  [key: string]: unknown;
  id: string;
  user_id: string;
  method: RedemptionMethod;
  cash_out: boolean;
  sweeps_cents: number | string;
  usd_cents: number | string;
  sweeps_per_usd: number | string;
  fee_usd_cents: number | string;
  fee_sweeps_cents: number | string;
  status: RedemptionStatus;
  minimum_tier: 'regular' | 'low';
  paypal_email: string | null;
  bank_account_holder: string | null;
  bank_routing_number: string | null;
  bank_account_last4: string | null;
  bank_account_type: string | null;
  bank_account_encrypted: string | null;
  mailing_address: MailingAddress | string | null;
  gift_card_brand: GiftCardBrand | null;
  prizeout_email: string | null;
  rejection_reason: string | null;
  request_key: string;
  debit_entry_id: number | string | null;
  hold_entry_id: number | string | null;
  fee_entry_id: number | string | null;
  created_at: Date | string;
  updated_at: Date | string;
}

export interface MailingAddress {
  name: string;
  address_line_1: string;
  address_line_2: string | null;
  city: string;
  state_or_province: string;
  postal_code: string;
}

/**
 * Which status may follow which (docs/redemption.md): the player cancels only while pending; the
 * operator approves a pending one, sends an approved one, marks a sent one paid, and rejects any
 * that is not final (a sent one is rejected when the payout comes back, e.g. a returned ACH).
 */
export const ALLOWED_TRANSITIONS: Readonly<Record<RedemptionStatus, readonly RedemptionStatus[]>> = {
  pending: ['approved', 'cancelled', 'rejected'],
  approved: ['sent', 'rejected'],
  sent: ['paid', 'rejected'],
  paid: [],
  cancelled: [],
  rejected: [],
};

export const isUuid = (v: string): boolean =>
  /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v);

export const redemptionNotFound = () =>
  new ApiError(404, REDEMPTION_ERROR_CODES.REDEMPTION_NOT_FOUND, REDEMPTION_TEXTS.notFound, 'redemption_id');

export const illegalTransition = (from: RedemptionStatus, to: RedemptionStatus) =>
  new ApiError(
    409,
    REDEMPTION_ERROR_CODES.REDEMPTION_ILLEGAL_TRANSITION,
    REDEMPTION_TEXTS.illegalTransition.replace('{status}', from).replace('{to}', to),
    null,
    { status: from, to },
  );

/** Reads and locks a redemption (FOR UPDATE): two changes of one redemption run one after the other. */
export async function lockRedemption(
  tx: Queryable,
  redemptionId: string,
  userId?: string,
): Promise<RedemptionRow | null> {
  if (!isUuid(redemptionId)) return null;
  const rows = await tx.query<RedemptionRow>(
    userId === undefined
      ? 'SELECT * FROM redemptions WHERE id = $1 FOR UPDATE'
      : 'SELECT * FROM redemptions WHERE id = $1 AND user_id = $2 FOR UPDATE',
    userId === undefined ? [redemptionId] : [redemptionId, userId],
  );
  return rows[0] ?? null;
}

/** How long after `step` the next step is expected (null once the redemption has ended). */
export function expectedNextAfter(
  row: Pick<RedemptionRow, 'method' | 'cash_out'>,
  step: TimelineStep,
  atMs: number,
): number | null {
  const levels = REDEMPTION_SERVICE_LEVELS_MS[row.cash_out ? 'cash_out' : row.method];
  switch (step) {
    case 'requested':
      return atMs; // the identity check runs with the request
    case 'identity_checked':
      return atMs + levels.review;
    case 'approved':
      return atMs + levels.send;
    case 'sent':
      return atMs + levels.settle;
    default:
      return null;
  }
}

export async function addTimelineStep(
  tx: Queryable,
  row: Pick<RedemptionRow, 'id' | 'method' | 'cash_out'>,
  step: TimelineStep,
  atMs: number,
  note: string | null = null,
): Promise<void> {
  const next = expectedNextAfter(row, step, atMs);
  await tx.query(
    `INSERT INTO redemption_events (redemption_id, step, at, expected_next_at, note)
     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (redemption_id, step) DO NOTHING`,
    [row.id, step, new Date(atMs).toISOString(), next === null ? null : new Date(next).toISOString(), note],
  );
}

/**
 * Moves a locked redemption to `to` (409 REDEMPTION_ILLEGAL_TRANSITION when the table forbids it),
 * with the timeline step of the same name. Answers the row after. The caller moves the coins.
 */
export async function changeStatus(
  tx: Queryable,
  row: RedemptionRow,
  to: Exclude<RedemptionStatus, 'pending'>,
  nowMs: number,
  fields: { rejectionReason?: string; feeUsdCents?: number; feeSweepsCents?: number; note?: string } = {},
): Promise<RedemptionRow> {
  if (!ALLOWED_TRANSITIONS[row.status].includes(to)) throw illegalTransition(row.status, to);
  const updated = await tx.query<RedemptionRow>(
    `UPDATE redemptions
        SET status = $2, updated_at = $3, rejection_reason = COALESCE($4, rejection_reason),
            fee_usd_cents = fee_usd_cents + $5, fee_sweeps_cents = fee_sweeps_cents + $6
      WHERE id = $1 AND status = $7 RETURNING *`,
    [
      row.id,
      to,
      new Date(nowMs).toISOString(),
      fields.rejectionReason ?? null,
      fields.feeUsdCents ?? 0,
      fields.feeSweepsCents ?? 0,
      row.status,
    ],
  );
  const after = updated[0];
  // The row was locked by the caller; a missing row here means it was not (a programming error).
  if (!after) throw illegalTransition(row.status, to);
  await addTimelineStep(tx, after, to, nowMs, fields.note ?? fields.rejectionReason ?? null);
  return after;
}

/** A cents column (a string from some drivers' int8) in display units. */
const cents = (minor: number | string): number => centsToDisplay(Number(minor));
const iso = (v: Date | string): string => new Date(v).toISOString();

/** "p***@example.com": enough to recognise it, not enough to read it off a shared screen. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at <= 0) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

function destinationOf(row: RedemptionRow): string {
  switch (row.method) {
    case 'paypal':
      return `PayPal ${maskEmail(row.paypal_email ?? '')}`;
    case 'ach':
      return `Bank account ••${row.bank_account_last4 ?? ''}`;
    case 'paper_check': {
      const a = (
        typeof row.mailing_address === 'string' ? JSON.parse(row.mailing_address) : row.mailing_address
      ) as MailingAddress | null;
      return a ? `Check mailed to ${a.address_line_1}, ${a.city}, ${a.state_or_province}` : 'Check by mail';
    }
    case 'gift_card':
      return `${row.gift_card_brand ? GIFT_CARD_BRAND_LABELS[row.gift_card_brand] : ''} gift card`.trim();
    case 'prizeout':
      return `Prize-out to ${maskEmail(row.prizeout_email ?? '')}`;
  }
}

type EventRow = {
  redemption_id: string;
  step: TimelineStep;
  at: Date | string;
  expected_next_at: Date | string | null;
  note: string | null;
};

export function toWireRedemption(row: RedemptionRow, events: readonly EventRow[]): Redemption {
  const timeline: TimelineEntry[] = events
    .filter((e) => e.redemption_id === row.id)
    .map((e) => ({
      step: e.step,
      at: iso(e.at),
      expected_next_at: e.expected_next_at === null ? null : iso(e.expected_next_at),
      note: e.note,
    }));
  return {
    id: row.id,
    method: row.method,
    cash_out: row.cash_out,
    status: row.status,
    amount_ghc: cents(row.sweeps_cents),
    usd: cents(row.usd_cents),
    fee_usd: cents(row.fee_usd_cents),
    fee_ghc: cents(row.fee_sweeps_cents),
    destination: destinationOf(row),
    rejection_reason: row.rejection_reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    timeline,
  };
}

/** The wire shapes of some rows, with their timelines (one query for all the events). */
export async function wireRedemptions(db: Queryable, rows: readonly RedemptionRow[]): Promise<Redemption[]> {
  if (rows.length === 0) return [];
  const events = await db.query<EventRow>(
    `SELECT redemption_id, step, at, expected_next_at, note FROM redemption_events
      WHERE redemption_id = ANY($1::uuid[]) ORDER BY at, id`,
    [rows.map((r) => r.id)],
  );
  return rows.map((r) => toWireRedemption(r, events));
}

export async function listPlayerRedemptions(
  db: Queryable,
  userId: string,
  limit = 100,
): Promise<Redemption[]> {
  const rows = await db.query<RedemptionRow>(
    'SELECT * FROM redemptions WHERE user_id = $1 ORDER BY created_at DESC, id LIMIT $2',
    [userId, limit],
  );
  return wireRedemptions(db, rows);
}
