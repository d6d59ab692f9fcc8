/**
 * The Crown Jewels machine at 390 px: the reels as a grid with text alternatives, the wins of the
 * spin shown, one status line read out by screen readers, Spin and the bet buttons.
 */
import { StepperBetControl } from '../shared/bet-control.tsx';
import { GameError } from '../shared/game-error.tsx';
import { GameLinks } from '../shared/game-links.tsx';
import type { HostBridge } from '../shared/host-bridge.ts';
import { CURRENCY_LABELS, formatAmount } from '../../src/contract/money.ts';
import { PayTable } from './components/pay-table.tsx';
import { Reels } from './components/reels.tsx';
import { WinList } from './components/win-list.tsx';
import { useSlots } from './use-slots.ts';

export function SlotsApp({ bridge }: { bridge: HostBridge }) {
  const game = useSlots(bridge);
  const spin = game.view?.spins[game.shownSpin] ?? null;
  const steps = game.steps;
  const { reducedMotion } = game;

  return (
    <main className={`game-column cj-machine${reducedMotion ? ' cj-reduced-motion' : ''}`}>
      <h1>Crown Jewels</h1>
      <p className="game-currency">Playing with {CURRENCY_LABELS[game.currency].name}</p>

      <Reels spin={spin} spinning={game.busy || (game.animating && game.shownSpin === 0)} />

      <p className="game-status" role="status" aria-live="polite">
        {game.status}
      </p>

      {spin && game.round && !game.busy && !(game.animating && game.shownSpin === 0) ? (
        <WinList spin={spin} currency={game.round.currency} />
      ) : null}

      {!game.online ? (
        <p className="game-offline" role="alert">
          You are offline. Spinning needs a connection; it comes back when you are online.
        </p>
      ) : null}

      <GameError error={game.error} className="game-error" onBuyCoins={game.buyCoins} />

      <div className="game-actions">
        <button type="button" className="game-primary" disabled={!game.canSpin} onClick={game.spin}>
          Spin
        </button>
        {game.animating ? (
          <button type="button" onClick={game.skipAnimation}>
            Skip animation
          </button>
        ) : null}
      </div>

      <StepperBetControl
        className="game-bet"
        label="Bet"
        canDecrease={game.canChangeBet && game.stepIndex !== 0}
        canIncrease={game.canChangeBet && game.stepIndex !== steps.length - 1}
        onDecrease={game.decreaseBet}
        onIncrease={game.increaseBet}
      >
        Bet {formatAmount(game.currency, game.bet)}
      </StepperBetControl>

      <PayTable currency={game.currency} bet={game.bet} />

      <GameLinks bridge={bridge} className="game-links" label="Game" />
    </main>
  );
}
