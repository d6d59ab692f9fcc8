/**
 * The social account reset dialog (spec section 4, close result {forgotPassword}): a password
 * sign-in to an account opened with Google or Facebook, which has no password. The player can
 * continue with the provider, or ask for a sign-in link by email and set a password afterwards.
 */
import { isSocialProvider, SOCIAL_TEXTS } from '../../contract/social-auth.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';

export function SocialAccountResetDialog({ props, close }: DialogComponentProps) {
  const providers = Array.isArray(props.providers) ? props.providers.filter(isSocialProvider) : [];
  return (
    <Dialog
      open
      onClose={() => close({ forgotPassword: false })}
      title={SOCIAL_TEXTS.resetTitle}
      testId="dialog-social-account-reset"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ forgotPassword: false })}>
            Close
          </Button>
          <Button onClick={() => close({ forgotPassword: true })}>{SOCIAL_TEXTS.resetButton}</Button>
        </>
      }
    >
      <p>{SOCIAL_TEXTS.resetBody(providers)}</p>
    </Dialog>
  );
}

export default SocialAccountResetDialog;
