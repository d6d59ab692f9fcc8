/**
 * Coin histories and the yearly summary, read from the ledger (ledger_entries is the only source).
 * Dates are calendar days in US Eastern time (the sweepstakes day, 12:00am-11:59pm ET).
 * A page is pinned by `timestamp`: only entries created at or before it are listed, so entries
 * arriving while the player pages do not shift the pages; next/previous links carry it.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  HISTORY_PAGE_SIZE,
  TRANSACTION_KIND_LABELS,
  TRANSACTION_KINDS,
  WALLET_ERROR_CODES,
  type Transaction,
  type TransactionKind,
  type TransactionQuery,
  type YearlySummary,
} from '../../../src/contract/wallet.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { centsToDisplay, minorToDisplay } from '../../core/ledger/money.ts';

export const HISTORY_TIME_ZONE = 'America/New_York';
/** The first year a summary can be asked for. */
export const FIRST_SUMMARY_YEAR = 2020;

const badField = (field: string, message: string) =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, field);

const LAST_TIMESTAMP_MS = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

function checkDate(value: string | undefined, field: string): string | null {
  if (value === undefined || value === '') return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const d = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (
    !m ||
    !d ||
    d.getUTCFullYear() !== Number(m[1]) ||
    d.getUTCMonth() + 1 !== Number(m[2]) ||
    d.getUTCDate() !== Number(m[3]) ||
    Number(m[1]) < 2000
  ) {
    throw badField(field, 'Please enter a real date as YYYY-MM-DD.');
  }
  return value;
}

export interface HistoryPage {
  results: Transaction[];
  count: number;
  page: number;
  totalPages: number;
  next: string | null;
  previous: string | null;
  filters: {
    kind: TransactionKind | null;
    start_date: string | null;
    end_date: string | null;
    timestamp: string;
  };
}

type EntryRow = {
  id: number | string;
  created_at: string | Date;
  kind: TransactionKind;
  description: string | null;
  amount_minor: number | string;
  balance_after_minor: number | string;
  currency_total_after_minor: number | string | null;
  currency: Currency;
  bucket: Transaction['bucket'];
  reference: string;
};

export async function readHistory(
  db: Queryable,
  userId: string,
  currency: Currency,
  query: TransactionQuery,
  nowMs: number,
  path: string,
): Promise<HistoryPage> {
  const kind = query.kind ?? null;
  const start = checkDate(query.start_date, 'start_date');
  const end = checkDate(query.end_date, 'end_date');
  if (start && end && start > end)
    throw badField('start_date', 'The start date must not be after the end date.');
  let timestamp: string;
  if (query.timestamp) {
    const t = Date.parse(query.timestamp);
    // Past year 9999 or before year 0 toISOString writes a six-digit year the database cannot read;
    // the ledger holds nothing before 1970.
    if (Number.isNaN(t) || t < 0 || t > LAST_TIMESTAMP_MS)
      throw badField('timestamp', 'timestamp must be an ISO date-time between 1970 and 9999.');
    timestamp = new Date(t).toISOString();
  } else timestamp = new Date(nowMs).toISOString();
  const page = query.page ? Number(query.page) : 1;
  if (!Number.isSafeInteger(page) || page < 1) throw badField('page', 'page must be 1 or more.');

  const where = `user_id = $1 AND currency = $2 AND created_at <= $3
    AND ($4::text IS NULL OR kind = $4)
    AND ($5::date IS NULL OR created_at >= ($5::date)::timestamp AT TIME ZONE '${HISTORY_TIME_ZONE}')
    AND ($6::date IS NULL OR created_at < ($6::date + 1)::timestamp AT TIME ZONE '${HISTORY_TIME_ZONE}')`;
  const params = [userId, currency, timestamp, kind, start, end];
  const counted = await db.query<{ n: number | string }>(
    `SELECT count(*) AS n FROM ledger_entries WHERE ${where}`,
    params,
  );
  const count = Number(counted[0]?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(count / HISTORY_PAGE_SIZE));
  if (page > totalPages) throw badField('page', `There are only ${totalPages} page(s) of history.`);
  const rows = await db.query<EntryRow>(
    `SELECT id, created_at, kind, description, amount_minor, balance_after_minor, currency_total_after_minor, currency, bucket, reference
       FROM ledger_entries WHERE ${where}
      ORDER BY created_at DESC, id DESC LIMIT ${HISTORY_PAGE_SIZE} OFFSET $7`,
    [...params, (page - 1) * HISTORY_PAGE_SIZE],
  );
  const link = (p: number): string => {
    const q = new URLSearchParams();
    if (kind) q.set('kind', kind);
    if (start) q.set('start_date', start);
    if (end) q.set('end_date', end);
    q.set('timestamp', timestamp);
    q.set('page', String(p));
    return `${API_PREFIX}${path}?${q.toString()}`;
  };
  return {
    results: rows.map((r) => ({
      id: String(r.id),
      created_at: new Date(r.created_at).toISOString(),
      kind: r.kind,
      description: r.description ?? TRANSACTION_KIND_LABELS[r.kind],
      amount: minorToDisplay(r.currency, Number(r.amount_minor)),
      balance_after: minorToDisplay(
        r.currency,
        Number(r.currency_total_after_minor ?? r.balance_after_minor),
      ),
      currency: r.currency,
      bucket: r.bucket,
      reference: r.reference,
    })),
    count,
    page,
    totalPages,
    next: page < totalPages ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    filters: { kind, start_date: start, end_date: end, timestamp },
  };
}

/** Current calendar year in US Eastern time. */
export function currentYear(nowMs: number): number {
  return Number(
    new Intl.DateTimeFormat('en-US', { timeZone: HISTORY_TIME_ZONE, year: 'numeric' }).format(
      new Date(nowMs),
    ),
  );
}

export function parseYear(raw: string, nowMs: number): number {
  const year = /^\d{4}$/.test(raw) ? Number(raw) : NaN;
  const last = currentYear(nowMs);
  if (!(year >= FIRST_SUMMARY_YEAR && year <= last)) {
    throw new ApiError(
      400,
      WALLET_ERROR_CODES.INVALID_YEAR,
      `Please choose a year from ${FIRST_SUMMARY_YEAR} to ${last}.`,
      'year',
      { first_year: FIRST_SUMMARY_YEAR, last_year: last },
    );
  }
  return year;
}

export async function yearlySummary(db: Queryable, userId: string, year: number): Promise<YearlySummary> {
  const range = `created_at >= make_date($2::int, 1, 1)::timestamp AT TIME ZONE '${HISTORY_TIME_ZONE}'
    AND created_at < make_date($2::int + 1, 1, 1)::timestamp AT TIME ZONE '${HISTORY_TIME_ZONE}'`;
  const rows = await db.query<{
    currency: Currency;
    kind: TransactionKind;
    bucket: string;
    total: number | string;
    spent: number | string;
  }>(
    `SELECT currency, kind, bucket, sum(amount_minor) AS total, sum(amount_minor) FILTER (WHERE amount_minor < 0) AS spent
       FROM ledger_entries WHERE user_id = $1 AND ${range} GROUP BY currency, kind, bucket`,
    [userId, year],
  );
  // The cash balance applied to purchases (redeemable Sweeps, kind 'purchase') and the reversals
  // that gave it back when a purchase failed: their own line, not "purchased" nor "adjustments".
  const applied = await db.query<{ net: number | string | null; returned: number | string | null }>(
    `SELECT sum(e.amount_minor) AS net, sum(e.amount_minor) FILTER (WHERE e.kind = 'reversal') AS returned
       FROM ledger_entries e LEFT JOIN ledger_entries o ON o.id = e.reverses_entry_id
      WHERE e.user_id = $1 AND ${range.replaceAll('created_at', 'e.created_at')}
        AND e.currency = 'sweeps' AND e.bucket = 'redeemable'
        AND (e.kind = 'purchase' OR (e.kind = 'reversal' AND o.kind = 'purchase'))`,
    [userId, year],
  );
  const appliedNet = Number(applied[0]?.net ?? 0);
  const appliedReturned = Number(applied[0]?.returned ?? 0);
  const totals = (currency: Currency) => {
    const sum = (pred: (r: (typeof rows)[number]) => boolean, pick: 'total' | 'spent' = 'total') =>
      rows.filter((r) => r.currency === currency && pred(r)).reduce((a, r) => a + Number(r[pick] ?? 0), 0);
    const show = (minor: number) => minorToDisplay(currency, minor);
    return {
      purchased: show(sum((r) => r.kind === 'purchase' && r.bucket !== 'redeemable')),
      bonuses: show(sum((r) => r.kind === 'bonus' || r.kind === 'amoe')),
      promos: show(sum((r) => r.kind === 'promo')),
      played: show(-sum((r) => r.kind === 'bet')),
      won: show(sum((r) => r.kind === 'win')),
      // Paid out = coins leaving the pending_redemption bucket (see docs/ledger.md, redemptions).
      redeemed: show(-sum((r) => r.kind === 'redemption' && r.bucket === 'pending_redemption', 'spent')),
      applied_to_purchases: currency === 'sweeps' ? show(-appliedNet) : 0,
      adjustments: show(
        sum((r) => r.kind === 'adjustment' || r.kind === 'reversal') -
          (currency === 'sweeps' ? appliedReturned : 0),
      ),
    };
  };
  const purchases = await db.query<{ n: number | string; cents: number | string | null }>(
    `SELECT count(*) AS n, sum(amount_usd_cents) AS cents FROM purchase_limit_usage WHERE user_id = $1 AND ${range}`,
    [userId, year],
  );
  return {
    year,
    time_zone: HISTORY_TIME_ZONE,
    gold: totals('gold'),
    sweeps: totals('sweeps'),
    purchases_usd: centsToDisplay(Number(purchases[0]?.cents ?? 0)),
    purchase_count: Number(purchases[0]?.n ?? 0),
  };
}

const SWEEPS_ONLY: readonly TransactionKind[] = ['redemption', 'fee', 'amoe'];

export async function transactionFilters(db: Queryable, userId: string, nowMs: number) {
  const first = await db.query<{ y: number | string | null }>(
    `SELECT extract(year FROM min(created_at) AT TIME ZONE '${HISTORY_TIME_ZONE}') AS y FROM ledger_entries WHERE user_id = $1`,
    [userId],
  );
  const current = currentYear(nowMs);
  const y = first[0]?.y;
  return {
    filters: TRANSACTION_KINDS.map((value) => ({
      value,
      label: TRANSACTION_KIND_LABELS[value],
      currencies: SWEEPS_ONLY.includes(value) ? ['sweeps' as const] : ['gold' as const, 'sweeps' as const],
    })),
    page_size: HISTORY_PAGE_SIZE,
    first_year: y === null || y === undefined ? current : Math.max(FIRST_SUMMARY_YEAR, Number(y)),
    current_year: current,
  };
}
