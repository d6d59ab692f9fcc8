/**
 * Checking the player's identity verification: asks the server for the status (which asks the
 * provider about a pending decision first, docs/kyc.md) and reloads the player so every page
 * shows the state. Shared by the identity dialogs and My Account's identity section (CHECK
 * VERIFICATION), which are different features.
 *
 * The result call of a verification the frame reported is the player's identity submission, and
 * follows the app's one rule for a flaky link (docs/flaky-networks.md) with its auth response as
 * its key: the server answers a result it already decided with that decision and makes one
 * transition, so the same call is safe to send again. The auth response is kept among the
 * player's pending actions (IndexedDB) from the first try until an answer settles it; a lost
 * answer is sent again at once (twice), and one still kept is sent again before the next status
 * check (My Account, the identity dialog), also after a reload or when the app is reopened.
 */
import { API_PATHS } from '../contract/api-paths.ts';
import {
  KYC_API_PATHS,
  KYC_ERROR_CODES,
  KycResultSchema,
  KycStatusSchema,
  type KycFlow,
  type KycResult,
  type KycStatus,
} from '../contract/kyc.ts';
import { UserSchema } from '../contract/schemas.ts';
import { api, CLIENT_ERROR_CODES, isApiError } from '../lib/api-client.ts';
import { playerActions } from './player-actions.ts';
import { store } from './store.ts';

/** Tries of one result call while its answer is lost (the first included). */
export const KYC_RESULT_LOST_ANSWER_TRIES = 3;
const LOST_ANSWER_PAUSE_MS = 300;
const ACTION_PREFIX = 'kyc-result:';

const lostAnswer = (error: unknown): boolean =>
  isApiError(error) && error.status === 0 && error.code === CLIENT_ERROR_CODES.NETWORK_ERROR;

/** Whether a failed result call leaves the submission to be sent again (no decision yet, or no answer). */
const stillOpen = (error: unknown): boolean =>
  isApiError(error) &&
  (error.status === 0 || error.status >= 500 || error.code === KYC_ERROR_CODES.KYC_NO_DECISION);

/**
 * The result call for `authResponse`, kept until it is answered: a lost answer is sent again at
 * once; a decision or a final refusal lets it go; no decision yet, a 5xx or no answer keep it.
 */
export async function fetchKeptKycResult(flow: KycFlow, authResponse: string): Promise<KycResult> {
  // The player's pending actions (IndexedDB, or memory where it is refused).
  const actions = playerActions();
  const action = `${ACTION_PREFIX}${flow}`;
  const kept = await actions.find<{ authResponse?: unknown }>(action);
  // A newer verification of the same flow replaces an older one still kept.
  if (kept && kept.body.authResponse !== authResponse) await actions.settle(action);
  await actions.begin(action, { authResponse });
  for (let tries = 1; ; tries++) {
    try {
      const result = await api.get(KYC_API_PATHS.result(flow, authResponse), KycResultSchema, {
        handleErrors: false,
      });
      await actions.settle(action);
      return result;
    } catch (error) {
      if (lostAnswer(error) && tries < KYC_RESULT_LOST_ANSWER_TRIES) {
        await new Promise((resolve) => setTimeout(resolve, LOST_ANSWER_PAUSE_MS * tries));
        continue;
      }
      if (!stillOpen(error)) await actions.settle(action);
      throw error;
    }
  }
}

/** Sends again the result calls still kept for this player (their answers never came). */
async function sendKeptKycResults(): Promise<void> {
  const actions = playerActions();
  const kept = await actions.list();
  for (const entry of kept) {
    if (!entry.action.startsWith(ACTION_PREFIX)) continue;
    const flow = entry.action.slice(ACTION_PREFIX.length) as KycFlow;
    const authResponse = (entry.body as { authResponse?: unknown } | null)?.authResponse;
    if (typeof authResponse !== 'string') {
      await actions.settle(entry.action);
      continue;
    }
    await fetchKeptKycResult(flow, authResponse).catch(() => undefined);
  }
}

export async function checkIdentityVerification(): Promise<KycStatus> {
  await sendKeptKycResults();
  const status = await api.get(KYC_API_PATHS.status, KycStatusSchema, { handleErrors: false });
  const user = await api.get(API_PATHS.me, UserSchema, { handleErrors: false });
  store.session.user = user;
  return status;
}
