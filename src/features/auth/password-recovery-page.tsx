import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { css } from '@linaria/core';
import { API_PATHS } from '../../contract/api-paths.ts';
import { ROUTES } from '../../contract/routes.ts';
import { isPlausibleEmail } from '../../contract/credentials.ts';
import { ERROR_TEXTS } from '../../contract/errors.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { readPreviousEmail } from '../../state/session-actions.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { focusField } from '../../ui/focus-field.ts';

export const RECOVERY_CONFIRMATION =
  "If an account exists for that email, we've sent a sign-in link. It expires in 30 minutes.";

const back = css`
  text-align: center;
  margin-top: var(--space-4);
`;

/**
 * Password recovery: asks for an email and always answers with the same confirmation, so the
 * page never reveals which emails have accounts. The link signs the player in (sign-in link page).
 */
export function PasswordRecoveryPage() {
  const [email, setEmail] = useState(() => readPreviousEmail() ?? '');
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    setFormError(null);
    const trimmed = email.trim();
    const problem = !trimmed
      ? 'Please enter your email address.'
      : !isPlausibleEmail(trimmed)
        ? 'Please enter a valid email address.'
        : null;
    setError(problem);
    if (problem) return focusField(formRef.current, 'email');
    setSubmitting(true);
    try {
      await api.post(API_PATHS.passwordRecovery, { email: trimmed }, undefined, { handleErrors: false });
      setSent(true);
    } catch (err) {
      if (isApiError(err) && err.status === 429)
        setFormError(`${ERROR_TEXTS.serverBusyTitle}: ${ERROR_TEXTS.serverBusy}`);
      else if (isApiError(err) && err.field === 'email') setError(err.message);
      else setFormError(isApiError(err) ? err.message : 'Something went wrong. Please try again.');
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <Page title="Forgot your password?" width="narrow">
      {sent ? (
        <Card>
          <Notice tone="success" testId="recovery-confirmation">
            <p>{RECOVERY_CONFIRMATION}</p>
          </Notice>
          <p>
            Open the link to sign in: you then choose a new password, without the old one, within 30 minutes.
            Check your spam folder if it doesn't arrive within a few minutes.
          </p>
          <ButtonLink to={ROUTES.login} fullWidth variant="secondary">
            Back to sign in
          </ButtonLink>
        </Card>
      ) : (
        <Card>
          <p>Enter the email address of your account and we'll send you a link that signs you in.</p>
          <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Request a sign-in link">
            <TextField
              label="Email"
              name="email"
              type="email"
              inputMode="email"
              autoComplete="email"
              autoCapitalize="none"
              spellCheck={false}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={error}
              required
            />
            <FormError message={formError} />
            <Button type="submit" fullWidth loading={submitting}>
              Send sign-in link
            </Button>
          </form>
          <p className={back}>
            <Link to={ROUTES.login}>Back to sign in</Link>
          </p>
        </Card>
      )}
    </Page>
  );
}

export default PasswordRecoveryPage;
