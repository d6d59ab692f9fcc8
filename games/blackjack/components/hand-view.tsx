import type { Currency } from '../../../src/contract/currency.ts';
import type { BlackjackHandView, HandResult } from '../../engines/blackjack.ts';
import { formatMinor } from '../../../src/contract/money.ts';
import { PlayingCard } from './playing-card.tsx';

const RESULT_TEXT: Record<HandResult, string> = {
  blackjack: 'Blackjack',
  win: 'Win',
  push: 'Push',
  lose: 'Lose',
  surrender: 'Surrendered',
};

export const totalText = (total: number, soft: boolean): string => (soft ? `soft ${total}` : String(total));

/** One of the player's hands: cards, total, stake and, once settled, the result. */
export function HandView({
  hand,
  label,
  active,
  currency,
}: {
  hand: BlackjackHandView;
  label: string;
  active: boolean;
  currency: Currency;
}) {
  const bust = hand.total > 21;
  return (
    <section
      className={`bj-hand${active ? ' bj-hand--active' : ''}`}
      aria-label={label}
      aria-current={active ? 'true' : undefined}
    >
      <div className="bj-hand__cards">
        {hand.cards.map((card, index) => (
          <PlayingCard key={`${card}-${index}`} card={card} />
        ))}
      </div>
      <p className="bj-hand__meta">
        <span>Total {bust ? `${hand.total}, bust` : totalText(hand.total, hand.soft)}</span>
        <span>
          Bet {formatMinor(currency, hand.bet)}
          {hand.doubled ? ' (doubled)' : ''}
        </span>
        {hand.result ? (
          <span className={`bj-result bj-result--${hand.result}`}>
            {RESULT_TEXT[hand.result]}
            {hand.payout > 0 ? `: ${formatMinor(currency, hand.payout)} back` : ''}
          </span>
        ) : null}
      </p>
    </section>
  );
}
