/** What the sign-in form shows for each way a sign-in can fail (spec section 8 plus our codes). */
import { ERROR_CODES, ERROR_TEXTS } from '../../contract/errors.ts';
import { SUPPORT_EMAIL } from '../../contract/constants.ts';
import type { ApiError } from '../../lib/api-client.ts';

export const LOGIN_MESSAGES = {
  emailRequired: 'Please enter your email address.',
  passwordRequired: 'Please enter your password.',
  invalidCredentials: 'The email or password is incorrect.',
  accountClosed: `This account is closed. If you think this is a mistake, contact ${SUPPORT_EMAIL}.`,
  accountClosedForAge: `This account is closed because the date of birth given is under the minimum age to play. If you think this is a mistake, contact ${SUPPORT_EMAIL}.`,
  serverBusy: `${ERROR_TEXTS.serverBusyTitle}: ${ERROR_TEXTS.serverBusy}`,
} as const;

export interface LoginFailure {
  /** Message for the whole form (data-testid form-error). */
  form: string | null;
  /** Message under one field, by wire name. */
  field: { name: 'email' | 'password'; message: string } | null;
}

/** Maps a failed sign-in answer to what the form shows. Never says whether the email exists. */
export function loginFailure(error: ApiError): LoginFailure {
  if (error.status === 429 || error.code === ERROR_CODES.TOO_MANY_ATTEMPTS)
    return { form: LOGIN_MESSAGES.serverBusy, field: null };
  if (error.code === ERROR_CODES.INVALID_CREDENTIALS)
    return { form: LOGIN_MESSAGES.invalidCredentials, field: null };
  if (error.code === ERROR_CODES.ACCOUNT_CLOSED) {
    // The closed-account flow: closed by the player, or for the age requirement (extra.closed_reason).
    const forAge = error.extra?.closed_reason === 'age_requirement';
    return { form: forAge ? LOGIN_MESSAGES.accountClosedForAge : LOGIN_MESSAGES.accountClosed, field: null };
  }
  if (error.field === 'email' || error.field === 'password')
    return { form: null, field: { name: error.field, message: error.message } };
  return { form: error.message, field: null };
}
