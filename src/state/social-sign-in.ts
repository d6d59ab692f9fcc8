/**
 * The browser side of "Continue with Google / Facebook" (docs/social-sign-in.md): asks the server
 * for a sign-in attempt, sends the popup (opened by the click, so no pop-up blocker stops it) to the
 * provider, takes the ID token the popup posts from the provider's origin only, and hands it to
 * the server. A linked identity signs in here; a new one or one whose email has an account leaves
 * the answer in sessionStorage (socialInfo) for the profile or link page.
 *
 * On a bad link the sign-in call keeps one Idempotency-Key for its ID token: when its answer is
 * lost (no answer, a 5xx, or the first request still running) it is sent again with the same key,
 * and the server answers from the first (the session it started, continued; one session), where
 * the used token alone would be refused. The token lives in this page's memory only, so the key
 * does too: a reload starts a new sign-in with a new popup.
 */
import { any, create, type Struct } from 'superstruct';
import {
  SOCIAL_AUTH_PATHS,
  SOCIAL_TEXTS,
  type SocialAttemptAnswer,
  type SocialError,
  type SocialPopupMessage,
  type SocialProvider,
  type SocialSignInAnswer,
} from '../contract/social-auth.ts';
import { LoginResponseSchema } from '../contract/schemas.ts';
import { api, CLIENT_ERROR_CODES, isApiError } from '../lib/api-client.ts';
import { completeLogin } from './session-actions.ts';
import { clearSocialInfo, saveSocialInfo, socialErrorOf } from './social-info.ts';

export type SocialOutcome =
  | { kind: 'signed_in' }
  | { kind: 'profile_required' }
  | { kind: 'link_required' }
  | { kind: 'cancelled' }
  | { kind: 'error'; error: SocialError };

const POPUP_CLOSED_POLL_MS = 400;
/** Tries of the sign-in call (the first included) while its outcome is unknown. */
export const SOCIAL_SIGN_IN_TRIES = 3;
const SIGN_IN_RETRY_PAUSE_MS = 400;
const anything = any() as Struct<unknown, null>;

/** Opens the sign-in window; call it in the click handler itself. */
export function openSocialPopup(provider: SocialProvider): Window | null {
  return window.open('about:blank', `lc-social-${provider}`, 'popup,width=480,height=720');
}

/** The ID token the popup posts, or null when the player closed it. */
function idTokenFrom(
  popup: Window,
  provider: SocialProvider,
  providerOrigin: string,
): Promise<string | null> {
  return new Promise((resolve) => {
    const done = (value: string | null) => {
      window.removeEventListener('message', onMessage);
      window.clearInterval(poll);
      resolve(value);
    };
    const onMessage = (event: MessageEvent) => {
      // Only the provider's own page, in the window we opened, may answer.
      if (event.origin !== providerOrigin || event.source !== popup) return;
      const data = event.data as Partial<SocialPopupMessage> | null;
      if (!data || data.provider !== provider) return;
      if (data.type === 'lc-social-id-token' && typeof data.id_token === 'string') done(data.id_token);
      else if (data.type === 'lc-social-cancelled') done(null);
    };
    window.addEventListener('message', onMessage);
    const poll = window.setInterval(() => {
      if (popup.closed) done(null);
    }, POPUP_CLOSED_POLL_MS);
  });
}

/** 409 while the first request with the key still runs (server/http/idempotency.ts). */
const IN_PROGRESS = 'IDEMPOTENCY_IN_PROGRESS';

/** Whether a failed try left the sign-in's outcome unknown (the same key must go again). */
const outcomeUnknown = (error: unknown): boolean =>
  isApiError(error) &&
  ((error.status === 0 && error.code === CLIENT_ERROR_CODES.NETWORK_ERROR) ||
    error.status >= 500 ||
    error.code === IN_PROGRESS);

/** The sign-in call under one key, sent again while its outcome is unknown. */
async function sendSignIn(provider: SocialProvider, idToken: string): Promise<SocialSignInAnswer> {
  const idempotencyKey = `social-${crypto.randomUUID()}`;
  for (let tries = 1; ; tries++) {
    try {
      return (await api.post(SOCIAL_AUTH_PATHS.signIn, { provider, id_token: idToken }, anything, {
        handleErrors: false,
        idempotencyKey,
      })) as SocialSignInAnswer;
    } catch (error) {
      if (tries >= SOCIAL_SIGN_IN_TRIES || !outcomeUnknown(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, SIGN_IN_RETRY_PAUSE_MS * tries));
    }
  }
}

export async function runSocialSignIn(provider: SocialProvider, popup: Window): Promise<SocialOutcome> {
  try {
    const attempt = (await api.post(SOCIAL_AUTH_PATHS.attempts, { provider }, anything, {
      handleErrors: false,
    })) as SocialAttemptAnswer;
    popup.location.href = attempt.authorize_url;
    const idToken = await idTokenFrom(popup, provider, attempt.provider_origin);
    if (!popup.closed) popup.close();
    if (!idToken) return { kind: 'cancelled' };
    const answer = await sendSignIn(provider, idToken);
    if (answer.result === 'signed_in') {
      clearSocialInfo();
      completeLogin(create(answer.session, LoginResponseSchema));
      return { kind: 'signed_in' };
    }
    saveSocialInfo(answer);
    return { kind: answer.result };
  } catch (error) {
    if (!popup.closed) popup.close();
    return { kind: 'error', error: socialErrorOf(error) };
  }
}

export const POPUP_BLOCKED: SocialError = {
  code: 'POPUP_BLOCKED',
  message: SOCIAL_TEXTS.popupBlocked,
  field: null,
};
