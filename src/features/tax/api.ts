/**
 * The W-9 calls (src/contract/tax.ts): the player's W-9 status through SWR, the W-9 form and the
 * W-9 info confirmation. Field errors come back to the caller (handleErrors false) to be shown
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
import { api } from '../../lib/api-client.ts';
import { useApiGet } from '../../lib/swr.tsx';

export function useW9Status(signedIn: boolean) {
  return useApiGet(signedIn ? TAX_API_PATHS.w9 : null, W9StatusResponseSchema, { handleErrors: false });
}

export const submitW9Form = (form: W9CreateRequest): Promise<W9StatusResponse> =>
  api.post(TAX_API_PATHS.w9, form, W9StatusResponseSchema, { handleErrors: false });

export const confirmW9Info = (info: W9ConfirmRequest): Promise<W9ConfirmResponse> =>
  api.post(TAX_API_PATHS.w9Confirm, info, W9ConfirmResponseSchema, { handleErrors: false });
