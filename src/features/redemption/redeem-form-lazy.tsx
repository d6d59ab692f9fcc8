/**
 * The redeem form of the PayPal, bank and check pages, loaded beside the page: asked for when the
 * page opens and drawn once the redemption options have come (the options' spinner meanwhile), so
 * the redeem pages' first load stays within the 150 KB budget.
 */
import { lazy, Suspense, useEffect } from 'react';
import { Spinner } from '../../ui/spinner.tsx';
import type { RedeemFormProps } from './redeem-form.tsx';

const loadRedeemForm = () => import('./redeem-form.tsx');
const RedeemForm = lazy(async () => ({ default: (await loadRedeemForm()).RedeemForm }));

/** Starts loading the form with the page, while the options are asked for. */
export function usePreloadRedeemForm(): void {
  useEffect(() => {
    void loadRedeemForm().catch(() => undefined);
  }, []);
}

export function LazyRedeemForm(props: RedeemFormProps) {
  return (
    <Suspense fallback={<Spinner label="Loading the redeem form..." />}>
      <RedeemForm {...props} />
    </Suspense>
  );
}
