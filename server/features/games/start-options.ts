/**
 * The bet rules every house game keeps, the start options from the wire to the engine, and the
 * parts of a start the server decides, never the player:
 * - a bet is one of the catalogue's bet steps of its currency, read from the game's row (seeded
 *   from `SEED_BET_STEPS`, the steps the game pages are given too), inside the game's limits
 *   (`checkBet`), in every game;
 * - amounts arrive in display units and engines take minor units (solitaire's side bets);
 * - each solitaire side bet is off (0 or absent) or exactly the base bet (the rules page), and the
 *   round's whole stake (bet plus side bets) stays within the game's maximum bet; the whole stake
 *   is debited in one ledger movement, so it must be covered by the balance too (402 otherwise);
 * - a fixed deck (solitaire's testDeck) is always refused: a player never chooses the cards of a
 *   round;
 * - video poker's coin count is the bet's position in the game's bet steps (five coins = the
 *   maximum step, the only bet whose royal flush pays 800); a coin count sent by the game is ignored;
 * - a slot bet is split evenly over the lines, so it must be a whole number of minor units per
 *   line (every bet step is): the declared RTP then holds exactly, with no rounding.
 */
import { LINE_COUNT as SLOT_LINE_COUNT } from '../../../games/engines/slots.ts';
import type { Currency } from '../../../src/contract/currency.ts';
import { GAME_ERROR_CODES, HOUSE_GAME_IDS } from '../../../src/contract/games.ts';
import { ApiError } from '../../http/api-error.ts';
import { displayToCents, minorToDisplay } from '../../core/ledger/money.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { betLimitsOf, betStepsOf, type GameRow } from './catalogue.ts';
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

/** BET_OUT_OF_RANGE naming the game's bets (extra.bet_steps, display units) and its limits. */
function offStep(game: GameRow, currency: Currency, field: string, why: string): ApiError {
  const steps = betStepsOf(game, currency).map((v) => minorToDisplay(currency, v));
  const limits = betLimitsOf(game, currency);
  return new ApiError(
    400,
    GAME_ERROR_CODES.BET_OUT_OF_RANGE,
    steps.length > 0
      ? `${why} Choose one of the game's bets: ${steps.join(', ')}.`
      : `${why} This game takes no bets in this currency.`,
    field,
    {
      min_bet: minorToDisplay(currency, limits.minMinor),
      max_bet: minorToDisplay(currency, limits.maxMinor),
      bet_steps: steps,
    },
  );
}

/**
 * The one bet rule of every house game: inside the game's limits (BET_OUT_OF_RANGE with
 * extra.min_bet / max_bet) and one of its bet steps for the currency (BET_OUT_OF_RANGE with
 * extra.bet_steps as well). A game with no steps for a currency takes no bet in it.
 */
export function checkBet(game: GameRow, currency: Currency, betMinor: number, field: string): void {
  const limits = betLimitsOf(game, currency);
  if (betMinor < limits.minMinor || betMinor > limits.maxMinor)
    throw gameErrors.betOutOfRange(
      field,
      minorToDisplay(currency, limits.minMinor),
      minorToDisplay(currency, limits.maxMinor),
    );
  if (!betStepsOf(game, currency).includes(betMinor))
    throw offStep(game, currency, field, 'The bet is not one of the bets of this game.');
}

/**
 * Solitaire's side bets in minor units: each 0 (off, or absent) or exactly the base bet, else 400
 * VALIDATION_ERROR on its field; and the whole stake within the game's maximum bet, else 400
 * BET_OUT_OF_RANGE on the side bet that takes it over.
 */
function solitaireSideBets(
  game: GameRow,
  currency: Currency,
  betMinor: number,
  options: Record<string, unknown>,
): void {
  const limits = betLimitsOf(game, currency);
  let stake = betMinor;
  for (const name of SOLITAIRE_SIDE_BETS) {
    const value = options[name];
    const minor =
      value === undefined ? 0 : typeof value === 'number' ? displayToMinor(currency, value, name) : null;
    if (minor !== 0 && minor !== betMinor)
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        `A side bet is either off (0) or the same as the bet (${minorToDisplay(currency, betMinor)}).`,
        name,
        { allowed: [0, minorToDisplay(currency, betMinor)] },
      );
    options[name] = minor;
    stake += minor;
    if (stake > limits.maxMinor)
      throw new ApiError(
        400,
        GAME_ERROR_CODES.BET_OUT_OF_RANGE,
        `The bet and the side bets together are at most ${minorToDisplay(currency, limits.maxMinor)}: ` +
          `choose a smaller bet or fewer side bets.`,
        name,
        {
          min_bet: minorToDisplay(currency, limits.minMinor),
          max_bet: minorToDisplay(currency, limits.maxMinor),
          stake: minorToDisplay(currency, stake),
        },
      );
  }
}

export interface StartOptionsInput {
  game: GameRow;
  currency: Currency;
  /** The base bet, minor units, already checked by `checkBet`. */
  betMinor: number;
  /** The start options as sent (display units). */
  raw: unknown;
}

/** The options handed to the engine's parseOptions (which checks the rest). */
export function engineStartOptions({ game, currency, betMinor, raw }: StartOptionsInput): unknown {
  const options: Record<string, unknown> = { ...(typeof raw === 'object' && raw !== null ? raw : {}) };
  if (options.testDeck !== undefined) throw gameErrors.testDeckNotAllowed();
  delete options.testDeck;
  if (game.id === HOUSE_GAME_IDS.solitaire) solitaireSideBets(game, currency, betMinor, options);
  if (game.id === HOUSE_GAME_IDS.slots && betMinor % SLOT_LINE_COUNT !== 0)
    throw offStep(game, currency, 'betValue', `The bet is split over ${SLOT_LINE_COUNT} lines.`);
  if (game.id === HOUSE_GAME_IDS.videoPoker) {
    const coins = betStepsOf(game, currency).indexOf(betMinor) + 1;
    if (coins === 0) throw offStep(game, currency, 'betValue', 'Video poker bets are one to five coins.');
    options.coins = coins;
  }
  return options;
}
