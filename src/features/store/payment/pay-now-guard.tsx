/**
 * Pay-now's guard (spec section 2) as a layout route: the pure rule is payNowGuard in
 * pay-now-rule.ts; this component gathers its input (selected package, coin_store_enabled,
 * billing address, the purchase limit check for the package) and explains a refusal where the
 * player lands (the coin store): address dialog, purchase limit dialog, or the store's own
 * "Coin Store Unavailable" card.
 */
import { useEffect, useState } from 'react';
import { Navigate, Outlet } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PROPERTY_NAMES } from '../../../contract/properties.ts';
import { isTrue, useNamedProperties } from '../../../lib/use-named-properties.ts';
import { PageWaiting } from '../../../ui/page-waiting.tsx';
import { payNowGuard, type PayNowDecision } from './pay-now-rule.ts';
import { store } from '../../../state/store.ts';
import { openDialogOnce } from '../../../state/dialog-actions.ts';
import { checkPurchaseLimit } from '../../../state/payment-actions.ts';
import { hideLoadingOverlay } from '../../../state/ui-actions.ts';
import '../dialogs/register-purchase-dialogs.ts';
import { hasBillingAddress } from '../dialogs/billing-address.ts';
import { PURCHASE_DIALOGS } from '../dialogs/purchase-dialog-kinds.ts';

const NAMES = [PROPERTY_NAMES.coinStoreEnabled];

function Refuse({ decision }: { decision: Extract<PayNowDecision, { type: 'redirect' }> }) {
  useEffect(() => {
    hideLoadingOverlay();
    if (decision.reason === 'no-billing-address')
      openDialogOnce(PURCHASE_DIALOGS.addressCollection, { reason: 'purchase' });
    if (decision.reason === 'limit-reached')
      openDialogOnce(PURCHASE_DIALOGS.purchaseLimit, {
        variant: 'user',
        code: store.payment.purchaseLimitsErrorCode,
      });
  }, [decision.reason]);
  return <Navigate to={decision.to} replace />;
}

export default function PayNowGuard() {
  const payment = useSnapshot(store.payment);
  const { user } = useSnapshot(store.session);
  const { values, ready } = useNamedProperties(NAMES);
  const packageId = payment.selectedPackage?.id ?? null;
  const [checked, setChecked] = useState<{ id: string; allowed: boolean } | null>(null);
  const alreadyAllowed = packageId !== null && payment.allowedToPurchasePackageId === packageId;

  useEffect(() => {
    if (!packageId || alreadyAllowed) return;
    let live = true;
    checkPurchaseLimit(packageId)
      .then((a) => live && setChecked({ id: packageId, allowed: a.allowed }))
      // The server checks limits again when paying; a failed check here must not block a purchase.
      .catch(() => live && setChecked({ id: packageId, allowed: true }));
    return () => {
      live = false;
    };
  }, [packageId, alreadyAllowed]);

  const limits = alreadyAllowed
    ? 'ok'
    : checked && checked.id === packageId
      ? checked.allowed
        ? 'ok'
        : 'reached'
      : 'checking';
  const decision = payNowGuard({
    selectedPackageId: packageId,
    propertiesReady: ready,
    coinStoreEnabled: isTrue(values[PROPERTY_NAMES.coinStoreEnabled]),
    hasBillingAddress: hasBillingAddress(user),
    limits,
  });
  if (decision.type === 'wait') return <PageWaiting />;
  if (decision.type === 'redirect') return <Refuse decision={decision} />;
  return <Outlet />;
}
