/**
 * /change-password: the current password, then a new one under the join form's policy (the
 * contract's passwordProblem, the same the server applies) typed twice. On success every other
 * device is signed out; this one stays signed in.
 *
 * After a password recovery link (sign-in-link-page.tsx keeps its ticket in this tab), the page
 * asks for the new password only: the ticket stands in for the forgotten one, for 30 minutes.
 */
import { useRef, useState, type FormEvent } from 'react';
import { ACCOUNT_ERROR_CODES, ACCOUNT_TEXTS } from '../../contract/account.ts';
import { ROUTES } from '../../contract/routes.ts';
import { isApiError } from '../../lib/api-client.ts';
import { forgetPasswordResetTicket, passwordResetTicket } from '../../lib/password-reset-ticket.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { changePassword } from './account-api.ts';
import { formFailure } from './account-form.ts';
import {
  changePasswordErrors,
  PASSWORD_FIELDS as FIELDS,
  type PasswordField as Field,
  type PasswordValues,
} from './account-rules.ts';
import { BackToAccount } from './back-to-account.tsx';

const EMPTY: PasswordValues = { current_password: '', password1: '', password2: '' };

export default function ChangePasswordPage() {
  const [values, setValues] = useState<PasswordValues>(EMPTY);
  const [shown, setShown] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const [ticket, setTicket] = useState(() => passwordResetTicket(store.session.user?.id));

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const user = store.session.user;
    const errors = changePasswordErrors(
      values,
      { email: user?.email, first_name: user?.first_name, last_name: user?.last_name },
      ticket !== null,
    );
    setShown(errors);
    setFormError(null);
    const first = FIELDS.find((f) => errors[f]);
    if (first) return focusField(formRef.current, first);
    setPending(true);
    try {
      const { current_password, ...rest } = values;
      await changePassword(ticket ? { ...rest, reset_token: ticket.token } : { ...rest, current_password });
      if (ticket) {
        forgetPasswordResetTicket();
        setTicket(null);
      }
      setValues(EMPTY);
      setDone(true);
    } catch (error) {
      if (isApiError(error) && error.code === ACCOUNT_ERROR_CODES.RESET_TICKET_INVALID) {
        // The link's time is over (or it was used): back to the usual form, saying why.
        forgetPasswordResetTicket();
        setTicket(null);
        setFormError(error.message);
        return;
      }
      const failure = formFailure(error, FIELDS);
      if (failure.field) {
        setShown({ [failure.field]: failure.message });
        focusField(formRef.current, failure.field);
      } else setFormError(failure.message);
    } finally {
      setPending(false);
    }
  };

  const field = (name: Field, label: string, autoComplete: string, hint?: string) => (
    <TextField
      label={label}
      name={name}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      hint={hint}
      error={shown[name]}
      onChange={(e) => {
        setValues((v) => ({ ...v, [name]: e.target.value }));
        setShown((s) => ({ ...s, [name]: undefined }));
        setDone(false);
      }}
      required
    />
  );

  return (
    <Page title="Change Password" width="narrow">
      {done ? (
        <Notice tone="success" testId="password-changed">
          {ACCOUNT_TEXTS.passwordChanged}
        </Notice>
      ) : null}
      {ticket && !done ? (
        <Notice tone="info" testId="password-reset-intro">
          {ACCOUNT_TEXTS.resetIntro} <AppLink to={ROUTES.lobby}>Not now</AppLink>
        </Notice>
      ) : null}
      <Card>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Change password">
          {ticket ? null : field('current_password', 'Current password', 'current-password')}
          {field(
            'password1',
            'New password',
            'new-password',
            'At least 10 characters; avoid common passwords.',
          )}
          {field('password2', 'Repeat the new password', 'new-password')}
          <FormError message={formError} />
          <Button type="submit" fullWidth loading={pending}>
            Change password
          </Button>
        </form>
      </Card>
      <BackToAccount />
    </Page>
  );
}
