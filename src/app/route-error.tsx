/**
 * Error boundary of the route tree. A failed chunk load (a new release replaced the hashed
 * files) reloads the page once, as the spec asks; anything else shows a plain error page.
 */
import { useEffect } from 'react';
import { useRouteError } from 'react-router-dom';
import { css } from '@linaria/core';
import { ROUTES } from '../contract/routes.ts';
import { SUPPORT_EMAIL } from '../contract/constants.ts';
import { Logo } from '../ui/logo.tsx';
import { isChunkLoadError, reloadAfterChunkError } from '../pwa/chunk-recovery.ts';

const wrap = css`
  max-width: var(--content-narrow);
  margin: 0 auto;
  padding: var(--space-6) var(--space-4);
  text-align: center;
`;

export function RouteError() {
  const error = useRouteError();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (chunk) reloadAfterChunkError();
  }, [chunk]);
  useEffect(() => {
    document.title = 'Something went wrong | Lucky Crown';
  }, []);
  return (
    <main className={wrap}>
      <p>
        <Logo size={48} />
      </p>
      <h1>Something went wrong</h1>
      <p>
        {chunk
          ? 'A new version of Lucky Crown is available. Reload the page to continue.'
          : 'This page could not be shown. Please try again, or go back to the lobby.'}
      </p>
      <p>
        <a href={chunk ? window.location.href : ROUTES.lobby}>{chunk ? 'Reload' : 'Go to the lobby'}</a>
      </p>
      <p>
        Still stuck? Email <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>.
      </p>
    </main>
  );
}
