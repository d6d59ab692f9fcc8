/**
 * A suspended player may sign in (to read their account and history and reach support), and is
 * told at once: the account-suspended dialog opens once for each session start (a sign-in, or
 * the app opened again) of a player whose account is suspended. A suspension decided during the
 * session has its own dialog already (the W-9 mismatch dialog, or the error catalogue on a
 * refused call).
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { openDialogOnce } from '../state/dialog-actions.ts';
import { store } from '../state/store.ts';

let toldFor: string | null = null;

export function useSuspensionNotice(): void {
  const session = useSnapshot(store.session);
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  useEffect(() => {
    if (userId === null) {
      toldFor = null;
      return;
    }
    if (toldFor === userId) return;
    toldFor = userId;
    // Read from the store, not the render: only the standing at the session's start counts.
    const user = store.session.user;
    if (!user?.suspended) return;
    // The user carries no reason; a mismatched W-9 is the one a player can be told about.
    const reason = user.w9_state === 'mismatched' ? 'w9_mismatch' : null;
    openDialogOnce('account-suspended', { extra: { reason } });
  }, [userId]);
}
