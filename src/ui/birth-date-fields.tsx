/**
 * Month, day and year of birth as one group of three selects with one error for the date as a
 * whole (spec section 5's rules are the caller's: src/features/signup/join-form-validation.ts,
 * src/features/store/dialogs/birth-date-rules.ts). Used by the join form, the social profile form
 * and the birth-date dialog.
 */
import { useId, useMemo, type ChangeEvent, type FocusEvent } from 'react';
import { css } from '@linaria/core';
import { BIRTH_DAY_OPTIONS, BIRTH_MONTH_OPTIONS, birthYearOptions } from './birth-date-options.ts';
import { errorText } from './field-styles.ts';
import { SelectField } from './select-field.tsx';

/** Birth years offered, newest first: the oldest plausible player to this year. */
const YEARS_SHOWN = 121;

const birthGroup = css`
  border: 0;
  margin: 0 0 var(--space-4);
  padding: 0;
  min-width: 0;
  & legend {
    font-weight: 600;
    font-size: 0.95rem;
    padding: 0;
    margin-bottom: var(--space-2);
  }
`;

const birthRow = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  column-gap: var(--space-3);
  & > :first-child {
    grid-column: 1 / -1;
  }
  & > * {
    margin-bottom: var(--space-2);
  }
  @media (min-width: 520px) {
    grid-template-columns: minmax(0, 1.4fr) minmax(0, 0.8fr) minmax(0, 1fr);
    & > :first-child {
      grid-column: auto;
    }
  }
`;

const birthLabel = css`
  & label {
    font-weight: 500;
    font-size: 0.9rem;
    color: var(--color-text-muted);
  }
`;

/** The three birth-date selects in a fieldset, laid out for a phone first. */
export function BirthDateFields(props: {
  values: { birth_month: string; birth_day: string; birth_year: string };
  onChange: (e: ChangeEvent<HTMLSelectElement>) => void;
  onBlur?: (e: FocusEvent<HTMLSelectElement>) => void;
  error: string | null | undefined;
  /** Announce the error when it appears (a dialog, where the form does not move focus to it). */
  announce?: boolean;
}) {
  const errorId = useId();
  const years = useMemo(() => birthYearOptions(new Date().getFullYear(), YEARS_SHOWN), []);
  const { error } = props;
  return (
    <fieldset className={birthGroup}>
      <legend>Date of birth</legend>
      <div className={birthRow}>
        {(
          [
            ['birth_month', 'Birth month', BIRTH_MONTH_OPTIONS, 'Month', 'bday-month'],
            ['birth_day', 'Birth day', BIRTH_DAY_OPTIONS, 'Day', 'bday-day'],
            ['birth_year', 'Birth year', years, 'Year', 'bday-year'],
          ] as const
        ).map(([name, label, options, placeholder, autoComplete]) => (
          <SelectField
            key={name}
            className={birthLabel}
            label={label}
            name={name}
            options={options}
            placeholder={placeholder}
            autoComplete={autoComplete}
            value={props.values[name]}
            onChange={props.onChange}
            onBlur={props.onBlur}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            required
          />
        ))}
      </div>
      {error ? (
        <p
          id={errorId}
          className={errorText}
          data-testid="field-error-birth_date"
          role={props.announce ? 'alert' : undefined}
        >
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
