/**
 * Birth-date dialog (spec section 5): month, day and year each required, a real date, and at
 * least 18 (or the state's age of majority). Submit stays disabled while invalid. Close result:
 * { birth_year, birth_month, birth_day } when submitted, { cancelled: true } otherwise; the
 * opener saves it. The app shell opens it for an account created without a birth date
 * (src/app/use-birth-date-prompt.ts).
 */
import { useMemo, useState, type ChangeEvent, type FormEvent } from 'react';
import { css } from '@linaria/core';
import { store } from '../../../state/store.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../../ui/dialog-registry.ts';
import { SelectField } from '../../../ui/select-field.tsx';
import { errorText } from '../../../ui/field-styles.ts';
import { birthDateError, type BirthDateValues } from './birth-date-rules.ts';
import { muted } from './dialog-styles.ts';
import { BIRTH_DAY_OPTIONS, BIRTH_MONTH_OPTIONS, birthYearOptions } from '../../../ui/birth-date-options.ts';

const group = css`
  border: 0;
  margin: 0 0 var(--space-3);
  padding: 0;
  min-width: 0;
  & legend {
    font-weight: 600;
    margin-bottom: var(--space-2);
    padding: 0;
  }
`;
const rowClass = css`
  display: grid;
  grid-template-columns: minmax(0, 1.4fr) minmax(0, 0.8fr) minmax(0, 1fr);
  column-gap: var(--space-2);
`;

export function BirthDateDialog({ close }: DialogComponentProps) {
  const [values, setValues] = useState<BirthDateValues>({ birth_month: '', birth_day: '', birth_year: '' });
  const [touched, setTouched] = useState(false);
  const years = useMemo(() => birthYearOptions(new Date().getFullYear(), 121), []);
  const error = birthDateError(values, new Date(), store.session.user?.state_or_province ?? null);
  const complete = Boolean(values.birth_month && values.birth_day && values.birth_year);
  const shown = (touched || complete) && error ? error : null;

  const onChange = (e: ChangeEvent<HTMLSelectElement>) =>
    setValues((v) => ({ ...v, [e.target.name]: e.target.value }));
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setTouched(true);
    if (error) return;
    close({
      birth_year: Number(values.birth_year),
      birth_month: Number(values.birth_month),
      birth_day: Number(values.birth_day),
    });
  };

  return (
    <Dialog open onClose={() => close({ cancelled: true })} title="Date of Birth" testId="dialog-birth-date">
      <p className={muted}>
        You must be at least 18 years old (or the age of majority in your state) to play.
      </p>
      <form onSubmit={onSubmit} noValidate>
        <fieldset className={group} aria-describedby={shown ? 'birth-date-dialog-error' : undefined}>
          <legend>Date of birth</legend>
          <div className={rowClass}>
            <SelectField
              label="Birth month"
              name="birth_month"
              options={BIRTH_MONTH_OPTIONS}
              placeholder="Month"
              value={values.birth_month}
              onChange={onChange}
              onBlur={() => complete && setTouched(true)}
              aria-invalid={shown ? true : undefined}
            />
            <SelectField
              label="Birth day"
              name="birth_day"
              options={BIRTH_DAY_OPTIONS}
              placeholder="Day"
              value={values.birth_day}
              onChange={onChange}
              aria-invalid={shown ? true : undefined}
            />
            <SelectField
              label="Birth year"
              name="birth_year"
              options={years}
              placeholder="Year"
              value={values.birth_year}
              onChange={onChange}
              aria-invalid={shown ? true : undefined}
            />
          </div>
          {shown ? (
            <p
              id="birth-date-dialog-error"
              className={errorText}
              data-testid="field-error-birth_date"
              role="alert"
            >
              {shown}
            </p>
          ) : null}
        </fieldset>
        <Button type="submit" fullWidth disabled={Boolean(error)}>
          Save
        </Button>
      </form>
    </Dialog>
  );
}
