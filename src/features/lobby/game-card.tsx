/**
 * One game in the lobby: a link to its game page with the art, the name, a "New"/"Hot" mark,
 * a maintenance badge, and, offline, a plain line saying that playing needs a connection; beside
 * the link (a button cannot sit inside a link), the star that makes it a favourite.
 */
import { useId } from 'react';
import { css, cx } from '@linaria/core';
import type { Game } from '../../contract/games.ts';
import { ROUTES, withParams } from '../../contract/routes.ts';
import { AppLink } from '../../ui/app-link.tsx';
import { FavouriteButton } from '../../ui/favourite-button.tsx';
import { cardMark } from './games-list.ts';

export const OFFLINE_PLAY_TEXT = 'Playing needs a connection. You can play again when you reconnect.';

const holder = css`
  position: relative;
  height: 100%;
`;
const starSpot = css`
  position: absolute;
  top: var(--space-2);
  right: var(--space-2);
`;
const card = css`
  display: flex;
  flex-direction: column;
  height: 100%;
  border-radius: var(--radius-md);
  border: 1px solid var(--color-border);
  background: var(--color-surface-2);
  color: var(--color-text);
  text-decoration: none;
  overflow: hidden;
  &:hover {
    border-color: var(--color-gold);
    color: var(--color-text);
  }
`;
const artBox = css`
  position: relative;
  aspect-ratio: 4 / 3;
  background: var(--color-surface);
  & img {
    display: block;
    width: 100%;
    height: 100%;
    object-fit: cover;
  }
`;
const unavailableArt = css`
  & img {
    filter: grayscale(0.8);
    opacity: 0.6;
  }
`;
const mark = css`
  position: absolute;
  top: var(--space-2);
  left: var(--space-2);
  padding: 0 var(--space-2);
  border-radius: 999px;
  background: var(--color-gold);
  color: var(--color-primary-contrast);
  font-size: 0.75rem;
  font-weight: 800;
  text-transform: uppercase;
  letter-spacing: 0.04em;
`;
const body = css`
  display: flex;
  flex-direction: column;
  gap: var(--space-1);
  padding: var(--space-2) var(--space-3) var(--space-3);
`;
const name = css`
  font-weight: 700;
  line-height: 1.25;
`;
const status = css`
  font-size: 0.8rem;
  color: var(--color-text-muted);
`;
const maintenanceBadge = css`
  align-self: flex-start;
  padding: 0 var(--space-2);
  border-radius: 999px;
  border: 1px solid var(--color-warning);
  color: var(--color-warning);
  font-size: 0.75rem;
  font-weight: 700;
`;

export interface GameCardProps {
  game: Game;
  online: boolean;
  favourite: boolean;
  onToggleFavourite: (gameId: string) => void;
}

export function GameCard({ game, online, favourite, onToggleFavourite }: GameCardProps) {
  const label = cardMark(game);
  const detailsId = useId();
  const details = [label, game.maintenance ? 'Under maintenance' : null, online ? null : OFFLINE_PLAY_TEXT]
    .filter(Boolean)
    .join('. ');
  return (
    <div className={holder}>
      <GameLink game={game} online={online} label={label} details={details} detailsId={detailsId} />
      <FavouriteButton
        gameName={game.name}
        pressed={favourite}
        onToggle={() => onToggleFavourite(game.id)}
        className={starSpot}
        testId={`favourite-${game.id}`}
      />
    </div>
  );
}

function GameLink({
  game,
  online,
  label,
  details,
  detailsId,
}: {
  game: Game;
  online: boolean;
  label: string | null;
  details: string;
  detailsId: string;
}) {
  return (
    // Named by the game alone, from its visible name (WCAG 2.5.3: the spoken name is the shown one):
    // the art is decorative (alt=""), and the mark and status, shown beside the name, are the link's
    // description instead of part of its name.
    <AppLink
      to={withParams(ROUTES.game, { gameId: game.id })}
      className={card}
      aria-describedby={details ? detailsId : undefined}
      data-testid={`game-card-${game.id}`}
    >
      {details ? (
        <span id={detailsId} hidden>
          {details}
        </span>
      ) : null}
      <div className={cx(artBox, (game.maintenance || !online) && unavailableArt)}>
        <img src={game.art_url} alt="" width={320} height={240} loading="lazy" decoding="async" />
        {label ? (
          <span className={mark} aria-hidden="true">
            {label}
          </span>
        ) : null}
      </div>
      <div className={body}>
        <span className={name} data-testid="game-card-name">
          {game.name}
        </span>
        {game.maintenance ? (
          <span className={maintenanceBadge} aria-hidden="true">
            Under maintenance
          </span>
        ) : null}
        {online ? null : (
          <span className={status} aria-hidden="true">
            {OFFLINE_PLAY_TEXT}
          </span>
        )}
      </div>
    </AppLink>
  );
}
