/**
 * The fields the join form and the social profile form both ask for, under the same rules (spec
 * section 5): the player's name, ZIP code and date of birth. Each form keeps its own values and
 * validation (join-form-validation.ts) and passes them in.
 */
import { useId, type ChangeEvent, type FocusEvent } from 'react';
import { css } from '@linaria/core';
import { BIRTH_DAY_OPTIONS, BIRTH_MONTH_OPTIONS, type SelectOption } from '../../ui/birth-date-options.ts';
import { errorText } from '../../ui/field-styles.ts';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';

type TextChange = (e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) => void;
type Blur = (e: FocusEvent<HTMLInputElement | HTMLSelectElement>) => void;

const twoColumns = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr);
  column-gap: var(--space-3);
  @media (min-width: 520px) {
    grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  }
`;
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

/** First and last name, side by side from 520 px. */
export function NameFields(props: {
  firstName: string;
  lastName: string;
  onChange: TextChange;
  onBlur?: Blur;
  errors: { first_name?: string; last_name?: string };
}) {
  return (
    <div className={twoColumns}>
      <TextField
        label="First name"
        name="first_name"
        autoComplete="given-name"
        value={props.firstName}
        onChange={props.onChange}
        onBlur={props.onBlur}
        error={props.errors.first_name}
        maxLength={60}
        required
      />
      <TextField
        label="Last name"
        name="last_name"
        autoComplete="family-name"
        value={props.lastName}
        onChange={props.onChange}
        onBlur={props.onBlur}
        error={props.errors.last_name}
        maxLength={60}
        required
      />
    </div>
  );
}

/** The five-digit ZIP code: anything else typed is dropped as it is typed. */
export function ZipCodeField(props: {
  value: string;
  onValue: (digits: string) => void;
  onBlur?: Blur;
  error: string | undefined;
  hint: string;
}) {
  return (
    <TextField
      label="ZIP code"
      name="postal_code"
      inputMode="numeric"
      autoComplete="postal-code"
      pattern="[0-9]{5}"
      maxLength={5}
      value={props.value}
      onChange={(e) => props.onValue(e.target.value.replace(/\D/g, '').slice(0, 5))}
      onBlur={props.onBlur}
      error={props.error}
      hint={props.hint}
      required
    />
  );
}

/** Month, day and year of birth as one group, with one error for the date as a whole. */
export function BirthDateFields(props: {
  values: { birth_month: string; birth_day: string; birth_year: string };
  years: readonly SelectOption[];
  onChange: TextChange;
  onBlur?: Blur;
  error: string | undefined;
}) {
  const errorId = useId();
  const { error } = props;
  return (
    <fieldset className={birthGroup}>
      <legend>Date of birth</legend>
      <div className={birthRow}>
        {(
          [
            ['birth_month', 'Birth month', BIRTH_MONTH_OPTIONS, 'Month', 'bday-month'],
            ['birth_day', 'Birth day', BIRTH_DAY_OPTIONS, 'Day', 'bday-day'],
            ['birth_year', 'Birth year', props.years, 'Year', 'bday-year'],
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
        <p id={errorId} className={errorText} data-testid="field-error-birth_date">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
