/**
 * Payment success: what the purchase added, then the way on: back to the quick-play game the
 * purchase came from (?game_id=), the lobby, or more coins. After a reload the details are gone
 * (they live in memory); the page then says so plainly and the balance in the header is current.
 */
import { useSearchParams } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { css } from '@linaria/core';
import { ROUTES, withParams } from '../../../contract/routes.ts';
import type { PurchaseResult } from '../../../contract/payments.ts';
import { formatGold, formatSweeps, formatUsd } from '../../../contract/money.ts';
import { store } from '../../../state/store.ts';
import { ButtonLink } from '../../../ui/button.tsx';
import { Card, Notice, Page } from '../../../ui/page.tsx';
import { brandName } from '../dialogs/card-label.ts';

const list = css`
  margin: 0 0 var(--space-4);
  display: grid;
  grid-template-columns: auto 1fr;
  gap: var(--space-2) var(--space-4);
  & dt {
    color: var(--color-text-muted);
  }
  & dd {
    margin: 0;
    font-weight: 700;
    text-align: right;
    font-variant-numeric: tabular-nums;
  }
`;
const buttons = css`
  display: grid;
  gap: var(--space-2);
`;

const GAME_ID = /^[\w-]{1,64}$/;

export default function PaymentSuccessPage() {
  const [params] = useSearchParams();
  const payment = useSnapshot(store.payment);
  const result = payment.lastResult as PurchaseResult | null;
  const fromUrl = params.get('game_id');
  const gameId = fromUrl && GAME_ID.test(fromUrl) ? fromUrl : payment.returnGameId;

  return (
    <Page title="Purchase Complete" width="narrow">
      <Card>
        {result ? (
          <>
            <Notice tone="success" testId="payment-success">
              Thank you! Your coins have been added to your balance.
            </Notice>
            <dl className={list}>
              <dt>Gold Coins</dt>
              <dd data-testid="success-gold">+{formatGold(result.quantity_gld)}</dd>
              {result.quantity_ghc > 0 ? (
                <>
                  <dt>Free Sweeps Coins</dt>
                  <dd data-testid="success-sweeps">+{formatSweeps(result.quantity_ghc)}</dd>
                </>
              ) : null}
              {result.promo_code ? (
                <>
                  <dt>Promo code</dt>
                  <dd>{result.promo_code}</dd>
                </>
              ) : null}
              {(result.balance_applied_usd ?? 0) > 0 || (result.card_fee_usd ?? 0) > 0 ? (
                <>
                  <dt>Package price</dt>
                  <dd>{formatUsd(result.amount_usd)}</dd>
                </>
              ) : null}
              {(result.balance_applied_usd ?? 0) > 0 ? (
                <>
                  <dt>From your cash balance</dt>
                  <dd data-testid="success-balance-applied">{formatUsd(result.balance_applied_usd ?? 0)}</dd>
                </>
              ) : null}
              {(result.card_fee_usd ?? 0) > 0 ? (
                <>
                  <dt>Card fee</dt>
                  <dd data-testid="success-card-fee">{formatUsd(result.card_fee_usd ?? 0)}</dd>
                </>
              ) : null}
              <dt>Paid</dt>
              <dd data-testid="success-charged">{formatUsd(result.charged_usd ?? result.amount_usd)}</dd>
              <dt>With</dt>
              <dd>
                {result.charged_usd === 0
                  ? 'Your cash balance'
                  : result.card
                    ? `${brandName(result.card.brand)} ending in ${result.card.last4}`
                    : result.method === 'pay_by_bank'
                      ? 'Pay by bank'
                      : 'Card'}
              </dd>
            </dl>
          </>
        ) : (
          <Notice tone="info" testId="payment-success">
            Your purchase is complete. Your balance at the top of the page is up to date.
          </Notice>
        )}
        {gameId && payment.thirdPartyPurchase ? (
          // A third-party (vendor) game reads the balance when it is launched: going back
          // launches it again, so it shows the coins just bought.
          <p data-testid="third-party-purchase-note">
            Your game is run by one of our game partners. Go back to it to play with your new coins: it opens
            with your updated balance.
          </p>
        ) : null}
        <div className={buttons}>
          {gameId ? (
            <ButtonLink to={withParams(ROUTES.game, { gameId })} fullWidth data-testid="back-to-game">
              Back to your game
            </ButtonLink>
          ) : null}
          <ButtonLink to={ROUTES.lobby} fullWidth variant={gameId ? 'secondary' : 'primary'}>
            Go to the lobby
          </ButtonLink>
          <ButtonLink to={ROUTES.buyCoins} fullWidth variant="secondary">
            Buy more coins
          </ButtonLink>
        </div>
      </Card>
    </Page>
  );
}
