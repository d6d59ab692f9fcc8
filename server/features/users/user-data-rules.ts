/**
 * The rules a user_data patch must meet before it is stored (src/contract/player-data.ts): a key
 * of plain characters, a value that survives a JSON round trip (spec section 5) and fits
 * USER_DATA_VALUE_MAX_BYTES, and for the app's own keys the shape the app reads back: a favourite
 * is a boolean naming a game of the catalogue (taking one off may name a game since removed), a
 * game setting is one of the known names with a boolean value.
 */
import { ERROR_CODES, ERROR_TEXTS } from '../../../src/contract/errors.ts';
import { GAME_ID_PATTERN } from '../../../src/contract/game-ids.ts';
import {
  FAVOURITE_KEY_PREFIX,
  SETTINGS_KEY_PREFIX,
  USER_DATA_KEY_PATTERN,
  USER_DATA_VALUE_MAX_BYTES,
  isGameSettingName,
} from '../../../src/contract/player-data.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { findGameRow } from '../games/public.ts';
import { survivesJsonRoundTrip } from './json-round-trip.ts';

const invalid = (field: 'key' | 'value', message: string = ERROR_TEXTS.invalidKeyVal) =>
  new ApiError(400, ERROR_CODES.INVALID_KEY_VAL, message, field);

/** Throws a 400 naming the field when `key` = `value` may not be stored. */
export async function checkUserDataEntry(
  db: Queryable,
  raw: unknown,
  entry: { key: string; value: unknown },
): Promise<void> {
  const { key, value } = entry;
  if (!USER_DATA_KEY_PATTERN.test(key)) {
    throw invalid('key', 'A key is 1 to 128 letters, digits, dots, colons, dashes or underscores.');
  }
  // The schema's unknown() also lets a missing value through: that is not a JSON value either.
  const hasValue = typeof raw === 'object' && raw !== null && 'value' in raw;
  if (!hasValue || !survivesJsonRoundTrip(value)) throw invalid('value');
  if (new TextEncoder().encode(JSON.stringify(value)).length > USER_DATA_VALUE_MAX_BYTES) {
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      `One saved value is limited to ${USER_DATA_VALUE_MAX_BYTES / 1024} KB.`,
      'value',
    );
  }
  if (key.startsWith(FAVOURITE_KEY_PREFIX)) {
    const gameId = key.slice(FAVOURITE_KEY_PREFIX.length);
    if (!GAME_ID_PATTERN.test(gameId)) throw invalid('key', 'A favourite names a game by its id.');
    if (typeof value !== 'boolean') throw invalid('value', 'A favourite is saved as true or false.');
    if (value && !(await findGameRow(db, gameId))) {
      throw invalid('key', 'There is no game with this id to add to your favourites.');
    }
  } else if (key.startsWith(SETTINGS_KEY_PREFIX)) {
    if (!isGameSettingName(key.slice(SETTINGS_KEY_PREFIX.length))) {
      throw invalid('key', 'There is no game setting with this name.');
    }
    if (typeof value !== 'boolean') throw invalid('value', 'A game setting is saved as true or false.');
  }
}
