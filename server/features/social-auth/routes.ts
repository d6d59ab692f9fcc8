/**
 * Social sign-in routes (docs/social-sign-in.md): the attempt (nonce bound to this browser's
 * HttpOnly attempt cookie), the sign-in with the provider's ID token, account creation with the
 * provider auth token (the join rules of server/features/users/create-user.ts, no password), and
 * linking an identity to an existing account by its password (throttled as sign-in is: every
 * attempt counted before the password is checked).
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import { assign, enums, object, omit, optional, size, string, type Infer } from 'superstruct';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { normalizeEmail } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { CreateUserRequestSchema, type CreateUserRequest } from '../../../src/contract/schemas.ts';
import {
  accountFoundMessage,
  LINK_STRATEGIES,
  SOCIAL_ATTEMPT_COOKIE,
  SOCIAL_AUTH_ERROR_CODES,
  SOCIAL_AUTH_PATHS,
  SOCIAL_PROVIDERS,
  type SocialAttemptAnswer,
  type SocialProvider,
  type SocialSignInAnswer,
} from '../../../src/contract/social-auth.ts';
import { sqlState } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { accountClosed } from '../../http/auth.ts';
import { clientIp, throttleKeyOf, UNKNOWN_CLIENT } from '../../http/client-ip.ts';
import { check, readBody, readJson } from '../../http/validate.ts';
import {
  loginChecks,
  enforceAttempts,
  enforceLoginAttempts,
  forgiveLoginAttempts,
  SIGN_UP_PER_CLIENT,
  type ThrottleRule,
} from '../../core/throttle.ts';
import { startKeyedSession } from '../../core/sessions/keyed-session.ts';
import {
  claimStartKey,
  completeStartKey,
  continueStartedSession,
  releaseStartKey,
  sessionIsLive,
  startKeyOf,
} from '../../core/sessions/session-start-keys.ts';
import { secureCookies, startSession, startSessionWithId } from '../../core/sessions/start-session.ts';
import { checkSignUp, insertUser } from '../users/public.ts';
import { findUserByEmail, findUserById } from '../../core/users/users-repo.ts';
import { dataDeletionRoutes } from './data-deletion.ts';
import { invalidToken, TokenRejected, verifySignedToken } from './id-token.ts';
import { socialProviders } from './social-providers.ts';
import {
  attemptUsedUnderKey,
  claimAttempt,
  claimTicket,
  createAttempt,
  createTicket,
  draftOf,
  findOpenTicket,
  hasLinkedIdentity,
  insertIdentity,
  linkedProvidersOf,
  linkedUserOf,
  markSocialOnly,
  releaseTicket,
  sha256,
  ticketOfBrowser,
  type TicketRow,
  type VerifiedIdentity,
} from './social-store.ts';

const BROWSER_COOKIE_MAX_AGE = 24 * 60 * 60;
/** Sign-in attempts (popups opened) per client address in 15 minutes. */
export const SOCIAL_ATTEMPTS_PER_CLIENT: ThrottleRule = {
  scope: 'social_attempt_ip',
  limit: 60,
  windowSeconds: 15 * 60,
};
const TOKEN = size(string(), 1, 8192);
const TICKET = size(string(), 1, 256);

const AttemptRequestSchema = object({ provider: enums(SOCIAL_PROVIDERS) });
const SignInRequestSchema = object({ provider: enums(SOCIAL_PROVIDERS), id_token: TOKEN });
/** The account-creation payload with the provider auth token in place of the passwords. */
const SocialAccountRequestSchema = assign(
  omit(CreateUserRequestSchema, ['password1', 'password2', 'provider_auth_token']),
  object({ provider: enums(SOCIAL_PROVIDERS), provider_auth_token: TICKET }),
);
const LinkRequestSchema = object({
  google_auth_token: optional(TICKET),
  fb_auth_token: optional(TICKET),
  email: size(string(), 3, 254),
  password1: size(string(), 1, 256),
  password2: optional(size(string(), 0, 256)),
  strategy: enums(LINK_STRATEGIES),
});

const ticketInvalid = (field: string) =>
  new ApiError(
    400,
    SOCIAL_AUTH_ERROR_CODES.SOCIAL_TICKET_INVALID,
    'Your Google or Facebook sign-in has expired or was already used. Please continue with Google or Facebook again.',
    field,
  );
const nonceMismatch = () =>
  new ApiError(
    400,
    SOCIAL_AUTH_ERROR_CODES.SOCIAL_NONCE_MISMATCH,
    'This sign-in was not started in this browser, or was used already. Please try again.',
    'id_token',
  );
const alreadyLinked = (provider: SocialProvider) =>
  new ApiError(
    409,
    SOCIAL_AUTH_ERROR_CODES.SOCIAL_ALREADY_LINKED,
    provider === 'google'
      ? 'This account is linked to another Google account already.'
      : 'This account is linked to another Facebook account already.',
    null,
    { provider },
  );
const invalidCredentials = () =>
  new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, 'The email or password is incorrect.', 'password1');

const NAME_MAX = 60;
const cleanName = (v: unknown): string =>
  typeof v === 'string' ? v.normalize('NFC').trim().replace(/\s+/g, ' ').slice(0, NAME_MAX) : '';
const BIRTHDATE = /^\d{4}-\d{2}-\d{2}$/;

/** The identity a verified ID token names; refuses a token without a verified email. */
function identityOf(provider: SocialProvider, claims: Record<string, unknown>): VerifiedIdentity {
  const sub = claims.sub;
  const email = typeof claims.email === 'string' ? normalizeEmail(claims.email) : '';
  if (
    typeof sub !== 'string' ||
    sub.length === 0 ||
    sub.length > 255 ||
    email.length < 3 ||
    email.length > 254
  )
    throw invalidToken('malformed', 'id_token');
  if (claims.email_verified !== true)
    throw new ApiError(
      400,
      SOCIAL_AUTH_ERROR_CODES.SOCIAL_TOKEN_INVALID,
      'Your email address is not verified with the provider. Verify it there, or join with your email.',
      'id_token',
      { problem: 'email_unverified' },
    );
  let first = cleanName(claims.given_name);
  let last = cleanName(claims.family_name);
  if (!first && !last && typeof claims.name === 'string') {
    const [head = '', ...rest] = cleanName(claims.name).split(' ');
    first = head;
    last = rest.join(' ');
  }
  const picture =
    typeof claims.picture === 'string' && /^https?:\/\//.test(claims.picture) && claims.picture.length <= 2048
      ? claims.picture
      : null;
  const birthdate =
    typeof claims.birthdate === 'string' && BIRTHDATE.test(claims.birthdate) ? claims.birthdate : null;
  return { provider, subject: sub, email, first_name: first, last_name: last, picture, birthdate };
}

export function socialAuthRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // One key cache for sign-in and the deletion callback, so a key rotation is fetched once.
  const providers = socialProviders(deps);
  const { db } = deps;
  const secure = secureCookies(deps);
  const ipOf = (c: Context) => throttleKeyOf(clientIp(c, deps.config.trustProxy));
  const signUpRule = { ...SIGN_UP_PER_CLIENT, limit: deps.config.signUpsPerAddressPerHour };
  const cookiePath = `${API_PREFIX}/social`;

  /** The hash of this browser's attempt cookie, null without one. */
  const browserOf = (c: Context): string | null => {
    const value = getCookie(c, SOCIAL_ATTEMPT_COOKIE);
    return value && /^[A-Za-z0-9_-]{43}$/.test(value) ? sha256(value) : null;
  };

  const openTicket = async (c: Context, token: string, field: string): Promise<TicketRow> => {
    const browser = browserOf(c);
    const ticket = browser ? await findOpenTicket(db, token, browser, deps.now()) : null;
    if (!ticket) throw ticketInvalid(field);
    return ticket;
  };

  app.post(SOCIAL_AUTH_PATHS.attempts, async (c) => {
    const { provider } = await readBody(c, AttemptRequestSchema);
    // Each attempt is a row: a client address starts a bounded number of them.
    const ip = ipOf(c);
    if (ip !== UNKNOWN_CLIENT) await enforceAttempts(db, [[SOCIAL_ATTEMPTS_PER_CLIENT, ip]], deps.now());
    let secret = getCookie(c, SOCIAL_ATTEMPT_COOKIE);
    if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) secret = randomBytes(32).toString('base64url');
    // The cookie names the browser (not one attempt): tickets from an earlier attempt stay usable.
    setCookie(c, SOCIAL_ATTEMPT_COOKIE, secret, {
      httpOnly: true,
      secure,
      sameSite: 'Lax',
      path: cookiePath,
      maxAge: BROWSER_COOKIE_MAX_AGE,
    });
    const nonce = await createAttempt(db, provider, sha256(secret), deps.now());
    const answer: SocialAttemptAnswer = {
      provider,
      nonce,
      authorize_url: providers.authorizeUrl(provider, nonce),
      provider_origin: providers.origin,
    };
    return c.json(answer, 201);
  });

  app.post(SOCIAL_AUTH_PATHS.signIn, async (c) => {
    const { provider, id_token } = await readBody(c, SignInRequestSchema);
    // A retry of a sign-in whose answer was lost (same key, same token, same browser) is answered
    // again: a linked identity continues the session the first request started.
    const startKey = startKeyOf(c, deps, 'social_sign_in', { provider, id_token });
    let claims: Record<string, unknown>;
    try {
      claims = await verifySignedToken(id_token, providers.keys, {
        issuer: providers.issuer(provider),
        audience: deps.config.socialClientId,
        nowMs: deps.now(),
      });
    } catch (error) {
      if (error instanceof TokenRejected) throw invalidToken(error.problem, 'id_token');
      throw error;
    }
    const browser = browserOf(c);
    const nonce = claims.nonce;
    // The nonce must be this browser's own open attempt, and works once: a replayed or stolen
    // token fails here. Only the request that used it, sent again with its key, passes again.
    if (typeof nonce !== 'string' || !browser) throw nonceMismatch();
    const used =
      (await claimAttempt(db, provider, nonce, browser, deps.now(), startKey?.keyHash ?? null)) ||
      (startKey !== null &&
        (await attemptUsedUnderKey(db, provider, nonce, browser, startKey.keyHash, deps.now())));
    if (!used) throw nonceMismatch();
    const identity = identityOf(provider, claims);

    const linked = await linkedUserOf(db, provider, identity.subject);
    if (linked) {
      const user = await findUserById(db, linked);
      if (!user) throw nonceMismatch();
      if (user.account_state === 'closed') throw accountClosed(user.closed_reason);
      const answer: SocialSignInAnswer = {
        result: 'signed_in',
        session: await startKeyedSession(deps, c, user, startKey),
      };
      return c.json(answer);
    }
    // Not linked: a retry gets a ticket of its own for the same identity and browser.
    const token = await createTicket(db, identity, browser, deps.now());
    const existing = await findUserByEmail(db, identity.email);
    if (existing) {
      const already = await linkedProvidersOf(db, existing.id);
      const answer: SocialSignInAnswer = {
        result: 'link_required',
        provider,
        provider_auth_token: token,
        email: identity.email,
        linked_providers: already,
        message: accountFoundMessage(provider, identity.email, already),
      };
      return c.json(answer);
    }
    const answer: SocialSignInAnswer = { result: 'profile_required', ...draftOf(identity, token) };
    return c.json(answer);
  });

  app.post(SOCIAL_AUTH_PATHS.accounts, async (c) => {
    const raw = await readJson(c);
    let body;
    try {
      body = check(raw, SocialAccountRequestSchema);
    } catch (error) {
      // The three birth fields are one field on the form, as on the join form.
      if (error instanceof ApiError && error.field?.startsWith('birth_'))
        throw new ApiError(
          400,
          ERROR_CODES.INVALID_BIRTH_DATE,
          'Please enter a valid date of birth.',
          'birth_date',
        );
      throw error;
    }
    // Retried after its answer was lost (same key, same request with its secret ticket, same
    // browser): signs in to the account the first request created instead of "ticket used".
    const startKey = startKeyOf(c, deps, 'social_join', raw);
    const claim = startKey ? await claimStartKey(db, startKey, deps.now) : null;
    if (claim && claim !== 'claimed') {
      const browser = browserOf(c);
      if (!browser || !(await ticketOfBrowser(db, body.provider_auth_token, browser)))
        throw ticketInvalid('provider_auth_token');
      const user = await findUserById(db, claim.userId);
      if (!user) throw ticketInvalid('provider_auth_token');
      if (user.account_state === 'closed') throw accountClosed(user.closed_reason);
      const live = await sessionIsLive(deps, claim.sessionId, user.id);
      return c.json(
        live ? await continueStartedSession(deps, c, user, claim) : await startSession(deps, c, user),
        201,
      );
    }
    try {
      const { answer, sessionId } = await createSocialAccount(c, body);
      if (startKey) await completeStartKey(db, startKey, answer, sessionId, deps.now());
      return c.json(answer, 201);
    } catch (error) {
      if (startKey) await releaseStartKey(db, startKey);
      throw error;
    }
  });

  /** Creates the account of a verified identity not linked yet and starts its session. */
  const createSocialAccount = async (c: Context, body: Infer<typeof SocialAccountRequestSchema>) => {
    const ticket = await openTicket(c, body.provider_auth_token, 'provider_auth_token');
    if (ticket.provider !== body.provider) throw ticketInvalid('provider_auth_token');
    if (normalizeEmail(body.email) !== ticket.email)
      throw new ApiError(
        400,
        SOCIAL_AUTH_ERROR_CODES.SOCIAL_EMAIL_MISMATCH,
        'The email must be the one your Google or Facebook account shared.',
        'email',
      );
    // No password of its own: an unguessable one nobody knows keeps the password sign-in closed.
    const unusable = `Sx9!${randomBytes(24).toString('base64url')}`;
    const request: CreateUserRequest = {
      ...body,
      email: ticket.email,
      password1: unusable,
      password2: unusable,
      profile_pic: ticket.picture,
    };
    const signUp = checkSignUp(request, deps.now());
    const ip = ipOf(c);
    if (ip !== UNKNOWN_CLIENT) await enforceAttempts(db, [[signUpRule, ip]], deps.now());
    if (await findUserByEmail(db, ticket.email))
      throw new ApiError(
        409,
        SOCIAL_AUTH_ERROR_CODES.SOCIAL_LINK_REQUIRED,
        accountFoundMessage(ticket.provider, ticket.email, []),
        'email',
      );
    if (!(await claimTicket(db, ticket.token_hash, deps.now()))) throw ticketInvalid('provider_auth_token');
    let id: string;
    try {
      id = await insertUser(deps, signUp, await deps.hasher.hash(unusable));
    } catch (error) {
      // Nothing was created: the player may fix the form and send it again with the same token.
      await releaseTicket(db, ticket.token_hash);
      throw error;
    }
    await transaction(db, async (tx) => {
      await markSocialOnly(tx, id);
      await insertIdentity(tx, id, ticket, deps.now());
    });
    deps.logger.info('account created with social sign-in', { user_id: id, provider: ticket.provider });
    const user = await findUserById(db, id);
    if (!user) throw new Error('created user not found');
    return startSessionWithId(deps, c, user);
  };

  app.post(SOCIAL_AUTH_PATHS.link, async (c) => {
    const body = await readBody(c, LinkRequestSchema);
    const given = [body.google_auth_token ? 'google' : null, body.fb_auth_token ? 'facebook' : null].filter(
      (p): p is SocialProvider => p !== null,
    );
    if (given.length !== 1)
      throw new ApiError(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        'Send one of google_auth_token or fb_auth_token.',
        'google_auth_token',
      );
    const provider = given[0]!;
    const field = provider === 'google' ? 'google_auth_token' : 'fb_auth_token';
    const token = (provider === 'google' ? body.google_auth_token : body.fb_auth_token)!;
    if ((body.password2 ?? body.password1) !== body.password1)
      throw new ApiError(400, ERROR_CODES.PASSWORD_MISMATCH, 'The passwords do not match.', 'password2');
    const email = normalizeEmail(body.email);
    const checks = loginChecks(email, ipOf(c));
    // Counted as sign-in attempts, before the password is looked at: linking is no way around the sign-in limits.
    await enforceLoginAttempts(db, checks, deps.now());
    const refund = () => forgiveLoginAttempts(db, checks);
    // Retried after its answer was lost (same key, same request, same browser): the password is
    // checked again, then the session the first request started is continued ("ticket used" before).
    const startKey = startKeyOf(c, deps, 'social_link', body);
    const claim = startKey ? await claimStartKey(db, startKey, deps.now) : null;
    if (claim && claim !== 'claimed') {
      const browser = browserOf(c);
      const user = await findUserById(db, claim.userId);
      if (!browser || !(await ticketOfBrowser(db, token, browser)) || !user) throw ticketInvalid(field);
      if (!(await deps.hasher.verify(body.password1, user.password_hash)).ok) throw invalidCredentials();
      if (user.account_state === 'closed') throw accountClosed(user.closed_reason);
      await refund();
      const live = await sessionIsLive(deps, claim.sessionId, user.id);
      return c.json(
        live ? await continueStartedSession(deps, c, user, claim) : await startSession(deps, c, user),
      );
    }
    try {
      const { answer, sessionId } = await linkIdentity(c, {
        provider,
        field,
        token,
        email,
        password: body.password1,
      });
      await refund();
      if (startKey) await completeStartKey(db, startKey, answer, sessionId, deps.now());
      return c.json(answer);
    } catch (error) {
      if (startKey) await releaseStartKey(db, startKey);
      throw error;
    }
  });

  /** Links the ticket's identity to the account whose password is given, and starts its session. */
  const linkIdentity = async (
    c: Context,
    {
      provider,
      field,
      token,
      email,
      password,
    }: {
      provider: SocialProvider;
      field: string;
      token: string;
      email: string;
      password: string;
    },
  ) => {
    const ticket = await openTicket(c, token, field);
    if (ticket.provider !== provider) throw ticketInvalid(field);
    if (ticket.email !== email)
      throw new ApiError(
        400,
        SOCIAL_AUTH_ERROR_CODES.SOCIAL_EMAIL_MISMATCH,
        'The email must be the one your Google or Facebook account shared.',
        'email',
      );
    const user = await findUserByEmail(db, email);
    if (!user) {
      await deps.hasher.verifyDummy(password);
      throw invalidCredentials();
    }
    const verdict = await deps.hasher.verify(password, user.password_hash);
    if (!verdict.ok) throw invalidCredentials();
    if (user.account_state === 'closed') throw accountClosed(user.closed_reason);
    await transaction(db, async (tx) => {
      if (await hasLinkedIdentity(tx, user.id, provider)) throw alreadyLinked(provider);
      if (!(await claimTicket(tx, ticket.token_hash, deps.now()))) throw ticketInvalid(field);
      try {
        await insertIdentity(tx, user.id, ticket, deps.now());
      } catch (error) {
        if (sqlState(error) === '23505') throw alreadyLinked(provider);
        throw error;
      }
    });
    deps.logger.info('social identity linked', { user_id: user.id, provider });
    return startSessionWithId(deps, c, user);
  };

  app.route('/', dataDeletionRoutes(deps, providers));
  return app;
}
