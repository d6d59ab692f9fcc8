/** Starting a session under an Idempotency-Key (session-start-keys.ts): once per key, continued on retries. */
import type { Context } from 'hono';
import type { LoginResponse } from '../../../src/contract/schemas.ts';
import type { AppDeps } from '../deps.ts';
import type { UserRow } from '../users/users-repo.ts';
import {
  claimStartKey,
  completeStartKey,
  continueStartedSession,
  releaseStartKey,
  sessionIsLive,
  type StartKey,
} from './session-start-keys.ts';
import { startSession, startSessionWithId } from './start-session.ts';

/**
 * The session of this sign-in: without a key a new one (startSession); with a key claimed now a
 * new one, recorded under the key; with a key whose first request started a session of this
 * player that is still going, that session, continued.
 */
export async function startKeyedSession(
  deps: AppDeps,
  c: Context,
  user: UserRow,
  key: StartKey | null,
): Promise<LoginResponse> {
  if (!key) return startSession(deps, c, user);
  const claim = await claimStartKey(deps.db, key, deps.now);
  if (claim !== 'claimed') {
    if (claim.userId === user.id && (await sessionIsLive(deps, claim.sessionId, user.id)))
      return continueStartedSession(deps, c, user, claim);
    // The first attempt's session has ended since (signed out): this sign-in starts a new one.
    return startSession(deps, c, user);
  }
  try {
    const { answer, sessionId } = await startSessionWithId(deps, c, user);
    await completeStartKey(deps.db, key, answer, sessionId, deps.now());
    return answer;
  } catch (error) {
    await releaseStartKey(deps.db, key);
    throw error;
  }
}
