/**
 * The game's info panel on the game page: what the game is, its bets in each currency and its
 * declared return to player (the figure of the Official Game Rules, where each game's full rules
 * are) with the catalogue's note under it when there is one (when the figure holds, or the range
 * players get), folded away so the game keeps the screen at 360 px.
 */
import { css } from '@linaria/core';
import type { Game } from '../../contract/games.ts';
import { ROUTES } from '../../contract/routes.ts';
import { formatGold, formatSweeps } from '../../contract/money.ts';
import { AppLink } from '../../ui/app-link.tsx';

const panel = css`
  margin: 0 0 var(--space-3);
  & summary {
    cursor: pointer;
    font-weight: 600;
  }
  & dl {
    display: grid;
    grid-template-columns: max-content minmax(0, 1fr);
    gap: var(--space-1) var(--space-3);
    margin: var(--space-2) 0;
  }
  & dt {
    color: var(--color-text-muted);
  }
  & dd {
    margin: 0;
  }
`;

/** The RTP note: its own line under the figure, smaller, wrapping within the panel at 360 px. */
const rtpNote = css`
  display: block;
  color: var(--color-text-muted);
  font-size: 0.875em;
`;

/** "95.30 %": the declared RTP as the rules state it. */
export const formatRtp = (rtp: number): string => `${rtp.toFixed(2)} %`;

export function GameInfo({ game }: { game: Game }) {
  return (
    <details className={panel} data-testid="game-info">
      <summary>Game info</summary>
      <p>{game.description}</p>
      <dl>
        <dt>Return to player</dt>
        <dd>
          {/* A skill game's return is a range: a casual player to the strongest player we built. */}
          {game.rtp_max ? `${formatRtp(game.rtp)} to ${formatRtp(game.rtp_max)}` : formatRtp(game.rtp)}
          {/* When the figure holds, or the range players get (Game.rtp_note). */}
          {game.rtp_note ? (
            <span className={rtpNote} data-testid="rtp-note">
              {game.rtp_note}
            </span>
          ) : null}
        </dd>
        <dt>Gold Coin bets</dt>
        <dd>
          {formatGold(game.min_bet.gold)} to {formatGold(game.max_bet.gold)}
        </dd>
        <dt>Sweeps Coin bets</dt>
        <dd>
          {formatSweeps(game.min_bet.sweeps)} to {formatSweeps(game.max_bet.sweeps)}
        </dd>
        {/* The largest win the catalogue publishes (the vendor game's): our wallet pays no more. */}
        {game.max_win_multiple ? (
          <>
            <dt>Top win</dt>
            <dd>{game.max_win_multiple.toLocaleString('en-US')} times the bet</dd>
          </>
        ) : null}
      </dl>
      <p>
        {game.kind === 'vendor'
          ? "Decided by our game partner's systems; your coins move through your Lucky Crown balance."
          : 'Every round is decided on our servers and can be checked with the Fairness panel.'}{' '}
        <AppLink to={ROUTES.policiesGameRules}>Official Game Rules</AppLink>
      </p>
    </details>
  );
}
