/**
 * Mobile verification on the app side: the calls of the verification page, the dialog of spec
 * section 4 answered as a promise ({clickedActionButton}), and what a success changes: the user
 * is reloaded (account_state 'active', so the page's guard sends the player to the lobby), the
 * balances are read (they were refused while pending) and the "mobile verified" analytics event
 * goes to the data layer.
 */
import { subscribe } from 'valtio';
import { API_PATHS } from '../contract/api-paths.ts';
import {
  MOBILE_VERIFICATION_API_PATHS,
  SendMobileCodeResponseSchema,
  VerifyMobileCodeResponseSchema,
  type SendMobileCodeResponse,
} from '../contract/mobile-verification.ts';
import { UserSchema } from '../contract/schemas.ts';
import { api } from '../lib/api-client.ts';
import { fetchBalances, setBalances } from './balances-actions.ts';
import { openDialog } from './dialog-actions.ts';
import { store } from './store.ts';
import { trackEvent, type AnalyticsEventName } from '../lib/analytics.ts';

/** The data layer's name of the event (spec section 7: "mobile verified"). */
export const MOBILE_VERIFIED_EVENT = 'mobile_verified' satisfies AnalyticsEventName;

export function sendMobileCode(phone: string, resend = false): Promise<SendMobileCodeResponse> {
  return api.post(
    MOBILE_VERIFICATION_API_PATHS.sendCode,
    resend ? { phone, resend: true } : { phone },
    SendMobileCodeResponseSchema,
    { handleErrors: false },
  );
}

/** Reads the signed-in player again (after verifying, or when the server says there is nothing to verify). */
export async function reloadCurrentUser(): Promise<void> {
  const user = await api.get(API_PATHS.me, UserSchema, { handleErrors: false });
  store.session.user = user;
  store.session.accountClosed = user.account_state === 'closed';
}

/** Verifies the code; on success reloads the player and the balances and pushes the analytics event. */
export async function verifyMobileCode(phone: string, code: string): Promise<void> {
  await api.post(MOBILE_VERIFICATION_API_PATHS.verifyCode, { phone, code }, VerifyMobileCodeResponseSchema, {
    handleErrors: false,
  });
  trackEvent(MOBILE_VERIFIED_EVENT, { user_id: store.session.user?.id ?? null });
  await Promise.allSettled([
    reloadCurrentUser(),
    fetchBalances().then((b) => {
      if (!store.balances.delayed) setBalances(b);
    }),
  ]);
}

export interface MobileVerificationDialogProps {
  title: string;
  message: string;
  /** The action button (RESEND CODE, SIGN IN, OK). */
  actionLabel: string;
  /** A second button that only closes; none for a dialog with one button. */
  dismissLabel?: string;
}

/**
 * Opens the mobile verification dialog; resolves with its close result's clickedActionButton
 * (false for Escape, the close button, the dismiss button, or the dialog cleared away).
 */
export function askMobileVerificationDialog(props: MobileVerificationDialogProps): Promise<boolean> {
  openDialog('mobile-verification', { ...props });
  return new Promise((resolve) => {
    const stop = subscribe(store.dialogs, () => {
      const result = store.dialogs.results['mobile-verification'];
      const stillOpen = store.dialogs.stack.some((d) => d.kind === 'mobile-verification');
      if (!result && stillOpen) return;
      // Closed without a result (the dialogs were cleared, e.g. by a sign-out): no button was clicked.
      stop();
      resolve(result?.clickedActionButton === true);
    });
  });
}
