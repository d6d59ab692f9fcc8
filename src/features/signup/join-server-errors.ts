/** Where the join form shows an error answered by the server (spec section 4, sign-up error). */
import { ERROR_TEXTS } from '../../contract/errors.ts';
import type { ApiError } from '../../lib/api-client.ts';
import type { JoinErrorField } from './join-form-validation.ts';

export interface JoinServerError {
  /** The field to show the message under, or null for the form-level error. */
  field: JoinErrorField | null;
  message: string;
}

/** Server wire names -> the form's error slots (the three birth fields share one). */
const FIELD_SLOTS: Readonly<Record<string, JoinErrorField>> = {
  first_name: 'first_name',
  last_name: 'last_name',
  email: 'email',
  password: 'password1',
  password1: 'password1',
  password2: 'password2',
  postal_code: 'postal_code',
  birth_date: 'birth_date',
  birth_year: 'birth_date',
  birth_month: 'birth_date',
  birth_day: 'birth_date',
  promo_code: 'promo_code',
  terms: 'terms',
  accepted_documents: 'terms',
};

/** A duplicate account opens its dialog and a refused robot check shows under the box (the page). */
export function placeJoinServerError(error: ApiError): JoinServerError {
  if (error.status === 429)
    return { field: null, message: `${ERROR_TEXTS.serverBusyTitle}: ${ERROR_TEXTS.serverBusy}` };
  const field = error.field ? (FIELD_SLOTS[error.field] ?? null) : null;
  return { field, message: error.message };
}
