/**
 * Reads a JSON request body and checks it against a superstruct schema from src/contract.
 * Before anything walks the parsed value, the body is checked at the edge:
 * - a Content-Type other than JSON -> 400 INVALID_JSON (a missing Content-Type is read as JSON);
 * - empty, not JSON, or nested deeper than MAX_JSON_DEPTH (counted on the text before parsing, so
 *   neither the parser nor the recursive validators can run out of stack) -> 400 INVALID_JSON;
 * - NUL or a lone surrogate in any key or string -> 400 VALIDATION_ERROR with `field` naming it.
 * A failing key -> 400 VALIDATION_ERROR with `field` set to the wire name (nested keys joined
 * with dots) so the form can show it under that field.
 */
import type { Context } from 'hono';
import { validate, type Struct, type StructError } from 'superstruct';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import { ApiError } from './api-error.ts';
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from './untrusted-text.ts';

/** Deepest nesting of arrays/objects a request body may have; the contract's deepest is 3. */
export const MAX_JSON_DEPTH = 32;

const invalidJson = (message: string) => new ApiError(400, ERROR_CODES.INVALID_JSON, message);

const isJsonMediaType = (header: string): boolean => {
  const media = header.split(';', 1)[0]!.trim().toLowerCase();
  return media === 'application/json' || (media.startsWith('application/') && media.endsWith('+json'));
};

/** Deepest bracket nesting of a JSON text, brackets inside strings not counted; stops past `limit`. */
export function jsonNestingDepth(text: string, limit: number = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c)
        i++; // backslash: skip the escaped character
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x5b || ch === 0x7b) {
      depth++;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (ch === 0x5d || ch === 0x7d) depth--;
  }
  return deepest;
}

/** The path (dotted wire name) of the first key or string holding a forbidden character, or null. */
function forbiddenCharacterAt(value: unknown, path: string[] = []): string[] | null {
  if (typeof value === 'string') return hasForbiddenCharacter(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = forbiddenCharacterAt(value[i], [...path, String(i)]);
      if (found) return found;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      if (hasForbiddenCharacter(key)) return [...path, key.replace(/[^\x20-\x7e]/g, '?')];
      const found = forbiddenCharacterAt(inner, [...path, key]);
      if (found) return found;
    }
  }
  return null;
}

/** Refuses a string holding NUL or a lone surrogate (query values, path parameters). */
export function checkText(value: string, field: string): string {
  if (hasForbiddenCharacter(value))
    throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, FORBIDDEN_CHARACTER_MESSAGE, field);
  return value;
}

export async function readJson(c: Context): Promise<unknown> {
  const contentType = c.req.header('Content-Type');
  if (contentType !== undefined && !isJsonMediaType(contentType))
    throw invalidJson('The request body must be JSON, sent with Content-Type: application/json.');
  const text = await c.req.text();
  if (text.trim() === '') throw invalidJson('The request body must be a JSON object.');
  if (jsonNestingDepth(text) > MAX_JSON_DEPTH)
    throw invalidJson(`The request body is nested more than ${MAX_JSON_DEPTH} levels deep.`);
  let value: unknown;
  try {
    value = JSON.parse(text) as unknown;
  } catch {
    throw invalidJson('The request body is not valid JSON.');
  }
  const badPath = forbiddenCharacterAt(value);
  if (badPath)
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      FORBIDDEN_CHARACTER_MESSAGE,
      badPath.length > 0 ? badPath.join('.') : null,
    );
  return value;
}

export function fieldOf(error: StructError): string {
  const failure = error.failures()[0] ?? error;
  return failure.path.length > 0 ? failure.path.map(String).join('.') : String(failure.key ?? '');
}

/** Turns a superstruct failure into the API's 400 answer. */
export function validationError(error: StructError): ApiError {
  const failure = error.failures()[0] ?? error;
  const field = fieldOf(error) || null;
  let message: string;
  if (failure.type === 'never') message = `Unknown field "${field}".`;
  else if (failure.value === undefined) message = 'This field is required.';
  else if (failure.refinement === 'size') message = 'This value is too short or too long.';
  else message = 'This value is not valid.';
  if (field === null && failure.type === 'object') message = 'The request body must be a JSON object.';
  return new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, field, {
    expected: failure.type,
    reason: failure.message,
  });
}

export function check<T, S>(value: unknown, schema: Struct<T, S>): T {
  try {
    const [error, result] = validate(value, schema, { coerce: true });
    if (error) throw validationError(error);
    return result;
  } catch (thrown) {
    // Superstruct writes a refused value into its failure messages with `${value}` (while
    // validating, or later when the failures are listed): an object whose own toString or valueOf
    // is not a function (JSON can send {"toString": "x"}) makes that a TypeError instead of a
    // failed check. It is still a value we refuse.
    if (thrown instanceof TypeError)
      throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'This value is not valid.', null, {
        reason: 'An object in the body has a toString or valueOf field.',
      });
    throw thrown;
  }
}

export async function readBody<T, S>(c: Context, schema: Struct<T, S>): Promise<T> {
  return check(await readJson(c), schema);
}
