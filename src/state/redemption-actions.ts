/**
 * Redemption actions (spec sections 4 and 7): request a redemption or a cash out, cancel a pending
 * one, and reload the player and balances after either. The redemption list itself is server data
 * in SWR (features/redemption/use-redemptions.ts). The callers send them through
 * state/player-actions.ts (sendOnce): one Idempotency-Key per request until its outcome is known,
 * kept across reloads, so a retry after a lost answer cannot redeem or cancel twice.
 */
import { API_PATHS } from '../contract/api-paths.ts';
import {
  CashOutAnswerSchema,
  REDEMPTION_ANALYTICS_EVENT,
  REDEMPTION_API_PATHS,
  RedemptionCancelledSchema,
  RedemptionCreatedSchema,
  type CashOutAnswer,
  type Redemption,
  type RedemptionCancelled,
  type RedemptionCreated,
  type RedemptionRequest,
} from '../contract/redemption.ts';
import { UserSchema } from '../contract/schemas.ts';
import { api } from '../lib/api-client.ts';
import { fetchBalances, setBalances } from './balances-actions.ts';
import { store } from './store.ts';
import { trackEvent } from '../lib/analytics.ts';

/** The spec's 'redemption' analytics event: method and value, never the payout details. */
export function pushRedemptionEvent(r: Redemption): void {
  trackEvent(REDEMPTION_ANALYTICS_EVENT, {
    redemption_id: r.id,
    method: r.method,
    cash_out: r.cash_out,
    value_usd: r.usd,
    amount_ghc: r.amount_ghc,
    user_id: store.session.user?.id ?? null,
  });
}

/** After a request or cancel: the header's balances and the user (identity, W-9 state) from the server. */
export async function reloadPlayerAfterRedemption(): Promise<void> {
  const [user, balances] = await Promise.allSettled([
    api.get(API_PATHS.me, UserSchema, { handleErrors: false }),
    fetchBalances(),
  ]);
  if (user.status === 'fulfilled') store.session.user = user.value;
  if (balances.status === 'fulfilled' && !store.balances.delayed) setBalances(balances.value);
}

/**
 * Sends a redemption request. Errors are thrown for the page to explain (field errors inline,
 * identity and W-9 through their dialogs); the catalogue still shows 403/429/5xx dialogs.
 */
export async function submitRedemption(body: RedemptionRequest, key: string): Promise<RedemptionCreated> {
  const answer = await api.post(REDEMPTION_API_PATHS.create, body, RedemptionCreatedSchema, {
    idempotencyKey: key,
    handleErrors: false,
  });
  pushRedemptionEvent(answer.redemption);
  void reloadPlayerAfterRedemption();
  return answer;
}

export async function submitCashOut(amount: number, key: string): Promise<CashOutAnswer> {
  const answer = await api.post(REDEMPTION_API_PATHS.cashOut, { amount }, CashOutAnswerSchema, {
    idempotencyKey: key,
    handleErrors: false,
  });
  pushRedemptionEvent(answer.redemption);
  void reloadPlayerAfterRedemption();
  return answer;
}

/** Cancels a pending redemption; on success the caller reloads the list, this reloads the user. */
export async function cancelPendingRedemption(
  redemptionId: string,
  key: string,
): Promise<RedemptionCancelled> {
  const answer = await api.post(
    REDEMPTION_API_PATHS.cancel,
    { redemption_id: redemptionId },
    RedemptionCancelledSchema,
    { idempotencyKey: key, handleErrors: false },
  );
  await reloadPlayerAfterRedemption();
  return answer;
}
