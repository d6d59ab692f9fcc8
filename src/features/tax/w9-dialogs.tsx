/**
 * The W-9 dialogs (spec sections 2, 4 and 5):
 * - W-9 info { zipCode, ssnLastFour }: submit disabled while either is invalid (the contract's
 *   rules and messages); while the call runs the W-9 is "confirming"; the answer decides
 *   confirmed or mismatched and opens the matching dialog. Close result { outcome }.
 * - W-9 confirmed: closes to the lobby.
 * - W-9 mismatch: the account is suspended; the only way out closes to logout.
 */
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { ERROR_CODES } from '../../contract/errors.ts';
import { ROUTES } from '../../contract/routes.ts';
import { TAX_TEXTS, W9_LIMITS, w9InfoErrors, type W9InfoField } from '../../contract/tax.ts';
import { CLIENT_ERROR_CODES, isApiError } from '../../lib/api-client.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { openDialog } from '../../state/dialog-actions.ts';
import { applyW9Decision } from '../../state/standing-actions.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';
import { FormError } from '../../ui/form-error.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { confirmW9Info } from './api.ts';
import { digitsOnly } from './w9-input.ts';
import { TAX_DIALOGS } from './tax-dialog-kinds.ts';
import { announcer, muted } from './tax-styles.ts';

const FIELDS: readonly W9InfoField[] = ['zipCode', 'ssnLastFour'];
/** A lost answer: the information may be checked already; Confirm again sends it under the same key. */
const LOST_ANSWER =
  'We did not hear back from our servers. Press Confirm again: your information is checked once.';

export function W9InfoDialog({ close }: DialogComponentProps) {
  const [values, setValues] = useState<Record<W9InfoField, string>>({ zipCode: '', ssnLastFour: '' });
  const [touched, setTouched] = useState<Partial<Record<W9InfoField, boolean>>>({});
  const [confirming, setConfirming] = useState(false);
  const [serverFieldErrors, setServerFieldErrors] = useState<Partial<Record<W9InfoField, string>>>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const errors = w9InfoErrors(values);
  const invalid = Object.keys(errors).length > 0;
  const errorFor = (f: W9InfoField): string | undefined =>
    serverFieldErrors[f] ?? (touched[f] ? errors[f] : undefined);
  const shown = FIELDS.map(errorFor).filter(Boolean).join(' ');

  function onChange(e: ChangeEvent<HTMLInputElement>) {
    const name = e.target.name as W9InfoField;
    const value = digitsOnly(e.target.value, name === 'zipCode' ? W9_LIMITS.zipCode : W9_LIMITS.ssnLastFour);
    setValues((v) => ({ ...v, [name]: value }));
    setServerFieldErrors({});
    setServerError(null);
  }
  const onBlur = (e: { target: { name: string } }) => setTouched((t) => ({ ...t, [e.target.name]: true }));

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    setTouched({ zipCode: true, ssnLastFour: true });
    if (invalid || confirming) return;
    setConfirming(true);
    try {
      const decision = await confirmW9Info(values);
      applyW9Decision(decision);
      close({ outcome: decision.outcome });
      openDialog(decision.outcome === 'confirmed' ? TAX_DIALOGS.confirmed : TAX_DIALOGS.mismatch);
    } catch (err) {
      setConfirming(false);
      if (
        isApiError(err) &&
        err.code === ERROR_CODES.VALIDATION_ERROR &&
        FIELDS.includes(err.field as W9InfoField)
      )
        setServerFieldErrors({ [err.field as W9InfoField]: err.message });
      // A suspended account has its own dialog (opened by the API client); this one gives way.
      else if (isApiError(err) && err.status === 403) close({ outcome: null });
      else if (isApiError(err) && err.code === CLIENT_ERROR_CODES.NETWORK_ERROR) setServerError(LOST_ANSWER);
      else setServerError(isApiError(err) ? err.message : 'Something went wrong. Please try again.');
    }
  }

  return (
    <Dialog
      open
      onClose={() => close({ outcome: null })}
      title={TAX_TEXTS.w9InfoTitle}
      testId="dialog-w9-info"
    >
      <p className={muted}>{TAX_TEXTS.w9InfoText}</p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate aria-busy={confirming}>
        <TextField
          label="ZIP code"
          name="zipCode"
          value={values.zipCode}
          onChange={onChange}
          onBlur={onBlur}
          error={errorFor('zipCode')}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="postal-code"
          maxLength={W9_LIMITS.zipCode}
          required
        />
        <TextField
          label="Last four digits of your SSN"
          name="ssnLastFour"
          type="password"
          value={values.ssnLastFour}
          onChange={onChange}
          onBlur={onBlur}
          error={errorFor('ssnLastFour')}
          inputMode="numeric"
          pattern="[0-9]*"
          autoComplete="off"
          maxLength={W9_LIMITS.ssnLastFour}
          required
        />
        <p aria-live="polite" className={announcer} data-testid="w9-info-announcer">
          {shown}
        </p>
        <FormError message={serverError} />
        <Button type="submit" fullWidth disabled={invalid || confirming} loading={confirming}>
          {confirming ? 'Confirming...' : 'Confirm'}
        </Button>
      </form>
    </Dialog>
  );
}

export function W9ConfirmedDialog({ close }: DialogComponentProps) {
  const toLobby = () => {
    close();
    navigateTo(ROUTES.lobby);
  };
  return (
    <Dialog
      open
      onClose={toLobby}
      title={TAX_TEXTS.confirmedTitle}
      testId="dialog-w9-confirmed"
      actions={<Button onClick={toLobby}>Close</Button>}
    >
      <p>{TAX_TEXTS.confirmedText}</p>
    </Dialog>
  );
}

export function W9MismatchDialog({ close }: DialogComponentProps) {
  const toLogout = () => {
    close();
    navigateTo(ROUTES.logout, { replace: true });
  };
  return (
    <Dialog
      open
      dismissible={false}
      onClose={toLogout}
      title={TAX_TEXTS.mismatchTitle}
      testId="dialog-w9-mismatch"
      actions={<Button onClick={toLogout}>Close</Button>}
    >
      <p role="alert">{TAX_TEXTS.mismatchText}</p>
      <p>
        Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </Dialog>
  );
}
