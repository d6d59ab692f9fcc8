/**
 * Birth-date dialog (spec section 5): month, day and year each required, a real date, and at
 * least 18 (or the state's age of majority). Submit stays disabled while invalid. Close result:
 * { birth_year, birth_month, birth_day } when submitted, { cancelled: true } otherwise; the
 * opener saves it. The app shell opens it for an account created without a birth date
 * (src/app/use-birth-date-prompt.ts).
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { store } from '../../../state/store.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../../ui/dialog-registry.ts';
import { BirthDateFields } from '../../../ui/birth-date-fields.tsx';
import { birthDateError, type BirthDateValues } from './birth-date-rules.ts';
import { muted } from './dialog-styles.ts';

export function BirthDateDialog({ close }: DialogComponentProps) {
  const [values, setValues] = useState<BirthDateValues>({ birth_month: '', birth_day: '', birth_year: '' });
  const [touched, setTouched] = useState(false);
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
        <BirthDateFields
          values={values}
          onChange={onChange}
          onBlur={() => complete && setTouched(true)}
          error={shown}
          announce
        />
        <Button type="submit" fullWidth disabled={Boolean(error)}>
          Save
        </Button>
      </form>
    </Dialog>
  );
}
