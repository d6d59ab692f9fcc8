/**
 * The W-9 calls (src/contract/tax.ts): the player's W-9 status through SWR, the W-9 form and the
 * W-9 info confirmation (each with its kept Idempotency-Key, see sendW9). Field errors come back to the caller (handleErrors false) to be shown
 * under their fields; a standing block (suspended) still opens its dialog (lib/api-client.ts).
 */
import {
  TAX_API_PATHS,
  W9ConfirmResponseSchema,
  W9StatusResponseSchema,
  type W9ConfirmRequest,
  type W9ConfirmResponse,
  type W9CreateRequest,
  type W9StatusResponse,
} from '../../contract/tax.ts';
import { ERROR_CODES } from '../../contract/error-codes.ts';
import { api, ApiError, CLIENT_ERROR_CODES, isApiError } from '../../lib/api-client.ts';
import { useApiGet } from '../../lib/swr.tsx';

export function useW9Status(signedIn: boolean) {
  return useApiGet(signedIn ? TAX_API_PATHS.w9 : null, W9StatusResponseSchema, { handleErrors: false });
}

/** The names of the W-9 submissions among the player's pending actions. */
const W9_ACTIONS = { form: 'w9-form', confirm: 'w9-confirm' } as const;

/**
 * Sends a W-9 call under the app's one rule (state/player-actions.ts): one Idempotency-Key per
 * submission, kept in IndexedDB from the first try until its outcome is known, so Submit pressed
 * again (or after a reload) with the same form is answered from the first on the server: one
 * form written, one decision. The kept entry holds the key only (never the form: it carries the
 * last four SSN digits); the form sent is the one on screen. When it differs from the one first
 * sent under the key (the player corrected it), the server refuses the key (409
 * IDEMPOTENCY_KEY_REUSED, which settles it) and the corrected form goes once more under a new key.
 * The kept-key sender loads with the first submit, not with the page.
 */
async function sendW9<T>(action: string, send: (idempotencyKey: string) => Promise<T>): Promise<T> {
  const { sendOnce } = await import('../../state/player-actions.ts').catch(() => {
    throw new ApiError(
      0,
      CLIENT_ERROR_CODES.NETWORK_ERROR,
      'We could not reach our servers. Please try again.',
    );
  });
  try {
    return await sendOnce(action, {}, (key) => send(key));
  } catch (error) {
    if (isApiError(error) && error.code === ERROR_CODES.IDEMPOTENCY_KEY_REUSED)
      return sendOnce(action, {}, (key) => send(key));
    throw error;
  }
}

export const submitW9Form = (form: W9CreateRequest): Promise<W9StatusResponse> =>
  sendW9(W9_ACTIONS.form, (idempotencyKey) =>
    api.post(TAX_API_PATHS.w9, form, W9StatusResponseSchema, { handleErrors: false, idempotencyKey }),
  );

export const confirmW9Info = (info: W9ConfirmRequest): Promise<W9ConfirmResponse> =>
  sendW9(W9_ACTIONS.confirm, (idempotencyKey) =>
    api.post(TAX_API_PATHS.w9Confirm, info, W9ConfirmResponseSchema, { handleErrors: false, idempotencyKey }),
  );
