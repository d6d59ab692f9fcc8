/** The small print under the pay button; gold-only mode names no Sweeps. */
import { useGoldOnly } from '../use-gold-only.ts';

export function PurchaseFinePrint({ className }: { className?: string }) {
  const goldOnly = useGoldOnly();
  return (
    <p className={className} data-testid="pay-now-fine-print">
      Purchases are final and not refundable.{' '}
      {goldOnly ? '' : 'Sweeps Coins are free with your purchase; no purchase is necessary to get them. '}
      Card details go straight to our payment processor.
    </p>
  );
}
