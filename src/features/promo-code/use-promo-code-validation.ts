/**
 * Asks the server whether a promo code can be used here (POST promo-codes/validate) and keeps
 * the outcome: idle, checking, applied (with the coins it gives) or refused (with the reason).
 * Only the latest request counts, so a slow answer for an older code never wins.
 */
import { useCallback, useRef, useState } from 'react';
import {
  PromoCodeValidateResponseSchema,
  WALLET_API_PATHS,
  type PromoCodeValidateResponse,
  type PromoContext,
} from '../../contract/wallet.ts';
import { api, ApiError, CLIENT_ERROR_CODES } from '../../lib/api-client.ts';
import { isOnline } from '../../pwa/online-status.ts';
import { normalizePromoCode, promoCodeErrorMessage, promoCodeInputError, PROMO_FIELD_TEXTS } from './promo-code-rules.ts';

export type PromoCodeStatus = 'idle' | 'checking' | 'applied' | 'error';

export interface PromoCodeValidationState {
  status: PromoCodeStatus;
  /** The code as checked (normalised). */
  code: string | null;
  result: PromoCodeValidateResponse | null;
  error: string | null;
  /** The server's error code when it refused (INVALID_PROMO_CODE, PROMO_PURCHASE_TIME_LOCKED...). */
  errorCode: string | null;
}

const idle: PromoCodeValidationState = { status: 'idle', code: null, result: null, error: null, errorCode: null };

export interface UsePromoCodeValidation extends PromoCodeValidationState {
  /** Checks `raw`; resolves to the answer when the code can be used, else null. */
  apply: (raw: string) => Promise<PromoCodeValidateResponse | null>;
  /** Back to idle (the player edits or removes the code). */
  reset: () => void;
}

export function usePromoCodeValidation({ context, packageId }: { context: PromoContext; packageId?: string }): UsePromoCodeValidation {
  const [state, setState] = useState<PromoCodeValidationState>(idle);
  const latest = useRef(0);

  const apply = useCallback(
    async (raw: string): Promise<PromoCodeValidateResponse | null> => {
      const request = ++latest.current;
      const code = normalizePromoCode(raw);
      const inputError = promoCodeInputError(raw);
      if (inputError) {
        setState({ status: 'error', code, result: null, error: inputError, errorCode: null });
        return null;
      }
      if (!isOnline()) {
        setState({ status: 'error', code, result: null, error: PROMO_FIELD_TEXTS.offline, errorCode: CLIENT_ERROR_CODES.OFFLINE });
        return null;
      }
      setState({ status: 'checking', code, result: null, error: null, errorCode: null });
      try {
        const result = await api.post(
          WALLET_API_PATHS.promoCodeValidate,
          { code, context, ...(packageId ? { package_id: packageId } : {}) },
          PromoCodeValidateResponseSchema,
          // Refusals belong under the field, not in a catalogue dialog.
          { handleErrors: false, auth: context === 'purchase' },
        );
        if (request !== latest.current) return null;
        setState({ status: 'applied', code: result.code, result, error: null, errorCode: null });
        return result;
      } catch (e) {
        if (request !== latest.current) return null;
        const error = e instanceof ApiError ? e : new ApiError(0, CLIENT_ERROR_CODES.NETWORK_ERROR, PROMO_FIELD_TEXTS.failed);
        setState({ status: 'error', code, result: null, error: promoCodeErrorMessage(error), errorCode: error.code });
        return null;
      }
    },
    [context, packageId],
  );

  const reset = useCallback(() => {
    latest.current += 1;
    setState(idle);
  }, []);

  return { ...state, apply, reset };
}
