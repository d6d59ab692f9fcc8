/**
 * The purchase side of identity verification: a purchase refused at the monthly threshold
 * (IDENTITY_VERIFICATION_REQUIRED, decided in server/features/payments/purchases.ts) marks the
 * player required. It runs in its own transaction after the purchase's has rolled back, so the
 * mark persists; the refusal then carries the player's state so the app shows the right message
 * (required: verify; pending: wait; rejected: contact support).
 */
import { PAYMENT_ERROR_CODES } from '../../../src/contract/payments.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireIdentityVerification } from './identity-state.ts';

/** Answers the error to throw: the same one, with extra.identity_state when it is the threshold refusal. */
export async function withIdentityRequirement(
  deps: AppDeps,
  userId: string,
  error: unknown,
): Promise<unknown> {
  if (!(error instanceof ApiError) || error.code !== PAYMENT_ERROR_CODES.IDENTITY_VERIFICATION_REQUIRED)
    return error;
  const state = await transaction(deps.db, (tx) => requireIdentityVerification(tx, userId, deps.now()));
  return new ApiError(
    error.status,
    error.code,
    error.message,
    error.field,
    { ...error.extra, identity_state: state },
    error.headers,
  );
}
