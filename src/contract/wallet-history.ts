/**
 * The part of the wallet contract (./wallet.ts, which re-exports all of it) that the coin history
 * and yearly summary pages read at first render: the wallet's API paths, the transaction kinds
 * and the histories' and yearly summary's answers. Its own module so those pages do not carry the
 * purchase limits', promo codes' and purchase dialogs' parts. Conventions: ./wallet.ts.
 */
import {
  array,
  enums,
  integer,
  nullable,
  number,
  object,
  optional,
  pattern,
  string,
  type,
  type Infer,
} from 'superstruct';

export const WALLET_API_PATHS = {
  /** GET -> TransactionFiltersResponse (kinds a history can be filtered by, page size). */
  transactionFilters: '/wallet/transaction-filters',
  /**
   * GET ?kind=&start_date=YYYY-MM-DD&end_date=YYYY-MM-DD&timestamp=<ISO>&page=N
   * -> GoldTransactionsPage. `timestamp` pins the list (entries created at or before it) so
   * paging is stable while new entries arrive; next/previous carry it.
   */
  goldTransactions: '/wallet/transactions/gold',
  /** Same query -> SweepsTransactionsPage. */
  sweepsTransactions: '/wallet/transactions/sweeps',
  /** GET -> YearlySummary; route pattern for the server. */
  yearlySummaryPattern: '/wallet/yearly-summary/:year',
  /** GET -> PurchaseLimitsResponse; PATCH PurchaseLimitsPatch -> PurchaseLimitsResponse. */
  purchaseLimits: '/wallet/purchase-limits',
  /** POST PurchaseLimitCheckRequest -> PurchaseLimitCheckResponse (always 200 when the package exists). */
  purchaseLimitCheck: '/wallet/purchase-limits/check',
  /**
   * POST PromoCodeValidateRequest -> PromoCodeValidateResponse. No sign-in needed for context
   * 'join' (the join form); context 'purchase' needs the JWT (per-player use and time lock).
   */
  promoCodeValidate: '/promo-codes/validate',
} as const;

/** GET path of the yearly summary of one calendar year. */
export const yearlySummaryPath = (year: number | string): string => `/wallet/yearly-summary/${year}`;

/** Rows per history page. */
export const HISTORY_PAGE_SIZE = 20;

// ---------------------------------------------------------------------------------------------
// Histories
// ---------------------------------------------------------------------------------------------
export const TRANSACTION_KINDS = [
  'purchase',
  'bonus',
  'promo',
  'bet',
  'win',
  'redemption',
  'reversal',
  'adjustment',
  /** Sweeps fees of redemptions (cash out, rejected ACH). */
  'fee',
  /** Free Sweeps of a mail-in (AMOE) code. */
  'amoe',
] as const;
export type TransactionKind = (typeof TRANSACTION_KINDS)[number];

/** Sweeps buckets: paid = came with a purchase, free = promotional, redeemable = won, pending_redemption = in a redemption. */
export const WALLET_BUCKETS = ['main', 'paid', 'free', 'redeemable', 'pending_redemption'] as const;

export const TRANSACTION_KIND_LABELS: Readonly<Record<TransactionKind, string>> = {
  purchase: 'Purchase',
  bonus: 'Bonus',
  promo: 'Promotion',
  bet: 'Play',
  win: 'Win',
  redemption: 'Redemption',
  reversal: 'Reversal',
  adjustment: 'Adjustment',
  fee: 'Fee',
  amoe: 'Free entry by mail',
};

export const TransactionFilterSchema = type({
  /** Value to send as `kind`. */
  value: enums(TRANSACTION_KINDS),
  label: string(),
  /** Histories where this kind can appear. */
  currencies: array(enums(['gold', 'sweeps'] as const)),
});
export const TransactionFiltersResponseSchema = type({
  filters: array(TransactionFilterSchema),
  page_size: integer(),
  /** Year of the player's first ledger entry (or the current year): the first yearly summary. */
  first_year: integer(),
  current_year: integer(),
});
export type TransactionFiltersResponse = Infer<typeof TransactionFiltersResponseSchema>;

/** One ledger entry. `amount` is signed (negative = coins left the balance). */
export const TransactionSchema = type({
  id: string(),
  created_at: string(),
  kind: enums(TRANSACTION_KINDS),
  description: string(),
  amount: number(),
  /** The currency's total balance after this entry (Sweeps: paid + free + redeemable). */
  balance_after: number(),
  currency: enums(['gold', 'sweeps'] as const),
  bucket: enums(WALLET_BUCKETS),
  reference: string(),
});
export type Transaction = Infer<typeof TransactionSchema>;

/** Query of both history calls (all optional). */
export const TransactionQuerySchema = object({
  kind: optional(enums(TRANSACTION_KINDS)),
  start_date: optional(pattern(string(), /^\d{4}-\d{2}-\d{2}$/)),
  end_date: optional(pattern(string(), /^\d{4}-\d{2}-\d{2}$/)),
  timestamp: optional(string()),
  page: optional(pattern(string(), /^\d{1,6}$/)),
});
export type TransactionQuery = Infer<typeof TransactionQuerySchema>;

/** Filters as applied (echoed back; dates are Eastern-time calendar days, inclusive). */
export const AppliedFiltersSchema = type({
  kind: nullable(enums(TRANSACTION_KINDS)),
  start_date: nullable(string()),
  end_date: nullable(string()),
  timestamp: string(),
});

export const GoldTransactionsPageSchema = type({
  results: array(TransactionSchema),
  count: integer(),
  /** Absolute path (starting /api/v1/...) of the next/previous page, or null. */
  next: nullable(string()),
  previous: nullable(string()),
  page: integer(),
  page_size: integer(),
  filters: AppliedFiltersSchema,
});
export type GoldTransactionsPage = Infer<typeof GoldTransactionsPageSchema>;

export const SweepsTransactionsPageSchema = type({
  transactions: array(TransactionSchema),
  filters: AppliedFiltersSchema,
  count: integer(),
  page_number: integer(),
  total_pages: integer(),
  page_size: integer(),
  next: nullable(string()),
  previous: nullable(string()),
});
export type SweepsTransactionsPage = Infer<typeof SweepsTransactionsPageSchema>;

/** Totals of one currency in a year, all positive display amounts. */
export const CurrencyYearTotalsSchema = type({
  purchased: number(),
  bonuses: number(),
  promos: number(),
  played: number(),
  won: number(),
  redeemed: number(),
  /** Won Sweeps (the cash balance) that paid for purchases, net of those given back; Gold 0. */
  applied_to_purchases: number(),
  /** Net of reversals and adjustments (may be negative). */
  adjustments: number(),
});
export const YearlySummarySchema = type({
  year: integer(),
  /** Calendar year in US Eastern time. */
  time_zone: string(),
  gold: CurrencyYearTotalsSchema,
  sweeps: CurrencyYearTotalsSchema,
  purchases_usd: number(),
  purchase_count: integer(),
});
export type YearlySummary = Infer<typeof YearlySummarySchema>;
