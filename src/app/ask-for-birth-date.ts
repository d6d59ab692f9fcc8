/**
 * Asks the birth-date dialog for the birth date an account owes and saves it with patch me (the
 * app shell's prompt, src/app/use-birth-date-prompt.ts, loads this only for such an account).
 */
import { API_PATHS } from '../contract/api-paths.ts';
import { ERROR_CODES } from '../contract/errors.ts';
import { UserSchema } from '../contract/schemas.ts';
import { api, isApiError } from '../lib/api-client.ts';
import { openDialog, openDialogForResult } from '../state/dialog-actions.ts';
import { applyProfileUpdate } from '../state/profile-actions.ts';
import { logout } from '../state/session-actions.ts';

const CLOSED_FOR_AGE =
  'Your account is closed because the date of birth given is under the minimum age to play. If you think this is a mistake, contact support.';

/** Opens the dialog and saves its answer; an under-age date signs out and says why. */
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
