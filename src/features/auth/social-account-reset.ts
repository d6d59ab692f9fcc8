/** Opens the social account reset dialog and, on {forgotPassword}, goes to password recovery (a sign-in link by email). */
import { ROUTES } from '../../contract/routes.ts';
import { openDialogForResult } from '../../state/dialog-actions.ts';
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

export const SOCIAL_ACCOUNT_RESET_DIALOG = 'social-account-reset';

registerLazyDialog(
  SOCIAL_ACCOUNT_RESET_DIALOG,
  async () => (await import('./social-account-reset-dialog.tsx')).SocialAccountResetDialog,
);

export async function offerSocialAccountReset(
  providers: unknown,
  navigate: (path: string) => void,
): Promise<void> {
  const answer = await openDialogForResult(SOCIAL_ACCOUNT_RESET_DIALOG, { providers });
  if (answer?.forgotPassword === true) navigate(ROUTES.passwordRecovery);
}
