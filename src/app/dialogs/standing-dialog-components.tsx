/**
 * Dialogs of the player's standing, opened by the error catalogue wherever a call is refused
 * (lib/api-client.ts: W9_REQUIRED, ACCOUNT_SUSPENDED) and, for a suspension, once after sign-in
 * (use-suspension-notice.ts):
 * - W-9 required: its button goes to /w9-form (spec section 2);
 * - account suspended: what happened and how to reach support. A suspended player may still sign
 *   in, read their account and history and contact support; nothing plays, buys or redeems.
 */
import { PLAYER_STANDING_TEXTS } from '../../contract/player-standing-texts.ts';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import { ROUTES } from '../../contract/routes.ts';
import { TAX_TEXTS } from '../../contract/tax.ts';
import { navigateTo } from '../../lib/navigation.ts';
import { Button } from '../../ui/button.tsx';
import { Dialog } from '../../ui/dialog.tsx';
import type { DialogComponentProps } from '../../ui/dialog-registry.ts';

export function W9Required({ close }: DialogComponentProps) {
  const toForm = () => {
    close({ toW9Form: true });
    navigateTo(ROUTES.w9Form);
  };
  return (
    <Dialog
      open
      onClose={() => close({ toW9Form: false })}
      title={TAX_TEXTS.w9RequiredTitle}
      testId="dialog-w9-required"
      actions={
        <>
          <Button variant="secondary" onClick={() => close({ toW9Form: false })}>
            Later
          </Button>
          <Button onClick={toForm}>Fill in W-9</Button>
        </>
      }
    >
      <p>{PLAYER_STANDING_TEXTS.w9Required}</p>
    </Dialog>
  );
}

export function AccountSuspended({ props, close }: DialogComponentProps) {
  const reason = (props.extra as { reason?: unknown } | null | undefined)?.reason;
  return (
    <Dialog
      open
      onClose={() => close()}
      title={TAX_TEXTS.suspendedTitle}
      testId="dialog-account-suspended"
      actions={<Button onClick={() => close()}>OK</Button>}
    >
      <p>{PLAYER_STANDING_TEXTS.suspended}</p>
      {reason === 'w9_mismatch' ? <p>The W-9 information you gave did not match our records.</p> : null}
      <p>
        You can still sign in to read your account and history; play, purchases and redemptions are closed.
      </p>
      <p>
        Support: <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
      </p>
    </Dialog>
  );
}
