/**
 * Renders the top dialog of the store's stack (only one is interactive at a time; the rest
 * wait underneath). Loaded only once a dialog opens, keeping floating-ui out of the entry.
 */
import { Suspense, useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store.ts';
import { closeDialog } from '../state/dialog-actions.ts';
import { dialogComponentFor } from '../ui/dialog-registry.ts';
import './dialogs/catalogue-dialogs.tsx';
import './dialogs/pwa-dialogs.tsx';
import './dialogs/standing-dialogs.ts';
import './dialogs/identity-dialogs.ts';
import './dialogs/promo-dialogs.ts';
// The login promotions' dialogs (login-promotions-actions.ts opens them after sign-in).
import '../features/login-bonus/register-login-bonus-dialog.ts';
import '../features/store/dialogs/register-purchase-dialogs.ts';

export default function DialogStack() {
  const { stack } = useSnapshot(store.dialogs);
  const top = stack[stack.length - 1];
  const Component = top ? dialogComponentFor(top.kind) : undefined;
  const unavailableId = top && !Component ? top.id : null;
  useEffect(() => {
    // A kind whose feature is not loaded yet: drop it rather than block the screen.
    if (unavailableId !== null) closeDialog(unavailableId, { unavailable: true });
  }, [unavailableId]);
  if (!top || !Component) return null;
  return (
    // Lazily registered dialogs load on first open; nothing shows until they arrive.
    <Suspense fallback={null}>
      {/* The registry hands back the component registered for the kind at import time (or
          the one lazy() wrapper made at registration): the same component on every render,
          not one created here, which the rule cannot see through a lookup. */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Component
        key={top.id}
        id={top.id}
        props={{ ...top.props }}
        close={(result) => closeDialog(top.id, result)}
      />
    </Suspense>
  );
}
