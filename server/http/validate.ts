/**
 * Reads a JSON request body and checks it against a superstruct schema from src/contract.
 * Not JSON -> 400 INVALID_JSON; a failing key -> 400 VALIDATION_ERROR with `field` set to the
 * wire name (nested keys joined with dots) so the form can show it under that field.
 */
import type { Context } from 'hono';
import { validate, type Struct, type StructError } from 'superstruct';
import { ERROR_CODES } from '../../src/contract/errors.ts';
import { ApiError } from './api-error.ts';

export async function readJson(c: Context): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '')
    throw new ApiError(400, ERROR_CODES.INVALID_JSON, 'The request body must be a JSON object.');
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, ERROR_CODES.INVALID_JSON, 'The request body is not valid JSON.');
  }
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
  const [error, result] = validate(value, schema, { coerce: true });
  if (error) throw validationError(error);
  return result;
}

export async function readBody<T, S>(c: Context, schema: Struct<T, S>): Promise<T> {
  return check(await readJson(c), schema);
}
