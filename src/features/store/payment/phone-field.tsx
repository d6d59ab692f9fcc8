/**
 * Pay-by-bank phone field (spec section 5): digits only (max 10), formatted as (xxx) xxx-xxxx
 * 300 ms after the last keystroke. When the account already has a phone it is shown, read-only.
 */
import { useEffect, useRef } from 'react';
import { TIMINGS } from '../../../contract/constants.ts';
import { TextField } from '../../../ui/text-field.tsx';
import { formatPhone, phoneDigits } from './phone-format.ts';

export interface PhoneFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  /** The account's phone: prefilled and not editable. */
  accountPhone?: string | null;
}

/** What the input keeps while typing: digits plus the formatting characters, at most 10 digits. */
export function typedPhone(raw: string): string {
  const kept = raw.replace(/[^\d() -]/g, '');
  const digits = phoneDigits(kept);
  // Over ten digits: keep the first ten, formatted.
  return kept.replace(/\D/g, '').length > digits.length ? formatPhone(digits) : kept;
}

export function PhoneField({ value, onChange, onBlur, error, accountPhone }: PhoneFieldProps) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  if (accountPhone) {
    return (
      <TextField
        label="Phone number"
        name="phone"
        value={formatPhone(accountPhone)}
        readOnly
        aria-readonly="true"
        hint="The phone number on your account is used for pay-by-bank."
      />
    );
  }
  return (
    <TextField
      label="Phone number"
      name="phone"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(312) 555-0147"
      value={value}
      error={error}
      required
      maxLength={14}
      hint="Your bank uses it to confirm the payment."
      onChange={(e) => {
        const next = typedPhone(e.target.value);
        onChange(next);
        if (timer.current) clearTimeout(timer.current);
        timer.current = setTimeout(() => onChange(formatPhone(next)), TIMINGS.phoneFormatDebounceMs);
      }}
      onBlur={() => {
        if (timer.current) clearTimeout(timer.current);
        if (value) onChange(formatPhone(value));
        onBlur?.();
      }}
    />
  );
}
