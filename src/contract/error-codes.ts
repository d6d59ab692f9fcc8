/**
 * The error codes shared by server and app, and the body of every error answer of the API:
 *   { code, message, field?, extra? }
 * `field` names the request field at fault (wire name), `extra` carries structured detail.
 * Kept apart from the catalogue's texts (errors.ts) because the app's API client, loaded at
 * start-up on every route, needs the codes and none of the texts.
 */
export const ERROR_CODES = {
  VALIDATION_ERROR: 'VALIDATION_ERROR',
  INVALID_JSON: 'INVALID_JSON',
  UNDERAGE: 'UNDERAGE',
  EXCLUDED_STATE: 'EXCLUDED_STATE',
  INVALID_POSTAL_CODE: 'INVALID_POSTAL_CODE',
  INVALID_BIRTH_DATE: 'INVALID_BIRTH_DATE',
  EMAIL_TAKEN: 'EMAIL_TAKEN',
  WEAK_PASSWORD: 'WEAK_PASSWORD',
  PASSWORD_MISMATCH: 'PASSWORD_MISMATCH',
  DUPLICATE_ACCOUNT: 'DUPLICATE_ACCOUNT',
  HOUSEHOLD_LIMIT: 'HOUSEHOLD_LIMIT',
  /** 400 field g_token at sign-up: the robot check is missing or refused; extra { reason } (contract/robot-check.ts). */
  ROBOT_CHECK_FAILED: 'ROBOT_CHECK_FAILED',
  INVALID_PROMO_CODE: 'INVALID_PROMO_CODE',
  INVALID_CREDENTIALS: 'INVALID_CREDENTIALS',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  NOT_AUTHENTICATED: 'NOT_AUTHENTICATED',
  TOKEN_EXPIRED: 'TOKEN_EXPIRED',
  REFRESH_FAILED: 'REFRESH_FAILED',
  INVALID_SIGN_IN_LINK: 'INVALID_SIGN_IN_LINK',
  CSRF_FAILED: 'CSRF_FAILED',
  PERMISSION_DENIED: 'PERMISSION_DENIED',
  ACCESS_CURRENTLY_UNAVAILABLE: 'ACCESS_CURRENTLY_UNAVAILABLE',
  ACCOUNT_CLOSED: 'ACCOUNT_CLOSED',
  INVALID_KEY_VAL: 'INVALID_KEY_VAL',
  IDEMPOTENCY_KEY_REQUIRED: 'IDEMPOTENCY_KEY_REQUIRED',
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
  NOT_FOUND: 'NOT_FOUND',
  METHOD_NOT_ALLOWED: 'METHOD_NOT_ALLOWED',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  INTERNAL_ERROR: 'INTERNAL_ERROR',
  /** 403 on most routes while the account's mobile verification is pending (src/contract/mobile-verification.ts). */
  MOBILE_VERIFICATION_REQUIRED: 'MOBILE_VERIFICATION_REQUIRED',
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export interface ApiErrorBody {
  code: string;
  message: string;
  field?: string | null;
  extra?: Record<string, unknown> | null;
}
