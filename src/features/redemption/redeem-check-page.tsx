/** /redeem/check: redeem Sweeps Coins by a paper check mailed to the billing address. */
import { REDEMPTION_METHOD_LABELS } from '../../contract/redemption.ts';
import { RedeemForm } from './redeem-form.tsx';
import { RedeemLayout } from './redeem-layout.tsx';

export default function RedeemCheckPage() {
  return (
    <RedeemLayout title={`Redeem by ${REDEMPTION_METHOD_LABELS.paper_check}`}>
      {(options) => <RedeemForm method="paper_check" options={options} />}
    </RedeemLayout>
  );
}
