/**
 * The error catalogue shared by server and app: the codes and the error body (error-codes.ts), and
 * the catalogue's fixed texts.
 */
export { ERROR_CODES, type ErrorCode, type ApiErrorBody } from './error-codes.ts';

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
