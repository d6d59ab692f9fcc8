/**
 * /change-email: the new address and the current password; the server mails a link to the new
 * address, and opening it (this page with ?token=) finishes the change. Until then the account
 * keeps its email. The old address is told once the change is made.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { ACCOUNT_TEXTS } from '../../contract/account.ts';
import { isApiError } from '../../lib/api-client.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { FormError } from '../../ui/form-error.tsx';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { confirmEmailChange, requestEmailChange } from './account-api.ts';
import { formFailure } from './account-form.ts';
import { changeEmailErrors, EMAIL_FIELDS, type EmailField } from './account-rules.ts';
import { BackToAccount } from './back-to-account.tsx';
import { muted } from './account-styles.ts';

type Confirmation =
  { state: 'pending' } | { state: 'done'; email: string } | { state: 'failed'; message: string };

/** Opening the mailed link: the token is taken once (a second render does not send it again). */
function useEmailConfirmation(token: string | null): Confirmation | null {
  const [result, setResult] = useState<Confirmation | null>(token ? { state: 'pending' } : null);
  const sent = useRef<string | null>(null);
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    confirmEmailChange(token).then(
      (email) => setResult({ state: 'done', email }),
      (error: unknown) =>
        setResult({
          state: 'failed',
          message: isApiError(error) ? error.message : 'Something went wrong. Please try again.',
        }),
    );
  }, [token]);
  return result;
}

function EmailChangeForm() {
  const { user } = useSnapshot(store.session);
  const [values, setValues] = useState<Record<EmailField, string>>({ email: '', current_password: '' });
  const [shown, setShown] = useState<Partial<Record<EmailField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (pending) return;
    const errors = changeEmailErrors(values, store.session.user?.email);
    setShown(errors);
    setFormError(null);
    const first = EMAIL_FIELDS.find((f) => errors[f]);
    if (first) return focusField(formRef.current, first);
    setPending(true);
    try {
      const answer = await requestEmailChange(values.email.trim(), values.current_password);
      setSentTo(answer.pending_email);
      setValues({ email: '', current_password: '' });
    } catch (error) {
      const failure = formFailure(error, EMAIL_FIELDS);
      if (failure.field) {
        setShown({ [failure.field]: failure.message });
        focusField(formRef.current, failure.field);
      } else setFormError(failure.message);
    } finally {
      setPending(false);
    }
  };

  const edit = (name: EmailField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setShown((s) => ({ ...s, [name]: undefined }));
  };

  return (
    <>
      {sentTo ? (
        <Notice tone="success" testId="email-link-sent">
          {ACCOUNT_TEXTS.emailLinkSent(sentTo)}
        </Notice>
      ) : null}
      <Card>
        <p className={muted}>
          Current email: <strong data-testid="current-email">{user?.email}</strong>
        </p>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Change email">
          <TextField
            label="New email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            value={values.email}
            error={shown.email}
            onChange={edit('email')}
            required
          />
          <TextField
            label="Current password"
            name="current_password"
            type="password"
            autoComplete="current-password"
            value={values.current_password}
            error={shown.current_password}
            onChange={edit('current_password')}
            required
          />
          <FormError message={formError} />
          <Button type="submit" fullWidth loading={pending}>
            Send confirmation link
          </Button>
        </form>
      </Card>
    </>
  );
}

export default function ChangeEmailPage() {
  const [params] = useSearchParams();
  const confirmation = useEmailConfirmation(params.get('token'));
  return (
    <Page title="Change Email" width="narrow">
      {confirmation?.state === 'pending' ? <Spinner label="Confirming your new email address" /> : null}
      {confirmation?.state === 'done' ? (
        <Notice tone="success" testId="email-changed">
          {ACCOUNT_TEXTS.emailChanged(confirmation.email)}
        </Notice>
      ) : null}
      {confirmation?.state === 'failed' ? (
        <Notice tone="error" testId="email-change-failed">
          {confirmation.message}
        </Notice>
      ) : null}
      {confirmation?.state === 'pending' ? null : <EmailChangeForm />}
      <BackToAccount />
    </Page>
  );
}
