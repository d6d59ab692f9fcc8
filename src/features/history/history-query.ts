/**
 * History paging and filtering as pure functions: the page's URL search params are the query of
 * the history call (kind, start_date, end_date, timestamp, page), so Back/Forward and reload keep
 * the player's place. next/previous links from the server become search params of our URL.
 */
import { validate } from 'superstruct';
import {
  TransactionQuerySchema,
  type Transaction,
  type TransactionQuery,
} from '../../contract/wallet-history.ts';
import type { Currency } from '../../contract/currency.ts';
import { formatCoins } from '../../contract/money.ts';
import { lazyDateTimeFormat } from '../../contract/lazy-date-format.ts';

const QUERY_KEYS = ['kind', 'start_date', 'end_date', 'timestamp', 'page'] as const;
type QueryKey = (typeof QUERY_KEYS)[number];

/** The valid part of the URL's search params (a bad value is dropped, never sent). */
export function queryFromSearch(params: URLSearchParams): TransactionQuery {
  const out: Partial<Record<QueryKey, string>> = {};
  for (const key of QUERY_KEYS) {
    const v = params.get(key);
    if (!v) continue;
    const [bad] = validate({ [key]: v }, TransactionQuerySchema);
    if (!bad) out[key] = v;
  }
  if (out.page === '1' || out.page === '0') delete out.page;
  return out as TransactionQuery;
}

/** Search params (for our URL) of a next/previous link of the server ("/api/v1/...?page=2&..."). */
export function searchFromLink(link: string): URLSearchParams {
  const q = link.indexOf('?');
  const params = new URLSearchParams(q >= 0 ? link.slice(q + 1) : '');
  const query = queryFromSearch(params);
  return toSearch(query);
}

export function toSearch(query: TransactionQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const key of QUERY_KEYS) {
    const v = query[key];
    if (v) params.set(key, v);
  }
  return params;
}

/** A filter change starts over: first page, a fresh pin of the list. */
export function withFilters(
  query: TransactionQuery,
  filters: Pick<TransactionQuery, 'kind' | 'start_date' | 'end_date'>,
): TransactionQuery {
  // Every filter comes from `filters`: a key it leaves out is cleared, not kept.
  const next: TransactionQuery = {
    ...query,
    kind: filters.kind,
    start_date: filters.start_date,
    end_date: filters.end_date,
  };
  delete next.page;
  delete next.timestamp;
  for (const k of ['kind', 'start_date', 'end_date'] as const) if (!next[k]) delete next[k];
  return next;
}

export const hasFilters = (q: TransactionQuery): boolean => Boolean(q.kind || q.start_date || q.end_date);

/** A history page in one shape, whichever of the two answers it came from. */
export interface HistoryView {
  entries: Transaction[];
  count: number;
  page: number;
  totalPages: number;
  pageSize: number;
  next: string | null;
  previous: string | null;
}

export const totalPagesOf = (count: number, pageSize: number): number =>
  pageSize > 0 ? Math.max(1, Math.ceil(count / pageSize)) : 1;

/** "Showing 21–40 of 57" figures of a page (first and last row number, 1-based). */
export function pageRange(v: Pick<HistoryView, 'count' | 'page' | 'pageSize' | 'entries'>): {
  first: number;
  last: number;
} {
  if (v.count === 0 || v.entries.length === 0) return { first: 0, last: 0 };
  const first = (v.page - 1) * v.pageSize + 1;
  return { first, last: first + v.entries.length - 1 };
}

/** Coins in and out on the page, in minor units summed to avoid float drift. */
export function pageTotals(
  entries: readonly Transaction[],
  currency: Currency,
): { credits: number; debits: number } {
  const f = currency === 'gold' ? 1 : 100;
  let credits = 0;
  let debits = 0;
  for (const e of entries) {
    const minor = Math.round(e.amount * f);
    if (minor >= 0) credits += minor;
    else debits -= minor;
  }
  return { credits: credits / f, debits: debits / f };
}

/** "+5,000" / "−1,000.50" (a true minus sign, read as "minus"). */
export function signedAmount(amount: number, currency: Currency): string {
  if (amount === 0) return formatCoins(currency, 0);
  return `${amount > 0 ? '+' : '\u2212'}${formatCoins(currency, Math.abs(amount))}`;
}

/** History days are US Eastern calendar days (server filters): show times in Eastern too. */
const dateTimeFormat = lazyDateTimeFormat({
  timeZone: 'America/New_York',
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
});

export function formatEntryDate(iso: string): string {
  const t = Date.parse(iso);
  return Number.isNaN(t) ? iso : dateTimeFormat().format(new Date(t));
}

/** The load error of spec section 8: 'Failed to Get Transactions, Error: {status}'. */
export const loadErrorText = (status: number | string): string =>
  `Failed to Get Transactions, Error: ${status}`;
