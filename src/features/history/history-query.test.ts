import { describe, expect, it } from 'vitest';
import type { Transaction } from '../../contract/wallet.ts';
import {
  formatEntryDate,
  hasFilters,
  loadErrorText,
  pageRange,
  pageTotals,
  queryFromSearch,
  searchFromLink,
  signedAmount,
  totalPagesOf,
  withFilters,
} from './history-query.ts';

const entry = (amount: number, over: Partial<Transaction> = {}): Transaction => ({
  id: String(Math.random()),
  created_at: '2026-03-05T20:04:00.000Z',
  kind: 'adjustment',
  description: 'Adjustment',
  amount,
  balance_after: 0,
  currency: 'gold',
  bucket: 'main',
  reference: 'x',
  ...over,
});

describe('history query', () => {
  it('keeps only valid query params from the URL', () => {
    const q = queryFromSearch(
      new URLSearchParams(
        'kind=win&page=3&start_date=2026-01-01&end_date=nope&timestamp=2026-01-01T00:00:00Z&x=1',
      ),
    );
    expect(q).toEqual({
      kind: 'win',
      page: '3',
      start_date: '2026-01-01',
      timestamp: '2026-01-01T00:00:00Z',
    });
    expect(queryFromSearch(new URLSearchParams('kind=jackpot&page=-1'))).toEqual({});
    expect(queryFromSearch(new URLSearchParams('page=1'))).toEqual({});
  });

  it('turns the server next/previous link into our search params', () => {
    const s = searchFromLink(
      '/api/v1/wallet/transactions/gold?kind=win&timestamp=2026-01-01T00%3A00%3A00.000Z&page=2',
    );
    expect(s.get('page')).toBe('2');
    expect(s.get('kind')).toBe('win');
    expect(s.get('timestamp')).toBe('2026-01-01T00:00:00.000Z');
    expect(searchFromLink('/api/v1/wallet/transactions/gold?page=1').toString()).toBe('');
  });

  it('a filter change starts over (no page, no pin) and clears what it leaves out', () => {
    const q = { kind: 'win' as const, page: '4', timestamp: 't', start_date: '2026-01-01' };
    expect(withFilters(q, { kind: 'bet' })).toEqual({ kind: 'bet' });
    expect(withFilters(q, {})).toEqual({});
    expect(hasFilters({})).toBe(false);
    expect(hasFilters({ end_date: '2026-01-01' })).toBe(true);
  });

  it('page figures', () => {
    expect(totalPagesOf(0, 20)).toBe(1);
    expect(totalPagesOf(41, 20)).toBe(3);
    const entries = Array.from({ length: 20 }, () => entry(1));
    expect(pageRange({ count: 57, page: 2, pageSize: 20, entries })).toEqual({ first: 21, last: 40 });
    expect(pageRange({ count: 57, page: 3, pageSize: 20, entries: entries.slice(0, 17) })).toEqual({
      first: 41,
      last: 57,
    });
    expect(pageRange({ count: 0, page: 1, pageSize: 20, entries: [] })).toEqual({ first: 0, last: 0 });
  });

  it('totals in and out without float drift (Sweeps cents)', () => {
    expect(
      pageTotals(
        [
          entry(0.1, { currency: 'sweeps' }),
          entry(0.2, { currency: 'sweeps' }),
          entry(-0.3, { currency: 'sweeps' }),
        ],
        'sweeps',
      ),
    ).toEqual({
      credits: 0.3,
      debits: 0.3,
    });
    expect(pageTotals([entry(250000), entry(-1000)], 'gold')).toEqual({ credits: 250000, debits: 1000 });
  });

  it('amounts are signed, Gold whole and Sweeps with 2 decimals', () => {
    expect(signedAmount(250000, 'gold')).toBe('+250,000');
    expect(signedAmount(-1000, 'gold')).toBe('\u22121,000');
    expect(signedAmount(25, 'sweeps')).toBe('+25.00');
    expect(signedAmount(-0.5, 'sweeps')).toBe('\u22120.50');
    expect(signedAmount(0, 'sweeps')).toBe('0.00');
  });

  it('dates in US Eastern time; the spec load error text', () => {
    expect(formatEntryDate('2026-03-05T20:04:00.000Z')).toBe('Mar 5, 2026, 3:04 PM EST');
    expect(loadErrorText(500)).toBe('Failed to Get Transactions, Error: 500');
  });
});
