/**
 * /referral/{code}: a friend's invitation. Stores the code as the referral token with the referral
 * UTM source (src/lib/attribution.ts keeps it until the account is created, so the join form sends
 * referral_token) and sends the visitor to join. A code without the format is not stored; the
 * visitor still goes to join. A signed-in player is sent on to the lobby by the join page's guard.
 */
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { normalizeReferralCode } from '../../contract/referrals.ts';
import { ROUTES } from '../../contract/routes.ts';
import { captureAttributionFromUrl, REFERRAL_UTM_SOURCE } from '../../lib/attribution.ts';
import { Spinner } from '../../ui/spinner.tsx';

/** Stores the invitation; answers whether the code had the format. */
export function storeReferralInvitation(rawCode: string | undefined): boolean {
  const code = normalizeReferralCode(rawCode ?? '');
  if (!code) return false;
  captureAttributionFromUrl(new URLSearchParams({ utm_source: REFERRAL_UTM_SOURCE, referral_token: code }));
  return true;
}

export default function ReferralLandingPage() {
  const { code } = useParams();
  const navigate = useNavigate();
  useEffect(() => {
    storeReferralInvitation(code);
    navigate(ROUTES.createUser, { replace: true });
  }, [code, navigate]);
  return <Spinner label="Opening your invitation..." />;
}
