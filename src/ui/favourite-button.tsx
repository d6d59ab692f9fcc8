/**
 * The star that adds a game to the player's favourites or takes it off: a toggle button
 * (aria-pressed) named after the game, 44 px square. What it toggles is the caller's.
 */
import { css, cx } from '@linaria/core';

const star = css`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 44px;
  height: 44px;
  padding: 0;
  border-radius: 999px;
  border: 1px solid var(--color-border);
  background: var(--color-surface);
  color: var(--color-text-muted);
  font-size: 1.4rem;
  line-height: 1;
  cursor: pointer;
  &:hover {
    border-color: var(--color-gold);
    color: var(--color-gold);
  }
  &[aria-pressed='true'] {
    border-color: var(--color-gold);
    color: var(--color-gold);
  }
`;

export interface FavouriteButtonProps {
  gameName: string;
  pressed: boolean;
  onToggle: () => void;
  className?: string;
  testId?: string;
}

export function FavouriteButton({ gameName, pressed, onToggle, className, testId }: FavouriteButtonProps) {
  return (
    <button
      type="button"
      className={cx(star, className)}
      aria-pressed={pressed}
      aria-label={`Favourite ${gameName}`}
      title={pressed ? `Remove ${gameName} from your favourites` : `Add ${gameName} to your favourites`}
      onClick={onToggle}
      data-testid={testId}
    >
      <span aria-hidden="true">{pressed ? '★' : '☆'}</span>
    </button>
  );
}
