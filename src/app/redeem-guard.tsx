/**
 * The redeem pages' guard (spec section 2), a layout route inside the Sweeps guard: a billing
 * address on file (else the address dialog opens over My Sweeps Coins), and identity verification
 * not required (a player not verified goes back to My Sweeps Coins with the identity-verification
 * dialog, reason redemption, instead of a form the server would refuse). The server checks both
 * again on every request.
 */
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { User } from '../contract/schemas.ts';
import { ROUTES } from '../contract/routes.ts';
import { MY_ACCOUNT_FRAGMENTS } from '../lib/child-routes.ts';
import { openDialogOnce } from '../state/dialog-actions.ts';
import { store } from '../state/store.ts';
import { PageWaiting } from '../ui/page-waiting.tsx';
import '../features/store/dialogs/register-purchase-dialogs.ts';
import { hasBillingAddress } from '../features/store/dialogs/billing-address.ts';

export type RedeemDecision = 'wait' | 'allow' | 'no-billing-address' | 'identity-verification';

export const REDEEM_REFUSED_TO = `${ROUTES.myAccount}#${MY_ACCOUNT_FRAGMENTS.sweepsCoins}`;

export function redeemGuard(
  user: Pick<User, 'address_line_1' | 'city' | 'state_or_province' | 'postal_code' | 'identity_state'> | null,
): RedeemDecision {
  if (!user) return 'wait';
  if (!hasBillingAddress(user)) return 'no-billing-address';
  if (user.identity_state !== 'verified') return 'identity-verification';
  return 'allow';
}

function Refuse({ decision }: { decision: 'no-billing-address' | 'identity-verification' }) {
  useEffect(() => {
    if (decision === 'no-billing-address') openDialogOnce('address-collection', { reason: 'redeem' });
    else openDialogOnce('identity-verification', { reason: 'redemption' });
  }, [decision]);
  return <Navigate to={REDEEM_REFUSED_TO} replace />;
}

export function RequireRedeemAllowed() {
  const { user } = useSnapshot(store.session);
  const decision = redeemGuard(user as User | null);
  if (decision === 'wait') return <PageWaiting />;
  if (decision !== 'allow') return <Refuse decision={decision} />;
  return <Outlet />;
}
