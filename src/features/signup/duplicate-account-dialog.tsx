/**
 * The duplicate-account dialog (spec sections 1 and 2): the join was refused because this person
 * (same name and birth date) already has an account. It offers SIGN IN, the page that explains
 * the rules, and closing to correct the form; it closes on navigation (CLOSE_ON_NAVIGATION).
 * Close result: { signIn: true } when the player chose to sign in.
 */
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../../contract/routes.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';

export const DUPLICATE_ACCOUNT_TEXTS = {
  title: 'EXISTING ACCOUNT DETECTED',
  message:
    'You already have an account with us. Only one account per person is allowed: please sign in to your existing account.',
} as const;

export function DuplicateAccountDialog({ props, close }: DialogComponentProps) {
  const navigate = useNavigate();
  const message =
    typeof props.message === 'string' && props.message ? props.message : DUPLICATE_ACCOUNT_TEXTS.message;
  const signIn = () => {
    close({ signIn: true });
    void navigate(ROUTES.login);
  };
  return (
    <Dialog
      open
      onClose={() => close({ signIn: false })}
      title={DUPLICATE_ACCOUNT_TEXTS.title}
      testId="dialog-duplicate-account"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ signIn: false })}>
            Back to the form
          </Button>
          <Button onClick={signIn}>Sign in</Button>
        </>
      }
    >
      <p data-testid="duplicate-account-message">{message}</p>
      <p>
        Forgot its password? <AppLink to={ROUTES.passwordRecovery}>Request a sign-in link</AppLink>. Think
        this is a mistake?{' '}
        <AppLink to={ROUTES.failedRegistration}>Why couldn&apos;t my account be created?</AppLink>
      </p>
    </Dialog>
  );
}
