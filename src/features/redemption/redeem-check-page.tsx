/** /redeem/check: redeem Sweeps Coins by a paper check mailed to the billing address. */
import { REDEMPTION_METHOD_LABELS } from '../../contract/redemption-pages.ts';
import { LazyRedeemForm, usePreloadRedeemForm } from './redeem-form-lazy.tsx';
import { RedeemLayout } from './redeem-layout.tsx';

export default function RedeemCheckPage() {
  usePreloadRedeemForm();
  return (
    <RedeemLayout title={`Redeem by ${REDEMPTION_METHOD_LABELS.paper_check}`}>
      {(options) => <LazyRedeemForm method="paper_check" options={options} />}
    </RedeemLayout>
  );
}
