/** "Continue with Google / Facebook" for a page: the busy provider, the last social error, and where to go next. */
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '../contract/routes.ts';
import type { SocialError, SocialProvider } from '../contract/social-auth.ts';
import { consumeReturnTo } from '../lib/return-to.ts';
import { openSocialPopup, POPUP_BLOCKED, runSocialSignIn } from './social-sign-in.ts';

export interface SocialSignInControls {
  choose(provider: SocialProvider): void;
  busy: SocialProvider | null;
  error: SocialError | null;
}

export function useSocialSignIn(): SocialSignInControls {
  const navigate = useNavigate();
  const [busy, setBusy] = useState<SocialProvider | null>(null);
  const [error, setError] = useState<SocialError | null>(null);
  const choose = useCallback(
    (provider: SocialProvider) => {
      if (busy) return;
      const popup = openSocialPopup(provider);
      if (!popup) {
        setError(POPUP_BLOCKED);
        return;
      }
      setBusy(provider);
      setError(null);
      void runSocialSignIn(provider, popup).then((outcome) => {
        setBusy(null);
        if (outcome.kind === 'signed_in') navigate(consumeReturnTo(), { replace: true });
        else if (outcome.kind === 'profile_required') navigate(ROUTES.socialProfile);
        else if (outcome.kind === 'link_required') navigate(ROUTES.linkAccounts);
        else if (outcome.kind === 'error') setError(outcome.error);
      });
    },
    [busy, navigate],
  );
  return { choose, busy, error };
}
