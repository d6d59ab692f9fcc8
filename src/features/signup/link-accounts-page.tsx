import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { css } from '@linaria/core';
import { ROUTES } from '../../contract/routes.ts';
import { LoginResponseSchema } from '../../contract/schemas.ts';
import {
  SOCIAL_AUTH_PATHS,
  SOCIAL_TEXTS,
  type SocialError,
  type SocialLinkRequest,
} from '../../contract/social-auth.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { consumeReturnTo } from '../../lib/return-to.ts';
import { completeLogin } from '../../state/session-actions.ts';
import { clearSocialInfo, readSocialInfo, socialErrorOf } from '../../state/social-info.ts';
import { Button } from '../../ui/button.tsx';
import { focusField } from '../../ui/focus-field.ts';
import { Card, Notice, Page } from '../../ui/page.tsx';
import { TextField } from '../../ui/text-field.tsx';

const formError = css`
  color: var(--color-danger, #b3261e);
  margin: var(--space-3) 0 0;
`;
const forgotRow = css`
  display: flex;
  justify-content: flex-end;
  margin: calc(-1 * var(--space-2)) 0 var(--space-4);
  font-size: 0.95rem;
`;

/**
 * Linking a Google or Facebook identity to the account that has its email: the player proves the
 * account's password once (the link payload of spec section 3), then signs in with the provider.
 */
export function LinkAccountsPage() {
  const navigate = useNavigate();
  const [info] = useState(() => {
    const stored = readSocialInfo();
    return stored?.result === 'link_required' ? stored : null;
  });
  const [password, setPassword] = useState('');
  const [error, setError] = useState<SocialError | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  // One Idempotency-Key per link, kept while its answer did not arrive: the same password sent
  // again signs in through the link the first try made (its ticket works once).
  const attempt = useRef<{ sent: string; key: string } | null>(null);

  if (!info) {
    return (
      <Page title={SOCIAL_TEXTS.linkTitle} width="narrow">
        <Notice tone="info" testId="link-accounts-missing">
          <p>{SOCIAL_TEXTS.profileMissing}</p>
        </Notice>
        <p>
          <Link to={ROUTES.login}>Sign in</Link>
        </p>
      </Page>
    );
  }

  async function onSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    if (submitting || !info) return;
    if (!password) {
      setError({ code: 'VALIDATION_ERROR', message: 'Please enter your password.', field: 'password1' });
      return focusField(formRef.current, 'password1');
    }
    setSubmitting(true);
    setError(null);
    const payload: SocialLinkRequest = {
      ...(info.provider === 'google'
        ? { google_auth_token: info.provider_auth_token }
        : { fb_auth_token: info.provider_auth_token }),
      email: info.email,
      password1: password,
      password2: password,
      strategy: 'password',
    };
    const sent = JSON.stringify(payload);
    if (attempt.current?.sent !== sent) attempt.current = { sent, key: crypto.randomUUID() };
    try {
      const answer = await api.post(SOCIAL_AUTH_PATHS.link, payload, LoginResponseSchema, {
        handleErrors: false,
        idempotencyKey: attempt.current.key,
      });
      attempt.current = null;
      clearSocialInfo();
      completeLogin(answer);
      navigate(consumeReturnTo(), { replace: true });
    } catch (err) {
      setSubmitting(false);
      // An answer (a refusal) ends the attempt; no answer keeps its key for the next press.
      if (!isApiError(err) || err.status !== 0) attempt.current = null;
      setPassword('');
      const social = socialErrorOf(err);
      setError(social);
      focusField(formRef.current, 'password1');
    }
  }

  const fieldError =
    error && (error.field === 'password1' || error.code === 'INVALID_CREDENTIALS') ? error : null;
  return (
    <Page title={SOCIAL_TEXTS.linkTitle} width="narrow">
      <Notice tone="info" testId="account-found">
        <p>{info.message}</p>
      </Notice>
      <Card>
        <form ref={formRef} noValidate onSubmit={onSubmit} aria-label={SOCIAL_TEXTS.linkTitle}>
          <TextField
            label="Email"
            name="email"
            type="email"
            value={info.email}
            readOnly
            autoComplete="username"
          />
          <TextField
            label={SOCIAL_TEXTS.linkPasswordLabel}
            name="password1"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError?.message}
            required
          />
          <div className={forgotRow}>
            <Link to={ROUTES.passwordRecovery}>{SOCIAL_TEXTS.forgotPassword}</Link>
          </div>
          <Button type="submit" fullWidth loading={submitting}>
            {SOCIAL_TEXTS.linkButton}
          </Button>
          {error && !fieldError ? (
            <p role="alert" className={formError} data-testid="social-error" data-code={error.code}>
              {error.message}
            </p>
          ) : null}
        </form>
      </Card>
    </Page>
  );
}

export default LinkAccountsPage;
