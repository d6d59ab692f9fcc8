import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { SHELL_PROPERTY_NAMES } from '../../lib/shell-properties.ts';
import { isTrue, useNamedProperties } from '../../lib/use-named-properties.ts';
import { CoinHistoryPage } from './coin-history-page.tsx';

/** /gold-coins-history: every Gold Coin ledger entry of the player. */
export default function GoldCoinsHistoryPage() {
  const { values } = useNamedProperties(SHELL_PROPERTY_NAMES);
  return (
    <CoinHistoryPage
      currency="gold"
      title="Gold Coins History"
      goldOnly={isTrue(values[PROPERTY_NAMES.goldOnlyMode])}
    />
  );
}
