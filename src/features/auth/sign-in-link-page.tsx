import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { API_PATHS } from '../../contract/api-paths.ts';
import { ROUTES } from '../../contract/routes.ts';
import { LoginResponseSchema } from '../../contract/schemas.ts';
import { ERROR_CODES, ERROR_TEXTS } from '../../contract/errors.ts';
import { api, isApiError } from '../../lib/api-client.ts';
import { completeLogin } from '../../state/session-actions.ts';
import { Page, Card, Notice } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';
import { ButtonLink } from '../../ui/button.tsx';
import { actionRow } from '../../ui/prose.ts';

type LinkState = { status: 'working' } | { status: 'failed'; message: string };

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

  useEffect(() => {
    if (!token || posted.current === token) return;
    posted.current = token;
    api
      .post(API_PATHS.signInLink, { token }, LoginResponseSchema, { handleErrors: false })
      .then((answer) => {
        completeLogin(answer);
        navigate(ROUTES.lobby, { replace: true });
      })
      .catch((err: unknown) => {
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

  return (
    <Page title={state.status === 'working' ? 'Signing you in' : 'Sign-in link'} width="narrow">
      <Card>
        {state.status === 'working' ? (
          <Spinner label="Checking your sign-in link..." />
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
