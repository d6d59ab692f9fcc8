/**
 * The W-9 form itself (legal name, address, ZIP, last four SSN digits, certification), drawn by
 * /w9-form once the player's W-9 status says a form is needed. Every rule is the contract's
 * (src/contract/tax.ts), so the messages are the server's.
 */
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { css } from '@linaria/core';
import { ERROR_CODES } from '../../contract/errors.ts';
import {
  W9_FORM_FIELDS,
  W9_LIMITS,
  w9FormErrors,
  type W9CreateRequest,
  type W9FormField,
} from '../../contract/tax.ts';
import { US_STATE_NAMES } from '../../contract/us-state-names.ts';
import { CLIENT_ERROR_CODES, isApiError } from '../../lib/api-client.ts';
import { OFFLINE_ACTION_MESSAGE, useOnline } from '../../pwa/online-status.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { CheckboxField } from '../../ui/checkbox-field.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { FormError } from '../../ui/form-error.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { submitW9Form } from './api.ts';
import { announcer } from './tax-styles.ts';
import { digitsOnly } from './w9-input.ts';

const pair = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1fr);
  column-gap: var(--space-3);
`;

type TextFieldName = Exclude<W9FormField, 'certified'>;
type FormValues = Record<TextFieldName, string> & { certified: boolean };

const LABELS: Record<W9FormField, string> = {
  legal_name: 'Legal name (as on your tax return)',
  address_line_1: 'Street address',
  address_line_2: 'Address line 2 (optional)',
  city: 'City',
  state_or_province: 'State',
  zip_code: 'ZIP code',
  ssn_last_four: 'Last four digits of your SSN',
  certified: 'Under penalties of perjury, I certify that the information on this form is correct.',
};

const STATE_OPTIONS = Object.entries(US_STATE_NAMES).map(([value, label]) => ({ value, label }));

function initialValues(): FormValues {
  const u = store.session.user;
  return {
    legal_name: u ? `${u.first_name} ${u.last_name}`.trim() : '',
    address_line_1: u?.address_line_1 ?? '',
    address_line_2: u?.address_line_2 ?? '',
    city: u?.city ?? '',
    state_or_province: u?.state_or_province ?? '',
    zip_code: digitsOnly(u?.postal_code ?? '', W9_LIMITS.zipCode),
    ssn_last_four: '',
    certified: false,
  };
}

const toRequest = (v: FormValues): W9CreateRequest => ({
  legal_name: v.legal_name.trim().replace(/\s+/g, ' '),
  address_line_1: v.address_line_1.trim().replace(/\s+/g, ' '),
  address_line_2: v.address_line_2.trim() ? v.address_line_2.trim().replace(/\s+/g, ' ') : null,
  city: v.city.trim().replace(/\s+/g, ' '),
  state_or_province: v.state_or_province,
  zip_code: v.zip_code,
  ssn_last_four: v.ssn_last_four,
  certified: true,
});

/** A lost answer: the form may be recorded already; Submit again sends it under the same key. */
const LOST_ANSWER =
  'We did not hear back from our servers. Press Submit W-9 again: your form is recorded once.';

export function W9Form({ onSubmitted, onUnsure }: { onSubmitted: () => void; onUnsure: () => void }) {
  const online = useOnline();
  const [values, setValues] = useState<FormValues>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<W9FormField, boolean>>>({});
  const [pending, setPending] = useState(false);
  const [serverFieldErrors, setServerFieldErrors] = useState<Partial<Record<W9FormField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const errors = w9FormErrors(values);
  const errorFor = (f: W9FormField): string | undefined =>
    serverFieldErrors[f] ?? (touched[f] ? errors[f] : undefined);
  const shown = W9_FORM_FIELDS.map(errorFor).filter(Boolean);

  function onChange(e: ChangeEvent<HTMLInputElement | HTMLSelectElement>) {
    const name = e.target.name as W9FormField;
    let value: string | boolean = e.target.value;
    if (name === 'certified') value = (e.target as HTMLInputElement).checked;
    else if (name === 'zip_code') value = digitsOnly(value, W9_LIMITS.zipCode);
    else if (name === 'ssn_last_four') value = digitsOnly(value, W9_LIMITS.ssnLastFour);
    setValues((v) => ({ ...v, [name]: value }));
    setServerFieldErrors((s) => {
      if (!s[name]) return s;
      const next = { ...s };
      delete next[name];
      return next;
    });
    setServerError(null);
    if (name === 'certified' || name === 'state_or_province') setTouched((t) => ({ ...t, [name]: true }));
  }
  const onBlur = (e: { target: { name: string } }) => setTouched((t) => ({ ...t, [e.target.name]: true }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched(Object.fromEntries(W9_FORM_FIELDS.map((f) => [f, true])));
    const first = W9_FORM_FIELDS.find((f) => errors[f]);
    if (first) {
      focusField(formRef.current, first);
      return;
    }
    if (pending || !online) return;
    setPending(true);
    try {
      await submitW9Form(toRequest(values));
      onSubmitted();
    } catch (err) {
      setPending(false);
      const field = isApiError(err) ? (err.field as W9FormField | null) : null;
      if (
        isApiError(err) &&
        err.code === ERROR_CODES.VALIDATION_ERROR &&
        field &&
        W9_FORM_FIELDS.includes(field)
      ) {
        setServerFieldErrors({ [field]: err.message });
        focusField(formRef.current, field);
      } else if (isApiError(err) && err.code === CLIENT_ERROR_CODES.NETWORK_ERROR) {
        setServerError(LOST_ANSWER);
        // The form may have been recorded: the page reads its W-9 again and shows it if so.
        onUnsure();
      } else if (!(isApiError(err) && err.status === 403))
        setServerError(isApiError(err) ? err.message : 'Something went wrong. Please try again.');
    }
  }

  const text = (name: TextFieldName, extra: Record<string, unknown> = {}) => (
    <TextField
      label={LABELS[name]}
      name={name}
      value={values[name]}
      onChange={onChange}
      onBlur={onBlur}
      error={errorFor(name)}
      required={name !== 'address_line_2'}
      {...extra}
    />
  );

  return (
    <form ref={formRef} onSubmit={(e) => void onSubmit(e)} noValidate aria-label="W-9 form">
      {text('legal_name', { autoComplete: 'name', maxLength: W9_LIMITS.legalName })}
      {text('address_line_1', { autoComplete: 'address-line1', maxLength: W9_LIMITS.addressLine })}
      {text('address_line_2', { autoComplete: 'address-line2', maxLength: W9_LIMITS.addressLine })}
      {text('city', { autoComplete: 'address-level2', maxLength: W9_LIMITS.city })}
      <div className={pair}>
        <SelectField
          label={LABELS.state_or_province}
          name="state_or_province"
          value={values.state_or_province}
          onChange={onChange}
          onBlur={onBlur}
          error={errorFor('state_or_province')}
          options={STATE_OPTIONS}
          placeholder="Select"
          autoComplete="address-level1"
          required
        />
        {text('zip_code', {
          autoComplete: 'postal-code',
          inputMode: 'numeric',
          pattern: '[0-9]*',
          maxLength: W9_LIMITS.zipCode,
        })}
      </div>
      {text('ssn_last_four', {
        type: 'password',
        autoComplete: 'off',
        inputMode: 'numeric',
        pattern: '[0-9]*',
        maxLength: W9_LIMITS.ssnLastFour,
        hint: 'We keep only these four digits, encrypted.',
      })}
      <CheckboxField
        label={LABELS.certified}
        name="certified"
        checked={values.certified}
        onChange={onChange}
        error={errorFor('certified')}
      />
      <p aria-live="polite" className={announcer} data-testid="w9-form-announcer">
        {shown.length > 0
          ? `${shown.length} field${shown.length > 1 ? 's' : ''} to fix: ${shown.join(' ')}`
          : ''}
      </p>
      <FormError message={serverError ?? (online ? null : OFFLINE_ACTION_MESSAGE)} />
      {/* Kept enabled while fields are wrong: pressing it shows every message and focuses the first. */}
      <Button type="submit" fullWidth disabled={pending || !online} loading={pending}>
        Submit W-9
      </Button>
    </form>
  );
}
