import { lazy, Suspense, useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { API_PATHS } from '../../contract/api-paths.ts';
import { ROUTES } from '../../contract/routes.ts';
import { LoginResponseSchema } from '../../contract/schemas.ts';
import { PRODUCT_NAME } from '../../contract/constants.ts';
import { api, isApiError, reportApiError } from '../../lib/api-client.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { consumeReturnTo } from '../../lib/return-to.ts';
import { store } from '../../state/store.ts';
import { clearSignedOutReason, completeLogin, readPreviousEmail } from '../../state/session-actions.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';
import { Button } from '../../ui/button.tsx';
import { FormError } from '../../ui/form-error.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { LOGIN_MESSAGES, loginFailure } from './login-errors.ts';
import { SOCIAL_AUTH_ERROR_CODES } from '../../contract/social-auth.ts';
import { AfterHydration } from '../../ui/after-hydration.tsx';

/** Google and Facebook sign-in load beside the form: the page's first load stays within its budget. */
const SocialSignIn = lazy(() => import('./social-sign-in.tsx'));
/** The space the social buttons take, kept while they load so the form does not move. */
const socialSlot = css`
  min-height: 9.5rem;
`;

const forgotRow = css`
  display: flex;
  justify-content: flex-end;
  margin: calc(-1 * var(--space-2)) 0 var(--space-4);
  font-size: 0.95rem;
`;
const joinLine = css`
  text-align: center;
  margin-top: var(--space-4);
  color: var(--color-text-muted);
`;
const formErrorSlot = css`
  margin-top: var(--space-4);
  & > p {
    margin-bottom: 0;
  }
`;

type FieldErrors = Partial<Record<'email' | 'password', string>>;

const SIGNED_OUT_TEXT = {
  inactivity: 'You were signed out after a period of inactivity. Please sign in again.',
  'session-expired': 'Your session has ended. Please sign in again.',
} as const;

export function LoginPage() {
  const navigate = useNavigate();
  const { session } = useSnapshot(store);
  // Read once: a reason is shown for this visit of the page only.
  const [signedOutReason] = useState(session.signedOutReason);
  const [email, setEmail] = useState(() => readPreviousEmail() ?? '');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // One Idempotency-Key per sign-in attempt, kept while the answer did not arrive: pressing Sign in
  // again with the same email and password continues the session the server started (one session,
  // one login bonus) instead of starting a second one.
  const attempt = useRef<{ email: string; password: string; key: string } | null>(null);

  useEffect(() => {
    if (signedOutReason) clearSignedOutReason();
  }, [signedOutReason]);

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting) return;
    const next: FieldErrors = {};
    if (!email.trim()) next.email = LOGIN_MESSAGES.emailRequired;
    if (!password) next.password = LOGIN_MESSAGES.passwordRequired;
    setErrors(next);
    setFormError(null);
    if (next.email) return focusField(formRef.current, 'email');
    if (next.password) return focusField(formRef.current, 'password');

    setSubmitting(true);
    const sent = { email: email.trim(), password };
    if (attempt.current?.email !== sent.email || attempt.current.password !== sent.password)
      attempt.current = { ...sent, key: crypto.randomUUID() };
    try {
      const answer = await api.post(API_PATHS.login, sent, LoginResponseSchema, {
        handleErrors: false,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      completeLogin(answer);
      navigate(consumeReturnTo(), { replace: true });
    } catch (err) {
      setSubmitting(false);
      if (!isApiError(err)) {
        setFormError('Something went wrong. Please try again.');
        return;
      }
      if (err.code === SOCIAL_AUTH_ERROR_CODES.SOCIAL_ACCOUNT_NO_PASSWORD) {
        // An account opened with Google or Facebook has no password: offer those or a sign-in link.
        setPassword('');
        void import('./social-account-reset.ts').then((m) =>
          m.offerSocialAccountReset(err.extra?.providers, (path) => navigate(path)),
        );
        return;
      }
      // The country block opens the spec's country dialog, as on every other call; the form
      // keeps the reason under it too, for after the dialog is closed.
      if (err.code === ERROR_CODES.ACCESS_CURRENTLY_UNAVAILABLE) reportApiError(err);
      const failure = loginFailure(err);
      setFormError(failure.form);
      if (failure.field) setErrors({ [failure.field.name]: failure.field.message });
      // No answer (a lost one, or no network): the server may have signed in already. Keep the
      // password and the attempt's key, so pressing Sign in again continues that sign-in.
      if (err.status === 0) return;
      attempt.current = null;
      setPassword('');
      focusField(formRef.current, failure.field?.name ?? 'password');
    }
  }

  return (
    <Page title="Sign in" width="narrow">
      {signedOutReason ? (
        <Notice tone="info" testId="signed-out-notice">
          {SIGNED_OUT_TEXT[signedOutReason]}
        </Notice>
      ) : null}
      <Card>
        <div className={socialSlot}>
          {/* After hydration only: the prerendered markup has the empty slot, never a pending boundary. */}
          <AfterHydration>
            <Suspense fallback={null}>
              <SocialSignIn />
            </Suspense>
          </AfterHydration>
        </div>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={`Sign in to ${PRODUCT_NAME}`}>
          <TextField
            label="Email"
            name="email"
            type="email"
            inputMode="email"
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errors.email}
            required
          />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={errors.password}
            required
          />
          <div className={forgotRow}>
            <Link to={ROUTES.passwordRecovery}>Forgot password?</Link>
          </div>
          <Button type="submit" fullWidth loading={submitting}>
            Sign in
          </Button>
          <div className={formErrorSlot}>
            <FormError message={formError} />
          </div>
        </form>
      </Card>
      <p className={joinLine}>
        New to {PRODUCT_NAME}? <Link to={ROUTES.createUser}>Join now</Link>
      </p>
    </Page>
  );
}

export default LoginPage;
