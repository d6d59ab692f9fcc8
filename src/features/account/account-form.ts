/**
 * How the account forms show a refused call: a field the server names gets its message under
 * that field; anything else (429, offline, a server error) goes above the button.
 */
import { ERROR_CODES, ERROR_TEXTS } from '../../contract/errors.ts';
import { isApiError } from '../../lib/api-client.ts';

export interface FormFailure<F extends string> {
  field: F | null;
  message: string;
}

export function formFailure<F extends string>(error: unknown, fields: readonly F[]): FormFailure<F> {
  if (!isApiError(error)) return { field: null, message: 'Something went wrong. Please try again.' };
  if (error.status === 429 || error.code === ERROR_CODES.TOO_MANY_ATTEMPTS)
    return { field: null, message: `${ERROR_TEXTS.serverBusyTitle}: ${ERROR_TEXTS.serverBusy}` };
  const field = fields.find((f) => f === error.field) ?? null;
  return { field, message: error.message };
}
