/**
 * An account created without a birth date (the server's User says updatedBirthDate: false, e.g.
 * after a social sign-up) is asked for it once per session start: the birth-date dialog (spec
 * section 5's rules) opens, and its answer is saved with patch me. A date under the age of
 * majority closes the account on the server (403 ACCOUNT_CLOSED, closed for the age
 * requirement): the player is signed out and told why. Dismissing the dialog asks again at the
 * next session start.
 */
import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { store } from '../state/store.ts';

let askedFor: string | null = null;

export function useBirthDatePrompt(): void {
  const session = useSnapshot(store.session);
  const userId = session.status === 'signed-in' ? (session.user?.id ?? null) : null;
  const owed = session.user?.updatedBirthDate === false;
  useEffect(() => {
    if (userId === null) {
      askedFor = null;
      return;
    }
    if (!owed || askedFor === userId) return;
    askedFor = userId;
    // Loaded only for an account that owes its birth date: start-up code stays small.
    void import('./ask-for-birth-date.ts').then((m) => m.askForBirthDate());
  }, [userId, owed]);
}
