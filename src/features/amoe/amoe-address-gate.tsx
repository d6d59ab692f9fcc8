/**
 * AMOE pages need a billing address (spec section 2, guards). The gate shows its pages when the
 * player has one; otherwise it asks for it here, with a short form saved through the address
 * update call, and shows the page once it is saved. The mailing address on the card is the
 * player's; the one on file must match it for the request to be honoured.
 */
import { useState, type FormEvent } from 'react';
import { Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { PAYMENTS_API_PATHS } from '../../contract/payment-pages.ts';
import { UserSchema, type User } from '../../contract/schemas.ts';
import { US_STATE_NAMES } from '../../contract/us-state-names.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { useOnline, OFFLINE_ACTION_MESSAGE } from '../../pwa/online-status.ts';
import { applySavedAddress } from '../../state/payment-actions.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { SelectField } from '../../ui/select-field.tsx';
import { TextField } from '../../ui/text-field.tsx';

/** Line 1, city, state and ZIP on file (line 2 is optional). */
export function hasBillingAddress(
  user: Pick<User, 'address_line_1' | 'city' | 'state_or_province' | 'postal_code'> | null,
): boolean {
  return Boolean(
    user?.address_line_1?.trim() &&
    user.city?.trim() &&
    user.state_or_province?.trim() &&
    user.postal_code?.trim(),
  );
}

const FIELDS = ['address_line_1', 'address_line_2', 'city', 'state_or_province', 'postal_code'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const STATE_OPTIONS = Object.entries(US_STATE_NAMES).map(([value, label]) => ({ value, label }));

const form = css`
  display: grid;
  gap: var(--space-1);
`;

function clientErrors(v: Values): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!v.address_line_1.trim()) errors.address_line_1 = 'Please enter a street address';
  if (!v.city.trim()) errors.city = 'Please enter a city';
  if (!v.state_or_province) errors.state_or_province = 'Please choose a state';
  if (!/^\d{5}$/.test(v.postal_code.trim())) errors.postal_code = 'Please enter a 5-digit ZIP code';
  return errors;
}

function AddressForm() {
  const online = useOnline();
  const [values, setValues] = useState<Values>({
    address_line_1: '',
    address_line_2: '',
    city: '',
    state_or_province: '',
    postal_code: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const set = (field: Field) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: e.target.value }));

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = clientErrors(values);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;
    setPending(true);
    try {
      const user = await api.patch(
        PAYMENTS_API_PATHS.address,
        {
          address_line_1: values.address_line_1.trim(),
          address_line_2: values.address_line_2.trim() || null,
          city: values.city.trim(),
          state_or_province: values.state_or_province,
          postal_code: values.postal_code.trim(),
        },
        UserSchema,
        { handleErrors: false },
      );
      applySavedAddress(user);
    } catch (err) {
      setPending(false);
      const field =
        isApiError(err) && err.field && (FIELDS as readonly string[]).includes(err.field) ? err.field : null;
      if (field && isApiError(err)) setErrors({ [field]: err.message });
      else setFormError(isApiError(err) ? err.message : 'Your address could not be saved. Please try again.');
    }
  }

  return (
    <form className={form} onSubmit={(e) => void submit(e)} noValidate data-testid="amoe-address-form">
      <FormError message={formError} />
      <TextField
        label="Street address"
        name="address_line_1"
        autoComplete="address-line1"
        value={values.address_line_1}
        onChange={set('address_line_1')}
        error={errors.address_line_1}
      />
      <TextField
        label="Apartment, suite (optional)"
        name="address_line_2"
        autoComplete="address-line2"
        value={values.address_line_2}
        onChange={set('address_line_2')}
        error={errors.address_line_2}
      />
      <TextField
        label="City"
        name="city"
        autoComplete="address-level2"
        value={values.city}
        onChange={set('city')}
        error={errors.city}
      />
      <SelectField
        label="State"
        name="state_or_province"
        options={STATE_OPTIONS}
        placeholder="State"
        value={values.state_or_province}
        onChange={set('state_or_province')}
        error={errors.state_or_province}
      />
      <TextField
        label="ZIP code"
        name="postal_code"
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        value={values.postal_code}
        onChange={set('postal_code')}
        error={errors.postal_code}
      />
      {online ? null : <Notice tone="warning">{OFFLINE_ACTION_MESSAGE}</Notice>}
      <Button type="submit" disabled={pending || !online}>
        {pending ? 'Saving...' : 'Save address'}
      </Button>
    </form>
  );
}

export default function AmoeAddressGate() {
  const { user } = useSnapshot(store.session);
  if (hasBillingAddress(user)) return <Outlet />;
  return (
    <Page title="Free Sweeps Coins by mail" width="narrow">
      <Card>
        <h2>Your address first</h2>
        <p data-testid="amoe-address-required">
          Mail-in requests and AMOE codes need your billing address on file: it must match the return address
          on the card you mail.
        </p>
        <AddressForm />
      </Card>
    </Page>
  );
}
