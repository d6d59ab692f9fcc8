/** /redeem/bank: redeem Sweeps Coins by bank transfer (ACH). */
import { REDEMPTION_METHOD_LABELS } from '../../contract/redemption-pages.ts';
import { LazyRedeemForm, usePreloadRedeemForm } from './redeem-form-lazy.tsx';
import { RedeemLayout } from './redeem-layout.tsx';

export default function RedeemBankPage() {
  usePreloadRedeemForm();
  return (
    <RedeemLayout title={`Redeem by ${REDEMPTION_METHOD_LABELS.ach}`}>
      {(options) => <LazyRedeemForm method="ach" options={options} />}
    </RedeemLayout>
  );
}
