/**
 * Billing address collection (spec section 5). Every rule lives in address-form-rules.ts; this
 * component adds the timing (state upper-cased 500 ms after typing), the confirmation step
 * before saving, and the save through the address PATCH. On success the player's profile is
 * updated, the coin packages are re-fetched and the currency switches to Gold (spec section 4).
 * Close result: { saved } ({ saved: false, pending: true } when the change waits for identity
 * re-authentication).
 */
import { useEffect, useMemo, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { css } from '@linaria/core';
import { EXCLUDED_STATES, TIMINGS } from '../../../contract/constants.ts';
import { statesWithoutSweeps } from '../../../contract/sweeps-eligibility.ts';
import {
  PAYMENTS_API_PATHS,
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
  type AddressUpdateRequest,
} from '../../../contract/payments.ts';
import { PROPERTY_NAMES } from '../../../contract/properties.ts';
import { ERROR_CODES } from '../../../contract/errors.ts';
import { UserSchema } from '../../../contract/schemas.ts';
import { api, isApiError } from '../../../lib/api-client.ts';
import { useNamedProperties } from '../../../lib/use-named-properties.ts';
import { store } from '../../../state/store.ts';
import { setCurrency } from '../../../state/currency-actions.ts';
import { applySavedAddress } from '../../../state/payment-actions.ts';
import { Button } from '../../../ui/button.tsx';
import { Dialog } from '../../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../../ui/dialog-registry.ts';
import { FormError } from '../../../ui/form-error.tsx';
import { Notice } from '../../../ui/page.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { focusField } from '../../../ui/focus-field.ts';
import { stateName } from '../../../contract/us-state-names.ts';
import {
  ADDRESS_FIELD_ORDER,
  ADDRESS_MESSAGES,
  EMPTY_ADDRESS,
  isSubmitDisabled,
  prohibitedMessage,
  sanitizeState,
  sanitizeZip,
  upperCaseState,
  validateAddress,
  type AddressField,
  type AddressFormValues,
} from './address-form-rules.ts';
import { lead, muted } from './dialog-styles.ts';
import { useGoldOnly } from '../use-gold-only.ts';

const row = css`
  display: grid;
  grid-template-columns: minmax(0, 1fr) minmax(0, 1.3fr);
  column-gap: var(--space-3);
`;
const confirmBox = css`
  margin: 0 0 var(--space-3);
  padding: var(--space-3) var(--space-4);
  border-radius: var(--radius-md);
  background: var(--color-surface-2);
  font-style: normal;
  line-height: 1.6;
`;
const actions = css`
  display: flex;
  flex-wrap: wrap;
  gap: var(--space-2);
  & > * {
    flex: 1 1 auto;
  }
`;

/** Wire names of the address PATCH -> form names (server field errors land under the right field). */
const WIRE_TO_FORM: Record<string, AddressField> = {
  address_line_1: 'streetAddress1',
  address_line_2: 'streetAddress2',
  city: 'city',
  state_or_province: 'stateOrProvince',
  postal_code: 'billingZipCode',
};

const LABELS: Record<AddressField, string> = {
  streetAddress1: 'Street address',
  streetAddress2: 'Address line 2 (optional)',
  city: 'City',
  stateOrProvince: 'State',
  billingZipCode: 'ZIP code',
};

function initialValues(): AddressFormValues {
  const u = store.session.user;
  if (!u) return { ...EMPTY_ADDRESS };
  return {
    streetAddress1: u.address_line_1 ?? '',
    streetAddress2: u.address_line_2 ?? '',
    city: u.city ?? '',
    stateOrProvince: u.state_or_province ?? '',
    billingZipCode: sanitizeZip(u.postal_code ?? ''),
  };
}

export function toAddressRequest(v: AddressFormValues): AddressUpdateRequest {
  return {
    address_line_1: v.streetAddress1.trim().replace(/\s+/g, ' '),
    address_line_2: v.streetAddress2.trim() ? v.streetAddress2.trim().replace(/\s+/g, ' ') : null,
    city: v.city.trim().replace(/\s+/g, ' '),
    state_or_province: v.stateOrProvince.trim().toUpperCase(),
    postal_code: v.billingZipCode.trim(),
  };
}

export function AddressCollectionDialog({ props, close }: DialogComponentProps) {
  const { values: propValues } = useNamedProperties([PROPERTY_NAMES.prohibitedStates]);
  // The address refuses the excluded states only (no participation there); the operator's
  // prohibited_states takes Sweeps away, which the Gold-only notice below tells.
  const prohibited = EXCLUDED_STATES;
  const withoutSweeps = useMemo(
    () => statesWithoutSweeps(propValues[PROPERTY_NAMES.prohibitedStates]),
    [propValues],
  );
  const goldOnly = useGoldOnly();
  const [values, setValues] = useState<AddressFormValues>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<AddressField, boolean>>>({});
  const [pending, setPending] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const [serverFieldErrors, setServerFieldErrors] = useState<Partial<Record<AddressField, string>>>({});
  const formRef = useRef<HTMLFormElement>(null);
  const upperTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(
    () => () => {
      if (upperTimer.current) clearTimeout(upperTimer.current);
    },
    [],
  );

  const errors = validateAddress(values);
  const prohibitedText = prohibitedMessage(values, prohibited);
  const disabled = isSubmitDisabled(values, prohibited, pending);
  const state = values.stateOrProvince.trim().toUpperCase();
  // In gold-only mode nobody gets Sweeps, so a state without them needs no notice.
  const goldOnlyState = !goldOnly && !prohibitedText && !errors.stateOrProvince && withoutSweeps.has(state);

  const errorFor = (f: AddressField): string | undefined =>
    serverFieldErrors[f] ?? (touched[f] ? errors[f] : undefined);

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const name = e.target.name as AddressField;
    let value = e.target.value;
    if (name === 'billingZipCode') value = sanitizeZip(value);
    if (name === 'stateOrProvince') {
      value = sanitizeState(value);
      // Spec: the state is upper-cased 500 ms after the player stops typing.
      if (upperTimer.current) clearTimeout(upperTimer.current);
      upperTimer.current = setTimeout(() => {
        setValues((v) => ({ ...v, stateOrProvince: upperCaseState(v.stateOrProvince) }));
      }, TIMINGS.stateUpperCaseDelayMs);
    }
    setValues((v) => ({ ...v, [name]: value }));
    setServerError(null);
    setServerFieldErrors((s) => {
      if (!s[name]) return s;
      const next = { ...s };
      delete next[name];
      return next;
    });
    // A complete ZIP or state is judged at once, so a prohibited-state message shows before moving on.
    if (
      (name === 'billingZipCode' && value.length === 5) ||
      (name === 'stateOrProvince' && value.length === 2)
    ) {
      setTouched((t) => ({ ...t, [name]: true }));
    }
  }

  const onBlur = (e: { target: { name: string } }) => setTouched((t) => ({ ...t, [e.target.name]: true }));

  function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched({
      streetAddress1: true,
      streetAddress2: true,
      city: true,
      stateOrProvince: true,
      billingZipCode: true,
    });
    const first = ADDRESS_FIELD_ORDER.find((f) => errors[f]);
    if (first) {
      focusField(formRef.current, first);
      return;
    }
    if (disabled) return;
    setValues((v) => ({ ...v, stateOrProvince: upperCaseState(v.stateOrProvince) }));
    setConfirming(true);
  }

  async function save() {
    setPending(true);
    setServerError(null);
    try {
      const user = await api.patch(PAYMENTS_API_PATHS.address, toAddressRequest(values), UserSchema, {
        handleErrors: false,
      });
      applySavedAddress(user);
      // 202: the change waits for identity re-authentication; the address on file stays, and My
      // Account shows the request (docs/account.md "Changing the address").
      if (user.address_update_pending) {
        close({ saved: false, pending: true });
        return;
      }
      setCurrency('gold');
      close({ saved: true });
    } catch (err) {
      setPending(false);
      setConfirming(false);
      if (!isApiError(err)) {
        setServerError(ADDRESS_MESSAGES.invalidAddress);
        return;
      }
      const field = err.field ? WIRE_TO_FORM[err.field] : undefined;
      if (err.code === ERROR_CODES.EXCLUDED_STATE)
        setServerError(err.message || ADDRESS_MESSAGES.prohibitedState(stateName(state)));
      else if (field && err.code !== PAYMENT_ERROR_CODES.INVALID_ADDRESS)
        setServerFieldErrors({ [field]: err.message });
      else if (err.code === PAYMENT_ERROR_CODES.INVALID_ADDRESS) setServerError(PAYMENT_TEXTS.invalidAddress);
      else setServerError(err.status === 0 ? err.message : ADDRESS_MESSAGES.invalidAddress);
    }
  }

  const cancel = () => close({ saved: false });
  const reasonText =
    props.reason === 'purchase'
      ? 'Before your first purchase, please tell us your billing address.'
      : props.reason === 'change'
        ? 'Enter your new billing address. If your identity is verified, we will ask you to verify it again before the change is made.'
        : 'Please tell us your billing address.';

  if (confirming) {
    const r = toAddressRequest(values);
    return (
      <Dialog open onClose={cancel} title="Confirm your address" testId="dialog-address-collection">
        <p className={lead}>Is this your billing address?</p>
        <address className={confirmBox} data-testid="address-confirmation">
          {r.address_line_1}
          <br />
          {r.address_line_2 ? (
            <>
              {r.address_line_2}
              <br />
            </>
          ) : null}
          {r.city}, {r.state_or_province} {r.postal_code}
        </address>
        <FormError message={serverError} />
        <div className={actions}>
          <Button variant="secondary" onClick={() => setConfirming(false)} disabled={pending}>
            Edit
          </Button>
          <Button onClick={() => void save()} loading={pending}>
            Confirm address
          </Button>
        </div>
      </Dialog>
    );
  }

  const field = (name: AddressField, extra: Record<string, unknown> = {}) => (
    <TextField
      label={LABELS[name]}
      name={name}
      value={values[name]}
      onChange={onChange}
      onBlur={onBlur}
      error={errorFor(name)}
      required={name !== 'streetAddress2'}
      {...extra}
    />
  );

  return (
    <Dialog open onClose={cancel} title="Billing Address" testId="dialog-address-collection">
      <p className={muted}>{reasonText}</p>
      <form
        ref={formRef}
        onSubmit={onSubmit}
        noValidate
        aria-describedby={prohibitedText ? 'address-prohibited' : undefined}
      >
        {field('streetAddress1', { autoComplete: 'address-line1', maxLength: 100 })}
        {field('streetAddress2', { autoComplete: 'address-line2', maxLength: 100 })}
        {field('city', { autoComplete: 'address-level2', maxLength: 60 })}
        <div className={row}>
          {field('stateOrProvince', {
            autoComplete: 'address-level1',
            maxLength: 2,
            autoCapitalize: 'characters',
            hint: 'Two letters, e.g. IL',
          })}
          {field('billingZipCode', { autoComplete: 'postal-code', inputMode: 'numeric', maxLength: 5 })}
        </div>
        {prohibitedText ? (
          <Notice tone="error" testId="address-prohibited-state">
            <span id="address-prohibited">{prohibitedText}</span>
          </Notice>
        ) : null}
        {goldOnlyState ? (
          <Notice tone="info" testId="address-gold-only-state">
            Sweeps Coins are not available in {stateName(state)}. Residents of {stateName(state)} can still
            buy and play with Gold Coins.
          </Notice>
        ) : null}
        <FormError message={serverError} />
        <div className={actions}>
          <Button variant="secondary" onClick={cancel}>
            Cancel
          </Button>
          <Button type="submit" disabled={disabled}>
            Continue
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
