import { CoinHistoryPage } from './coin-history-page.tsx';

/**
 * /sweeps-coins-history: every Sweeps Coin ledger entry (paid, promotional and redeemable).
 * A Sweeps page: the route sits under RequireSweeps, so gold-only mode redirects to the lobby.
 */
export default function SweepsCoinsHistoryPage() {
  return <CoinHistoryPage currency="sweeps" title="Sweeps Coins History" />;
}
