/**
 * The signed-in player's money actions under the app's one rule (lib/pending-actions.ts): one
 * Idempotency-Key per action, kept in IndexedDB for this player from the first try until its
 * outcome is known, so a retry, a second press, a reload or reopening the app replays the first
 * answer on the server instead of acting twice.
 */
import { isApiError } from '../lib/api-client.ts';
import { pendingActions, type PendingActions } from '../lib/pending-actions.ts';
import { store } from './store.ts';

/** The pending actions of the player signed in now. */
export const playerActions = (): PendingActions =>
  pendingActions(`player:${store.session.user?.id ?? 'anon'}`);

/**
 * Sends `action` with its kept key and first body (or a new key and `body` when none is pending),
 * and lets the key go on an answer or a final refusal. A lost answer (no HTTP answer), a 5xx or a
 * "try again" keeps it for the next try.
 */
export async function sendOnce<B, T>(
  action: string,
  body: B,
  send: (idempotencyKey: string, body: B) => Promise<T>,
): Promise<T> {
  const actions = playerActions();
  const pending = await actions.begin(action, body);
  try {
    const answer = await send(pending.key, pending.body);
    await actions.settle(action);
    return answer;
  } catch (e) {
    if (isApiError(e)) await actions.failed(action, e);
    throw e;
  }
}
