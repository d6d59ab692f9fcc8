import { useEffect, useRef } from 'react';
import { useSnapshot } from 'valtio';
import { logout } from '../../state/session-actions.ts';
import { store } from '../../state/store.ts';
import { Page, Card } from '../../ui/page.tsx';
import { Spinner } from '../../ui/spinner.tsx';

/**
 * Signs the player out on arrival (the logout action tells the server, clears what the spec
 * lists and then goes to the sign-in page). On a fresh page load the session is still being
 * resumed; logging out before that finishes would skip the server call and the refresh cookie
 * would sign the player straight back in, so the page waits for the session to settle.
 */
export function LogoutPage() {
  const { session } = useSnapshot(store);
  const started = useRef(false);
  useEffect(() => {
    if (session.status === 'unknown' || started.current) return;
    started.current = true;
    void logout();
  }, [session.status]);
  return (
    <Page title="Sign out" width="narrow">
      <Card>
        <Spinner label="Signing you out..." />
      </Card>
    </Page>
  );
}

export default LogoutPage;
