/**
 * The Jacks or Better machine at 390 px: bet, Deal, five hold toggles, Draw, the pay table with
 * the hand made highlighted, and one status line read out by screen readers.
 */
import { GameError } from '../shared/game-error.tsx';
import type { HostBridge } from '../shared/host-bridge.ts';
import { CURRENCY_LABELS } from '../../src/contract/money.ts';
import { coinsOfStep } from './coins.ts';
import { BetControl } from './components/bet-control.tsx';
import { CardRow } from './components/card-row.tsx';
import { PayTable } from './components/pay-table.tsx';
import { useVideoPoker } from './use-video-poker.ts';
import { useGameSettings } from '../shared/use-game-settings.ts';

export function VideoPokerApp({ bridge }: { bridge: HostBridge }) {
  const game = useVideoPoker(bridge);
  const open = game.round?.status === 'open' && game.view?.phase === 'dealt';
  // While a deal is open, the table shows that round's own bet and currency.
  const currency = open && game.round ? game.round.currency : game.currency;
  // The catalogue's bet steps of that currency, from the host's init.
  const steps = bridge.init.bet_steps[currency];
  const bet = open && game.round ? game.round.bet : (steps[game.stepIndex] ?? 0);
  const coins = open && game.view ? game.view.coins : coinsOfStep(game.stepIndex);
  const winningLine = game.view?.phase === 'drawn' ? game.view.hand : null;
  const { reducedMotion } = useGameSettings(bridge);

  return (
    <main className={`game-column vp-machine${reducedMotion ? ' vp-reduced-motion' : ''}`}>
      <h1>Jacks or Better</h1>
      <p className="vp-currency">Playing with {CURRENCY_LABELS[game.currency].name}</p>

      <CardRow
        cards={game.view?.cards ?? null}
        held={game.holds}
        canHold={game.canDraw}
        onToggle={game.toggleHold}
      />

      <p className="vp-status" role="status" aria-live="polite">
        {game.status}
      </p>

      {!game.online ? (
        <p className="vp-offline" role="alert">
          You are offline. Deal and Draw need a connection; they come back when you are online.
        </p>
      ) : null}

      <GameError
        error={game.error}
        className="vp-error"
        codeClassName="vp-error-code"
        onBuyCoins={game.buyCoins}
      />

      <div className="vp-actions">
        {open ? (
          <button type="button" className="vp-primary" disabled={!game.canDraw} onClick={game.draw}>
            Draw
          </button>
        ) : (
          <button type="button" className="vp-primary" disabled={!game.canDeal} onClick={game.deal}>
            Deal
          </button>
        )}
      </div>

      <BetControl
        currency={currency}
        stepCount={steps.length}
        stepIndex={coins - 1}
        bet={bet}
        disabled={open || game.busy || game.loading}
        onChange={game.setStepIndex}
      />

      <PayTable currency={currency} bet={bet} coins={coins} winningLine={winningLine} />
    </main>
  );
}
