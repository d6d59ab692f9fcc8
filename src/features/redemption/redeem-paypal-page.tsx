/** /redeem/paypal: redeem Sweeps Coins to a PayPal e-wallet. */
import { REDEMPTION_METHOD_LABELS } from '../../contract/redemption.ts';
import { RedeemForm } from './redeem-form.tsx';
import { RedeemLayout } from './redeem-layout.tsx';

export default function RedeemPayPalPage() {
  return (
    <RedeemLayout title={`Redeem by ${REDEMPTION_METHOD_LABELS.paypal}`}>
      {(options) => <RedeemForm method="paypal" options={options} />}
    </RedeemLayout>
  );
}
