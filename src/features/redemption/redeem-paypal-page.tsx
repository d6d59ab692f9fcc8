/** /redeem/paypal: redeem Sweeps Coins to a PayPal e-wallet. */
import { REDEMPTION_METHOD_LABELS } from '../../contract/redemption-pages.ts';
import { LazyRedeemForm, usePreloadRedeemForm } from './redeem-form-lazy.tsx';
import { RedeemLayout } from './redeem-layout.tsx';

export default function RedeemPayPalPage() {
  usePreloadRedeemForm();
  return (
    <RedeemLayout title={`Redeem by ${REDEMPTION_METHOD_LABELS.paypal}`}>
      {(options) => <LazyRedeemForm method="paypal" options={options} />}
    </RedeemLayout>
  );
}
