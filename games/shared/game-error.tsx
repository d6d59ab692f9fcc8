/**
 * The error line of a game page, read out at once: the refusal's message (with its code when the
 * page shows codes), and a Buy coins button when the balance was too low for the bet.
 */
import { GAME_ERROR_CODES } from '../../src/contract/games.ts';
import type { ShownError } from './shown-error.ts';

interface GameErrorProps {
  error: ShownError | null;
  className: string;
  /** Class of the code after the message; without it the code is not shown. */
  codeClassName?: string;
  onBuyCoins(): void;
}

export function GameError({ error, className, codeClassName, onBuyCoins }: GameErrorProps) {
  if (!error) return null;
  return (
    <div className={className} role="alert">
      {codeClassName ? (
        <p>
          {error.message} <span className={codeClassName}>({error.code})</span>
        </p>
      ) : (
        <p>{error.message}</p>
      )}
      {error.code === GAME_ERROR_CODES.INSUFFICIENT_BALANCE ? (
        <button type="button" onClick={onBuyCoins}>
          Buy coins
        </button>
      ) : null}
    </div>
  );
}
