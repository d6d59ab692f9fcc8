/**
 * The fields the join form and the social profile form both ask for, under the same rules (spec
 * section 5): the player's name and ZIP code (the date of birth is src/ui/birth-date-fields.tsx).
 * Each form keeps its own values and validation (join-form-validation.ts) and passes them in.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { css } from '@linaria/core';
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
