/**
 * Start options from the wire to the engine, and the parts of a start the server decides, never
 * the player:
 * - amounts arrive in display units and engines take minor units (solitaire's side bets);
 * - a fixed deck (solitaire's testDeck, for browser tests) is refused unless the server runs in
 *   test mode (GAMES_TEST_MODE), so a player can never choose the cards of a real round;
 * - video poker's coin count is the bet's position in the game's bet steps (five coins = the
 *   maximum step, the only bet whose royal flush pays 800), so its bet must be one of the steps;
 *   a coin count sent by the game is ignored;
 * - a slot bet is split evenly over the lines, so it must be a whole number of minor units per
 *   line (every bet step is): the declared RTP then holds exactly, with no rounding.
 */
import { LINE_COUNT as SLOT_LINE_COUNT } from '../../../games/engines/slots.ts';
import type { Currency } from '../../../src/contract/currency.ts';
import { GAME_ERROR_CODES, HOUSE_GAME_IDS } from '../../../src/contract/games.ts';
import { ApiError } from '../../http/api-error.ts';
import { displayToCents, minorToDisplay } from '../wallet/money.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { betStepsOf, type GameRow } from './catalogue.ts';
import { gameErrors } from './game-errors.ts';

/** A display amount (Gold whole coins, Sweeps with up to 2 decimals) in minor units, or 400 on `field`. */
export function displayToMinor(currency: Currency, value: number, field: string): number {
  const minor = currency === 'gold' ? (Number.isSafeInteger(value) ? value : null) : displayToCents(value);
  if (minor === null || minor < 0 || !Number.isSafeInteger(minor))
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      currency === 'gold'
        ? 'Gold Coin amounts are whole numbers.'
        : 'Sweeps Coin amounts have at most 2 decimals.',
      field,
    );
  return minor;
}

/** Side bets of the solitaire start, display units on the wire. */
const SOLITAIRE_SIDE_BETS = ['noMovesBet', 'redOrBlackBet'] as const;

export interface StartOptionsInput {
  game: GameRow;
  currency: Currency;
  /** The base bet, minor units, already inside the game's limits. */
  betMinor: number;
  /** The start options as sent (display units). */
  raw: unknown;
  testMode: boolean;
}

/** The options handed to the engine's parseOptions (which checks the rest). */
export function engineStartOptions({ game, currency, betMinor, raw, testMode }: StartOptionsInput): unknown {
  const options: Record<string, unknown> = { ...(typeof raw === 'object' && raw !== null ? raw : {}) };
  if (options.testDeck !== undefined && !testMode) throw gameErrors.testDeckNotAllowed();
  if (options.testDeck === undefined) delete options.testDeck;
  if (game.id === HOUSE_GAME_IDS.solitaire) {
    for (const name of SOLITAIRE_SIDE_BETS) {
      const value = options[name];
      if (value === undefined) options[name] = 0;
      else if (typeof value === 'number') options[name] = displayToMinor(currency, value, name);
      // Anything else is left for the engine to refuse with the field named.
    }
  }
  const steps = betStepsOf(game, currency);
  const refuse = (why: string) =>
    new ApiError(
      400,
      GAME_ERROR_CODES.BET_OUT_OF_RANGE,
      `${why} Choose one of the game's bets: ${steps.map((v) => minorToDisplay(currency, v)).join(', ')}.`,
      'betValue',
      { bet_steps: steps.map((v) => minorToDisplay(currency, v)) },
    );
  if (game.id === HOUSE_GAME_IDS.slots && betMinor % SLOT_LINE_COUNT !== 0)
    throw refuse(`The bet is split over ${SLOT_LINE_COUNT} lines.`);
  if (game.id === HOUSE_GAME_IDS.videoPoker) {
    const coins = steps.indexOf(betMinor) + 1;
    if (coins === 0) throw refuse('Video poker bets are one to five coins.');
    options.coins = coins;
  }
  return options;
}
