/**
 * PWA effects of the shell: polls the client version on pages that need no sign-in (spec
 * section 4) and opens the refresh-required dialog when the server requires a newer client.
 */
import { useEffect, useRef } from 'react';
import { useMatches } from 'react-router-dom';
import { subscribe } from 'valtio';
import { pwaState } from '../../pwa/pwa-state.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { isRouteHandle } from '../route-handle.ts';
import { whenIdle } from '../../lib/when-idle.ts';

export function usePwaEffects(): void {
  const matches = useMatches();
  const onProtectedPage = matches.some((m) => isRouteHandle(m.handle) && m.handle.requiresSignIn);
  const protectedRef = useRef(onProtectedPage);
  useEffect(() => {
    protectedRef.current = onProtectedPage;
  }, [onProtectedPage]);

  useEffect(() => {
    // The poll (and the worker messaging it uses) loads once the first page has painted.
    let stop: (() => void) | null = null;
    let cancelled = false;
    const cancelLoad = whenIdle(() => {
      void import('../../pwa/client-version.ts').then(({ startClientVersionPolling }) => {
        if (!cancelled) stop = startClientVersionPolling(() => !protectedRef.current);
      });
    });
    return () => {
      cancelled = true;
      cancelLoad();
      stop?.();
    };
  }, []);

  useEffect(() => {
    const show = () => {
      if (pwaState.refreshRequired) openDialogOnce('refresh-required');
    };
    show();
    return subscribe(pwaState, show);
  }, []);
}
