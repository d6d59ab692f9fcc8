import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { API_PATHS } from '../../contract/api-paths.ts';
import { ROUTES } from '../../contract/routes.ts';
import { LoginResponseSchema } from '../../contract/schemas.ts';
import { ERROR_CODES, ERROR_TEXTS } from '../../contract/errors.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { completeLogin } from '../../state/session-actions.ts';
import { keepPasswordResetTicket } from '../../lib/password-reset-ticket.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { Button, ButtonLink } from '../../ui/button.tsx';
import { actionRow } from '../../ui/prose.ts';

type LinkState =
  | { status: 'working' }
  | { status: 'failed'; message: string }
  /** No answer arrived: the link may have signed in already; the same key asks again. */
  | { status: 'unanswered'; message: string };

const LINK_KEY_STORAGE = 'lc.signInLinkKey';

/**
 * The Idempotency-Key of this link in this tab (sessionStorage, so a reload of the page reuses
 * it): a retry after a lost answer continues the session the link started on the server.
 */
function keyForLink(token: string): string {
  try {
    const kept = JSON.parse(sessionStorage.getItem(LINK_KEY_STORAGE) ?? 'null') as {
      token?: string;
      key?: string;
    } | null;
    if (kept?.token === token && kept.key) return kept.key;
    const key = crypto.randomUUID();
    sessionStorage.setItem(LINK_KEY_STORAGE, JSON.stringify({ token, key }));
    return key;
  } catch {
    return crypto.randomUUID();
  }
}

const INVALID_LINK =
  'This sign-in link is invalid, has already been used or has expired. Links work once and for 30 minutes.';

/** Opens a one-time sign-in link from the recovery email: exchanges ?token= for a session. */
export function SignInLinkPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const token = params.get('token') ?? '';
  const [state, setState] = useState<LinkState>(() =>
    token ? { status: 'working' } : { status: 'failed', message: INVALID_LINK },
  );
  // The token is single-use: make sure a re-render (or StrictMode's double effect) posts it once.
  const posted = useRef<string | null>(null);

  const send = useCallback(() => {
    setState({ status: 'working' });
    api
      .post(API_PATHS.signInLink, { token }, LoginResponseSchema, {
        handleErrors: false,
        idempotencyKey: keyForLink(token),
      })
      .then((answer) => {
        try {
          sessionStorage.removeItem(LINK_KEY_STORAGE);
        } catch {
          // nothing kept
        }
        completeLogin(answer);
        // Password recovery's link: straight to choosing a new password (the old one not needed).
        const resetting = keepPasswordResetTicket(
          answer.user.id,
          (answer as { password_reset?: unknown }).password_reset,
        );
        navigate(resetting ? ROUTES.changePassword : ROUTES.lobby, { replace: true });
      })
      .catch((err: unknown) => {
        if (isApiError(err) && err.status === 0) {
          setState({ status: 'unanswered', message: err.message });
          return;
        }
        let message = INVALID_LINK;
        if (isApiError(err) && err.status === 429)
          message = `${ERROR_TEXTS.serverBusyTitle}: ${ERROR_TEXTS.serverBusy}`;
        else if (
          isApiError(err) &&
          err.code !== ERROR_CODES.INVALID_SIGN_IN_LINK &&
          err.code !== ERROR_CODES.VALIDATION_ERROR
        )
          message = err.message;
        setState({ status: 'failed', message });
      });
  }, [token, navigate]);

  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    send();
  }, [token, send]);

  return (
    <Page title={state.status === 'working' ? 'Signing you in' : 'Sign-in link'} width="narrow">
      <Card>
        {state.status === 'working' ? (
          <Spinner label="Checking your sign-in link..." />
        ) : state.status === 'unanswered' ? (
          <>
            <Notice tone="warning" testId="form-error">
              {state.message}
            </Notice>
            <div className={actionRow}>
              <Button onClick={send}>Try again</Button>
            </div>
          </>
        ) : (
          <>
            <Notice tone="error" testId="form-error">
              {state.message}
            </Notice>
            <div className={actionRow}>
              <ButtonLink to={ROUTES.passwordRecovery}>Request a new link</ButtonLink>
              <ButtonLink to={ROUTES.login} variant="secondary">
                Sign in
              </ButtonLink>
            </div>
          </>
        )}
      </Card>
    </Page>
  );
}

export default SignInLinkPage;
