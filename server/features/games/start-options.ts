/**
 * Start options from the wire to the engine. Amounts arrive in display units and engines take
 * minor units; a fixed deck (solitaire's testDeck, for browser tests) is refused unless the server
 * runs in test mode (GAMES_TEST_MODE), so a player can never choose the cards of a real round.
 */
import type { Currency } from '../../../src/contract/currency.ts';
import { HOUSE_GAME_IDS } from '../../../src/contract/games.ts';
import { gameErrors } from './game-errors.ts';
import { displayToMinor } from './rounds.ts';

/** Side bets of the solitaire start, display units on the wire. */
const SOLITAIRE_SIDE_BETS = ['noMovesBet', 'redOrBlackBet'] as const;

export function engineStartOptions(
  gameId: string,
  currency: Currency,
  raw: Readonly<Record<string, unknown>> | undefined,
  testMode: boolean,
): Record<string, unknown> {
  const options: Record<string, unknown> = { ...(raw ?? {}) };
  if (options.testDeck !== undefined && !testMode) throw gameErrors.testDeckNotAllowed();
  if (options.testDeck === undefined) delete options.testDeck;
  if (gameId === HOUSE_GAME_IDS.solitaire) {
    for (const name of SOLITAIRE_SIDE_BETS) {
      const value = options[name];
      if (value === undefined) options[name] = 0;
      else if (typeof value === 'number') options[name] = displayToMinor(currency, value, name);
      // Anything else is left for the engine to refuse with the field named.
    }
  }
  return options;
}
