/** /redeem/bank: redeem Sweeps Coins by bank transfer (ACH). */
import { REDEMPTION_METHOD_LABELS } from '../../contract/redemption.ts';
import { RedeemForm } from './redeem-form.tsx';
import { RedeemLayout } from './redeem-layout.tsx';

export default function RedeemBankPage() {
  return (
    <RedeemLayout title={`Redeem by ${REDEMPTION_METHOD_LABELS.ach}`}>
      {(options) => <RedeemForm method="ach" options={options} />}
    </RedeemLayout>
  );
}
