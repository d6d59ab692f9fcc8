/**
 * The Lucky Scratch ticket at 390 px: ticket price, Buy ticket, the 9 spots to scratch one by one
 * or with Reveal all, one status line read out by screen readers, and the prize table.
 */
import { StepperBetControl } from '../shared/bet-control.tsx';
import { GameError } from '../shared/game-error.tsx';
import { GameLinks } from '../shared/game-links.tsx';
import type { HostBridge } from '../shared/host-bridge.ts';
import { CURRENCY_LABELS, formatAmount } from '../../src/contract/money.ts';
import { PrizeTable } from './components/prize-table.tsx';
import { Ticket } from './components/ticket.tsx';
import { useScratchCard } from './use-scratch-card.ts';

export function ScratchApp({ bridge }: { bridge: HostBridge }) {
  const game = useScratchCard(bridge);
  const open = game.round?.status === 'open' && game.view !== null && !game.view.redeemed;
  // While a ticket is on the table, the page shows that ticket's own price and currency.
  const currency = open && game.round ? game.round.currency : game.currency;
  const price = open && game.round ? game.round.bet : game.price;
  const steps = game.steps;

  return (
    <main className="game-column ls-game">
      <h1>Lucky Scratch</h1>
      <p className="game-currency">Playing with {CURRENCY_LABELS[currency].name}</p>

      <Ticket
        view={game.view}
        revealed={game.revealed}
        canScratch={game.canScratch}
        onScratch={game.scratch}
      />

      <p className="game-status" role="status" aria-live="polite">
        {game.status}
      </p>

      {!game.online ? (
        <p className="game-offline" role="alert">
          You are offline. Buying and claiming tickets need a connection; they come back when you are online.
        </p>
      ) : null}

      <GameError error={game.error} className="game-error" onBuyCoins={game.buyCoins} />

      <div className="game-actions">
        {open ? (
          game.claimPending ? (
            <button
              type="button"
              className="game-primary"
              disabled={game.busy || !game.online}
              onClick={game.claim}
            >
              Claim prize
            </button>
          ) : (
            <button
              type="button"
              className="game-primary"
              disabled={!game.canScratch}
              onClick={game.revealAll}
            >
              Reveal all
            </button>
          )
        ) : (
          <button type="button" className="game-primary" disabled={!game.canBuy} onClick={game.buy}>
            Buy ticket
          </button>
        )}
      </div>

      <StepperBetControl
        className="game-bet"
        label="Ticket price"
        canDecrease={!open && !game.busy && game.stepIndex !== 0}
        canIncrease={!open && !game.busy && game.stepIndex !== steps.length - 1}
        onDecrease={game.decreasePrice}
        onIncrease={game.increasePrice}
      >
        Ticket {formatAmount(currency, price)}
      </StepperBetControl>

      <PrizeTable currency={currency} price={price} />

      <GameLinks bridge={bridge} className="game-links" label="Game" />
    </main>
  );
}
