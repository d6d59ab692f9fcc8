/** The error line a game page shows: the host's refusal as the API worded it, or a plain fallback. */
import { GameCallError } from './host-bridge.ts';

export interface ShownError {
  code: string;
  message: string;
}

export const FALLBACK_ERROR_MESSAGE = 'Something went wrong. Please try again.';

export function shownErrorOf(reason: unknown, fallback: string = FALLBACK_ERROR_MESSAGE): ShownError {
  if (reason instanceof GameCallError) return { code: reason.code, message: reason.message };
  return { code: 'ERROR', message: fallback };
}

/** An answered refusal is final for its idempotency key; a lost answer (status 0) or a server error is not. */
export const isFinalRefusal = (reason: unknown): boolean =>
  reason instanceof GameCallError && reason.status !== 0 && reason.status < 500;
