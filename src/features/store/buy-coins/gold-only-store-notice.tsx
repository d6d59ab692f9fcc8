/**
 * The coin store's notice to a player whose packages carry no Sweeps Coins (their state has none,
 * src/contract/sweeps-eligibility.ts): loaded by the store page only for such a player, so the
 * state names weigh on no first load. The notice is shown only to them, so no space is reserved.
 */
import { stateName } from '../../../contract/us-state-names.ts';
import { Notice } from '../../../ui/page.tsx';

export function GoldOnlyStoreNotice({ withheldState }: { withheldState: string | null | undefined }) {
  return (
    <Notice tone="info" testId="gold-only-store-notice">
      {withheldState
        ? `Sweeps Coins are not available in ${stateName(withheldState)}. Residents of ${stateName(withheldState)} can still buy and play with Gold Coins.`
        : 'Packages include Gold Coins only. You can still buy and play with Gold Coins.'}
    </Notice>
  );
}
