/**
 * The error catalogue shared by server and app. Every error answer of the API has this body:
 *   { code, message, field?, extra? }
 * `field` names the request field at fault (wire name), `extra` carries structured detail.
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

/** Fixed texts of the error catalogue (spec section 8). */
export const ERROR_TEXTS = {
  serverBusyTitle: 'Server Busy',
  serverBusy: 'Our system is currently experiencing a high load, please try again later.',
  permissionDeniedTitle: 'Permission Denied',
  accessUnavailableTitle: 'Access Currently Unavailable',
  accessUnavailable:
    'Our games are only available to players located in the United States. If you believe this is a mistake, please contact support.',
  genericTitle: 'Something Went Wrong',
  genericSignedIn:
    'Our system had a small hiccup. Please close and reopen your browser, then sign in again. If it keeps happening, contact support.',
  genericSignedOut: 'Our system had a small hiccup. Please close and reopen your browser and try again.',
  invalidKeyVal: 'Invalid key/val pair',
} as const;
