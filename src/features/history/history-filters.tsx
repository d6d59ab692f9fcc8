/**
 * Filters of a history: transaction type (from the transaction filters call, only the kinds
 * this currency can have) and an optional date range (US Eastern calendar days, inclusive).
 * Every change applies at once and starts from the first page.
 */
import { useState } from 'react';
import { css } from '@linaria/core';
import type { Currency } from '../../contract/currency.ts';
import type { TransactionFiltersResponse, TransactionQuery } from '../../contract/wallet.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { Button } from '../../ui/button.tsx';
import { hasFilters } from './history-query.ts';

const grid = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  gap: 0 var(--space-3);
  align-items: end;
  & > :first-child {
    grid-column: 1 / -1;
  }
  @media (min-width: 640px) {
    grid-template-columns: minmax(0, 2fr) minmax(0, 1fr) minmax(0, 1fr) auto;
    & > :first-child {
      grid-column: auto;
    }
  }
`;
const fieldset = css`
  border: 0;
  margin: 0;
  padding: 0;
  min-width: 0;
  & legend {
    padding: 0;
    margin-bottom: var(--space-2);
    font-weight: 700;
  }
`;
const clear = css`
  grid-column: 1 / -1;
  justify-self: start;
  margin-bottom: var(--space-4);
  @media (min-width: 640px) {
    grid-column: auto;
  }
`;

export interface HistoryFiltersProps {
  currency: Currency;
  filters: TransactionFiltersResponse | undefined;
  query: TransactionQuery;
  onChange: (filters: Pick<TransactionQuery, 'kind' | 'start_date' | 'end_date'>) => void;
  /** A server error about one filter field (start_date, end_date, kind). */
  fieldError?: { field: string; message: string } | null;
  disabled?: boolean;
}

export function HistoryFilters({
  currency,
  filters,
  query,
  onChange,
  fieldError,
  disabled,
}: HistoryFiltersProps) {
  const [rangeError, setRangeError] = useState<string | null>(null);
  const options = (filters?.filters ?? [])
    .filter((f) => f.currencies.includes(currency))
    .map((f) => ({ value: f.value, label: f.label }));
  const current = { kind: query.kind, start_date: query.start_date, end_date: query.end_date };

  const setDate = (key: 'start_date' | 'end_date', value: string) => {
    const next = { ...current, [key]: value || undefined };
    if (next.start_date && next.end_date && next.start_date > next.end_date) {
      setRangeError('The start date must not be after the end date.');
      return;
    }
    setRangeError(null);
    onChange(next);
  };

  const errorFor = (field: string): string | null =>
    (field === 'start_date' ? rangeError : null) ?? (fieldError?.field === field ? fieldError.message : null);

  return (
    <fieldset className={fieldset} disabled={disabled}>
      <legend>Filter transactions</legend>
      <div className={grid}>
        <SelectField
          label="Transaction type"
          name="kind"
          placeholder="All transactions"
          options={options}
          value={query.kind ?? ''}
          error={errorFor('kind')}
          onChange={(e) =>
            onChange({ ...current, kind: (e.target.value || undefined) as TransactionQuery['kind'] })
          }
        />
        <TextField
          label="From"
          name="start_date"
          type="date"
          value={query.start_date ?? ''}
          max={query.end_date}
          error={errorFor('start_date')}
          onChange={(e) => setDate('start_date', e.target.value)}
        />
        <TextField
          label="To"
          name="end_date"
          type="date"
          value={query.end_date ?? ''}
          min={query.start_date}
          error={errorFor('end_date')}
          onChange={(e) => setDate('end_date', e.target.value)}
        />
        {hasFilters(query) ? (
          <Button
            variant="ghost"
            className={clear}
            onClick={() => {
              setRangeError(null);
              onChange({});
            }}
          >
            Clear filters
          </Button>
        ) : null}
      </div>
    </fieldset>
  );
}
