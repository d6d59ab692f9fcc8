/** The games API's refusals (src/contract/games.ts GAME_ERROR_CODES), with the texts players see. */
import type { Currency } from '../../../src/contract/currency.ts';
import { GAME_ERROR_CODES } from '../../../src/contract/games.ts';
import { ApiError } from '../../http/api-error.ts';

const currencyName = (c: Currency): string => (c === 'gold' ? 'Gold Coins' : 'Sweeps Coins');

export const gameErrors = {
  notFound: () => new ApiError(404, GAME_ERROR_CODES.GAME_NOT_FOUND, 'This game does not exist.'),
  underMaintenance: (until: string | null) =>
    new ApiError(
      409,
      GAME_ERROR_CODES.GAME_UNDER_MAINTENANCE,
      'This game is under maintenance. Please try again later.',
      null,
      { maintenance_until: until },
    ),
  currencyDisabled: (currency: Currency) =>
    new ApiError(
      409,
      GAME_ERROR_CODES.GAME_CURRENCY_DISABLED,
      `This game cannot be played with ${currencyName(currency)}. Switch currency to play it.`,
      'currency',
    ),
  betOutOfRange: (field: string, minBet: number, maxBet: number) =>
    new ApiError(
      400,
      GAME_ERROR_CODES.BET_OUT_OF_RANGE,
      `The bet must be from ${minBet} to ${maxBet}.`,
      field,
      { min_bet: minBet, max_bet: maxBet },
    ),
  insufficientBalance: (currency: Currency) =>
    new ApiError(
      402,
      GAME_ERROR_CODES.INSUFFICIENT_BALANCE,
      `You do not have enough ${currencyName(currency)} for this bet.`,
      null,
      { currency },
    ),
  roundAlreadyOpen: (roundId: string) =>
    new ApiError(
      409,
      GAME_ERROR_CODES.ROUND_ALREADY_OPEN,
      'You have a round of this game in progress. Finish it first.',
      null,
      { round_id: roundId },
    ),
  roundNotFound: () => new ApiError(404, GAME_ERROR_CODES.ROUND_NOT_FOUND, 'This round does not exist.'),
  roundFinished: () => new ApiError(409, GAME_ERROR_CODES.ROUND_FINISHED, 'This round is already finished.'),
  illegalAction: (message: string, field: string | null) =>
    new ApiError(400, GAME_ERROR_CODES.ILLEGAL_ACTION, message, field),
  clientSeedRequired: () =>
    new ApiError(
      409,
      GAME_ERROR_CODES.CLIENT_SEED_REQUIRED,
      'Your app has not sent your client seed yet. Reload the page, or set one under Fairness, then play.',
      'client_seed',
    ),
  seedRotationBlocked: () =>
    new ApiError(
      409,
      GAME_ERROR_CODES.SEED_ROTATION_BLOCKED,
      'Finish the round in progress before changing the server seed.',
    ),
  testDeckNotAllowed: () =>
    new ApiError(
      400,
      GAME_ERROR_CODES.TEST_DECK_NOT_ALLOWED,
      'A fixed deck is accepted only on a test server.',
      'testDeck',
    ),
};
