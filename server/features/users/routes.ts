/** Account creation and the signed-in player's own profile (get me, patch me, user_data). */
import { Hono } from 'hono';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  CreateUserRequestSchema,
  PatchMeRequestSchema,
  UserDataPatchSchema,
} from '../../../src/contract/schemas.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { check, readJson } from '../../http/validate.ts';
import { UNKNOWN_CLIENT, clientIp, throttleKeyOf } from '../../http/client-ip.ts';
import { startSession, startSessionWithId } from '../../core/sessions/start-session.ts';
import {
  claimStartKey,
  completeStartKey,
  continueStartedSession,
  releaseStartKey,
  sessionIsLive,
  startKeyOf,
} from '../../core/sessions/session-start-keys.ts';
import { enforceAttempts, SIGN_UP_PER_CLIENT } from '../../core/throttle.ts';
import { checkName, checkSignUp, insertUser } from './create-user.ts';
import { inspectJoinToken, spendJoinToken } from './join-robot-check.ts';
import { JOIN_SUBJECT, robotCheckOf } from '../../core/robot-check.ts';
import { mapUniqueViolation } from '../../core/users/user-uniqueness.ts';
import { checkUserDataEntry } from './user-data-rules.ts';
import { changeName, setUserData } from './profile-store.ts';
import { hasBirthDate, saveBirthDate } from '../account/public.ts';
import { settleAddressRequest } from '../payments/public.ts';
import { findUserById, toWireUser, type UserRow } from '../../core/users/users-repo.ts';

/** Total size of one player's user_data, serialised. */
export const USER_DATA_MAX_BYTES = 16 * 1024;

export function userRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const auth = requireAuth(deps);
  const signUpRule = { ...SIGN_UP_PER_CLIENT, limit: deps.config.signUpsPerAddressPerHour };
  const robotCheck = robotCheckOf(deps);

  const loadMe = async (id: string): Promise<UserRow> => {
    const user = await findUserById(db, id);
    if (!user) throw new ApiError(401, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in to continue.');
    return user;
  };

  // The join form's "I'm not a robot" challenge (no player yet: its subject is the join).
  app.get(API_PATHS.joinRobotCheck, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(robotCheck.challenge(JOIN_SUBJECT, deps.now()));
  });

  app.post(API_PATHS.users, async (c) => {
    const raw = await readJson(c);
    let body;
    try {
      body = check(raw, CreateUserRequestSchema);
    } catch (error) {
      // The three birth fields are one field on the form.
      if (error instanceof ApiError && error.field?.startsWith('birth_')) {
        throw new ApiError(
          400,
          ERROR_CODES.INVALID_BIRTH_DATE,
          'Please enter a valid date of birth.',
          'birth_date',
          error.extra,
        );
      }
      throw error;
    }
    const signUp = checkSignUp(body, deps.now());
    // A join retried after its answer was lost (same Idempotency-Key, same request) signs in to the
    // account its first request created instead of answering "email already in use".
    const startKey = startKeyOf(c, deps, 'join', raw);
    const claim = startKey ? await claimStartKey(db, startKey, deps.now) : null;
    if (claim && claim !== 'claimed') {
      const user = await loadMe(claim.userId);
      const live = await sessionIsLive(deps, claim.sessionId, user.id);
      return c.json(
        live ? await continueStartedSession(deps, c, user, claim) : await startSession(deps, c, user),
        201,
      );
    }
    try {
      // The robot check without the database, then the sign-up limit, both before the 128 MiB
      // scrypt: a robot or a burst of sign-ups from one address is refused, not hashed.
      const robotToken = inspectJoinToken(robotCheck, body, deps.now());
      const ip = throttleKeyOf(clientIp(c, deps.config.trustProxy));
      if (ip !== UNKNOWN_CLIENT) await enforceAttempts(db, [[signUpRule, ip]], deps.now());
      const hash = await deps.hasher.hash(signUp.password);
      const id = await insertUser(deps, signUp, hash, spendJoinToken(robotCheck, robotToken, deps.now()));
      deps.logger.info('account created', { user_id: id, state: signUp.state });
      const { answer, sessionId } = await startSessionWithId(deps, c, await loadMe(id));
      if (startKey) await completeStartKey(db, startKey, answer, sessionId, deps.now());
      return c.json(answer, 201);
    } catch (error) {
      if (startKey) await releaseStartKey(db, startKey);
      throw error;
    }
  });

  // A player pending mobile verification reads themselves (the app's guards need account_state).
  const authOrPendingMobile = requireAuth(deps, { allowPendingMobileVerification: true });
  app.get(API_PATHS.me, authOrPendingMobile, async (c) => {
    const id = c.get('userId');
    const user = await loadMe(id);
    if (!user.address_update_pending) return c.json(toWireUser(user));
    // A waiting address change is settled when its re-authentication is decided (docs/account.md).
    await settleAddressRequest(deps, id);
    return c.json(toWireUser(await loadMe(id)));
  });

  app.patch(API_PATHS.me, auth, async (c) => {
    const body = check(await readJson(c), PatchMeRequestSchema);
    const id = c.get('userId');
    // An owed birth date is saved first and alone: an under-age date closes the account (403).
    if (hasBirthDate(body)) await saveBirthDate(deps, id, body);
    const first = body.first_name === undefined ? undefined : checkName(body.first_name, 'first_name');
    const last = body.last_name === undefined ? undefined : checkName(body.last_name, 'last_name');
    if (first !== undefined || last !== undefined) {
      try {
        await changeName(db, id, { first, last }, deps.now());
      } catch (error) {
        throw mapUniqueViolation(error);
      }
    }
    return c.json(toWireUser(await loadMe(id)));
  });

  app.patch(API_PATHS.userData, auth, async (c) => {
    const raw = await readJson(c);
    const body = check(raw, UserDataPatchSchema);
    await checkUserDataEntry(db, raw, body);
    const id = c.get('userId');
    const saved = await setUserData(
      db,
      id,
      { key: body.key, value: body.value },
      deps.now(),
      USER_DATA_MAX_BYTES,
    );
    if (!saved) {
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        `Saved data is limited to ${USER_DATA_MAX_BYTES / 1024} KB per player.`,
        'value',
      );
    }
    return c.json(toWireUser(await loadMe(id)));
  });

  return app;
}
