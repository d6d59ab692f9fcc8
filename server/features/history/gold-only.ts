/**
 * History answers in gold-only mode (GOLD_ONLY=true): the filters offer Gold kinds only and the
 * yearly summary's Sweeps totals are 0. Sweeps entries made before the switch stay in the ledger.
 */
import type { Currency } from '../../../src/contract/currency.ts';

interface FiltersAnswer {
  filters: Array<{ value: string; label: string; currencies: Currency[] }>;
}

/** Filter kinds that apply to Gold, each offered for Gold only. */
export function goldOnlyFilters<T extends FiltersAnswer>(answer: T): T {
  return {
    ...answer,
    filters: answer.filters
      .filter((f) => f.currencies.includes('gold'))
      .map((f) => ({ ...f, currencies: ['gold'] as Currency[] })),
  };
}

/** The summary with every Sweeps total at 0. */
export function goldOnlyYearlySummary<T extends { sweeps: Record<string, number> }>(summary: T): T {
  return {
    ...summary,
    sweeps: Object.fromEntries(Object.keys(summary.sweeps).map((k) => [k, 0])) as T['sweeps'],
  };
}
