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
import { API_PATHS } from '../contract/api-paths.ts';
import { ERROR_CODES } from '../contract/errors.ts';
import { UserSchema } from '../contract/schemas.ts';
import { api, isApiError } from '../lib/api-client.ts';
import { openDialog, openDialogForResult } from '../state/dialog-actions.ts';
import { applyProfileUpdate } from '../state/profile-actions.ts';
import { logout } from '../state/session-actions.ts';
import { store } from '../state/store.ts';

const CLOSED_FOR_AGE =
  'Your account is closed because the date of birth given is under the minimum age to play. If you think this is a mistake, contact support.';

let askedFor: string | null = null;

/** Opens the dialog and saves its answer; exported for its unit test. */
export async function askForBirthDate(): Promise<void> {
  // The dialog is the store's (registered with the purchase dialogs): loaded only when needed.
  await import('../features/store/dialogs/register-purchase-dialogs.ts');
  const answer = await openDialogForResult('birth-date');
  if (!answer || answer.cancelled || typeof answer.birth_year !== 'number') return;
  try {
    applyProfileUpdate(
      await api.patch(
        API_PATHS.me,
        { birth_year: answer.birth_year, birth_month: answer.birth_month, birth_day: answer.birth_day },
        UserSchema,
        { handleErrors: false },
      ),
    );
  } catch (error) {
    if (isApiError(error) && error.code === ERROR_CODES.ACCOUNT_CLOSED) {
      await logout();
      openDialog('permission-denied', { message: CLOSED_FOR_AGE });
      return;
    }
    openDialog('generic-error', {});
  }
}

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
    void askForBirthDate();
  }, [userId, owed]);
}
