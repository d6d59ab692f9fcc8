/**
 * /support-desk-login: the Help Center link of a signed-in player (menu and footer, a new tab).
 * The server issues a short-lived support-desk JWT and the browser goes on to the support site's
 * JWT access URL, which signs the player in there. A signed-out visitor signs in first (the page
 * is remembered as the return-to address) — the public help page is linked directly for them.
 */
import { useEffect, useRef, useState } from 'react';
import { Navigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { ROUTES } from '../../contract/routes.ts';
import {
  SUPPORT_DESK_PATHS,
  SUPPORT_DESK_TEXTS as TEXTS,
  type SupportDeskJwtAnswer,
} from '../../contract/support-desk.ts';
import { api, CLIENT_ERROR_CODES, isApiError } from '../../lib/api-client.ts';
import { rememberReturnTo } from '../../lib/return-to.ts';
import { store } from '../../state/store.ts';
import { Button } from '../../ui/button.tsx';
import { Card, Page } from '../../ui/page.tsx';
import { prose } from '../../ui/prose.ts';
import { Spinner } from '../../ui/spinner.tsx';

type State = { kind: 'opening' } | { kind: 'failed'; message: string };

export function SupportDeskLoginPage() {
  const { status } = useSnapshot(store.session);
  const [state, setState] = useState<State>({ kind: 'opening' });
  const started = useRef(false);

  const open = () => {
    setState({ kind: 'opening' });
    api
      .post<SupportDeskJwtAnswer>(SUPPORT_DESK_PATHS.jwt, {}, undefined, { handleErrors: false })
      .then((answer) => window.location.replace(answer.access_url))
      .catch((err: unknown) =>
        setState({
          kind: 'failed',
          message: isApiError(err) && err.code === CLIENT_ERROR_CODES.OFFLINE ? TEXTS.offline : TEXTS.failed,
        }),
      );
  };

  useEffect(() => {
    if (status !== 'signed-in' || started.current) return;
    started.current = true;
    open();
  }, [status]);

  if (status === 'signed-out') {
    rememberReturnTo(ROUTES.supportDeskLogin);
    return <Navigate to={ROUTES.login} replace />;
  }
  return (
    <Page title={TEXTS.title}>
      <Card className={prose}>
        {state.kind === 'opening' ? (
          <Spinner label={TEXTS.opening} />
        ) : (
          <>
            <p role="alert">{state.message}</p>
            <p>
              <Button onClick={open}>Try again</Button>
            </p>
            <p>
              Or email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
            </p>
          </>
        )}
      </Card>
    </Page>
  );
}

export default SupportDeskLoginPage;
