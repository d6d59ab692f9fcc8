/**
 * The operator console API (docs/api.md, "Operator console"), under /api/v1/operator. Every route
 * passes the operator edge first (no Authorization header: a player token is never an operator
 * credential; the operator CSRF token on unsafe methods), and every route but the sign-in and
 * the CSRF token needs a live operator session (./operator-session.ts). Each action runs with its
 * audit row in one transaction (./audit.ts).
 *
 * Sign-in is throttled like the players' (server/core/throttle.ts): every attempt is
 * counted before the password is looked at, per operator email + client address, per client
 * address and per operator email, under scopes of its own.
 */
import { MarketingMailingRequestSchema } from '../../../src/contract/communication-preferences.ts';
import { sendMarketingMailing } from '../communication-preferences/public.ts';
import { Hono, type Context } from 'hono';
import { normalizeEmail } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { PROPERTY_DEFAULTS } from '../../../src/contract/properties.ts';
import {
  GameMaintenanceSchema,
  IssueAmoeCodeSchema,
  OPERATOR_API_PATHS,
  OPERATOR_ROUTE_PATTERNS,
  OPERATOR_TEXTS,
  OperatorSignInSchema,
  PurchaseLimitDecreaseSchema,
  REDEMPTION_ACTIONS,
  RedemptionActionBodySchema,
  SetIdentitySchema,
  SetPropertySchema,
  type ActionAnswer,
  type OperatorProperty,
  type OperatorSession,
  type RedemptionAction,
} from '../../../src/contract/operator.ts';
import { AMOE_POSTAL_REQUEST_STATES, type AmoePostalRequestState } from '../../../src/contract/amoe.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { clientIp, throttleKeyOf, UNKNOWN_CLIENT } from '../../http/client-ip.ts';
import { checkText, readBody } from '../../http/validate.ts';
import { listPostalRequests } from '../amoe/public.ts';
import { secureCookies } from '../../core/sessions/start-session.ts';
import {
  enforceAttempts,
  refundAttempt,
  resetAttempts,
  type ThrottleCheck,
  type ThrottleRule,
} from '../../core/throttle.ts';
import { listGameRows } from '../games/public.ts';
import { configOverrides, readProperties } from '../../core/properties.ts';
import {
  listRedemptionsForReview,
  mailRedemptionStatus,
  redemptionMethodOf,
  sendPrizeOut,
} from '../redemption/public.ts';
import { listAudit, runOperatorAction, type ActionOutcome } from '../../core/audit.ts';
import { findOperatorByEmail } from './operators.ts';
import {
  clearOperatorCookies,
  endOperatorSession,
  ensureOperatorCsrf,
  findOperatorSession,
  notSignedIn,
  operatorCookieNames,
  operatorEdge,
  requireOperator,
  startOperatorSession,
  type OperatorAuthDeps,
  type OperatorEnv,
} from '../../core/sessions/operator-session.ts';
import { getCookie } from 'hono/cookie';
import {
  decreasePurchaseLimit,
  setGameMaintenance,
  setNamedProperty,
  setPlayerIdentity,
} from './player-actions.ts';
import { ruleOf } from './property-values.ts';
import { issueMailedAmoeCode, reviewRedemption } from './sweeps-actions.ts';
import { registerPromoOperatorRoutes } from '../promotions/public.ts';

const FIFTEEN_MINUTES = 15 * 60;
/** The players' sign-in limits, counted apart from theirs. */
export const OPERATOR_LOGIN_PER_ACCOUNT_AND_CLIENT: ThrottleRule = {
  scope: 'operator_login_account_ip',
  limit: 5,
  windowSeconds: FIFTEEN_MINUTES,
};
export const OPERATOR_LOGIN_PER_CLIENT: ThrottleRule = {
  scope: 'operator_login_ip',
  limit: 30,
  windowSeconds: FIFTEEN_MINUTES,
};
export const OPERATOR_LOGIN_PER_ACCOUNT: ThrottleRule = {
  scope: 'operator_login_account',
  limit: 20,
  windowSeconds: FIFTEEN_MINUTES,
};

function operatorLoginChecks(email: string, ip: string): ThrottleCheck[] {
  if (ip === UNKNOWN_CLIENT) return [[OPERATOR_LOGIN_PER_ACCOUNT, email]];
  return [
    [OPERATOR_LOGIN_PER_ACCOUNT_AND_CLIENT, `${email} ${ip}`],
    [OPERATOR_LOGIN_PER_CLIENT, ip],
    [OPERATOR_LOGIN_PER_ACCOUNT, email],
  ];
}

const MAX_LIST_LIMIT = 500;

function listLimit(c: Context): number | undefined {
  const raw = c.req.query('limit');
  if (raw === undefined) return undefined;
  if (!/^\d{1,4}$/.test(raw) || Number(raw) < 1 || Number(raw) > MAX_LIST_LIMIT)
    throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, `limit must be 1 to ${MAX_LIST_LIMIT}.`, 'limit');
  return Number(raw);
}

function statusQuery(c: Context, allowed: readonly string[]): string | undefined {
  const raw = c.req.query('status');
  if (raw === undefined || raw === '') return undefined;
  if (!allowed.includes(checkText(raw, 'status')))
    throw new ApiError(
      400,
      ERROR_CODES.VALIDATION_ERROR,
      `status must be one of ${allowed.join(', ')}.`,
      'status',
    );
  return raw;
}

const answer = (r: ActionOutcome & { auditId: string }): ActionAnswer => ({
  before: r.before,
  after: r.after,
  audit_id: r.auditId,
});

/** Where a prize-out stands after the server sent it to the provider (or polled it). */
const prizeOutAnswer = (r: {
  id: string;
  status: string;
  payout_reference?: unknown;
  rejection_reason: string | null;
}) => ({
  id: r.id,
  status: r.status,
  payout_reference: typeof r.payout_reference === 'string' ? r.payout_reference : null,
  rejection_reason: r.rejection_reason,
});

export function operatorRoutes(deps: AppDeps): Hono<OperatorEnv> {
  const app = new Hono<OperatorEnv>();
  const { db } = deps;
  const auth: OperatorAuthDeps = {
    db,
    csrfSecret: deps.secrets.csrfSecret,
    secure: secureCookies(deps),
    now: deps.now,
  };
  const signedIn = requireOperator(auth);
  const ipOf = (c: Context) => throttleKeyOf(clientIp(c, deps.config.trustProxy));
  const actor = (c: Context<OperatorEnv>) => ({
    operatorId: c.get('operator').operatorId,
    nowMs: deps.now(),
  });

  app.use('/operator/*', operatorEdge(auth));
  app.use('/operator', operatorEdge(auth));

  app.get(OPERATOR_API_PATHS.csrf, async (c) => {
    const token = getCookie(c, operatorCookieNames(auth.secure).session);
    const session = token ? await findOperatorSession(db, token, deps.now()) : null;
    return c.json({ csrf_token: ensureOperatorCsrf(auth, c, session?.sessionId ?? null) });
  });

  app.post(OPERATOR_API_PATHS.session, async (c) => {
    const body = await readBody(c, OperatorSignInSchema);
    const email = normalizeEmail(body.email);
    const checks = operatorLoginChecks(email, ipOf(c));
    // Counted before the password is looked at: past the limit even the right password is refused.
    await enforceAttempts(db, checks, deps.now());
    const operator = await findOperatorByEmail(db, email);
    if (!operator) {
      await deps.hasher.verifyDummy(body.password);
      throw new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, OPERATOR_TEXTS.signInFailed);
    }
    if (!(await deps.hasher.verify(body.password, operator.password_hash)).ok)
      throw new ApiError(401, ERROR_CODES.INVALID_CREDENTIALS, OPERATOR_TEXTS.signInFailed);
    for (const [rule, subject] of checks) {
      if (rule === OPERATOR_LOGIN_PER_ACCOUNT_AND_CLIENT) await resetAttempts(db, rule, subject);
      else await refundAttempt(db, rule, subject);
    }
    // A browser holds one operator session: the one its cookie named ends here.
    const previous = getCookie(c, operatorCookieNames(auth.secure).session);
    const previousSession = previous ? await findOperatorSession(db, previous, deps.now()) : null;
    if (previousSession) await endOperatorSession(db, previousSession.sessionId, deps.now());
    const session = await startOperatorSession(auth, c, operator.id);
    const out: OperatorSession = {
      operator: { id: operator.id, email: operator.email },
      csrf_token: session.csrfToken,
      expires_at: new Date(session.expiresAtMs).toISOString(),
    };
    return c.json(out);
  });

  app.get(OPERATOR_API_PATHS.session, signedIn, (c) => {
    const op = c.get('operator');
    const out: OperatorSession = {
      operator: { id: op.operatorId, email: op.email },
      csrf_token: ensureOperatorCsrf(auth, c, op.sessionId),
      expires_at: new Date(op.expiresAtMs).toISOString(),
    };
    return c.json(out);
  });

  app.delete(OPERATOR_API_PATHS.session, async (c) => {
    const token = getCookie(c, operatorCookieNames(auth.secure).session);
    const session = token ? await findOperatorSession(db, token, deps.now()) : null;
    if (!session) throw notSignedIn();
    if (c.get('csrfSessionId') !== session.sessionId)
      throw new ApiError(
        403,
        ERROR_CODES.CSRF_FAILED,
        'The CSRF token is not valid. Reload the page and try again.',
      );
    await endOperatorSession(db, session.sessionId, deps.now());
    clearOperatorCookies(c, auth.secure);
    return c.body(null, 204);
  });

  // Redemptions and mail-in codes exist only with Sweeps: not mounted in gold-only mode (404).
  if (!deps.config.goldOnly) {
    // ---- redemptions
    app.get(OPERATOR_API_PATHS.redemptions, signedIn, async (c) => {
      const status = statusQuery(c, ['pending', 'approved', 'sent', 'paid', 'cancelled', 'rejected']);
      return c.json({ results: await listRedemptionsForReview(db, { status, limit: listLimit(c) }) });
    });

    app.post(OPERATOR_ROUTE_PATTERNS.redemptionAction, signedIn, async (c) => {
      const id = checkText(c.req.param('id'), 'redemption_id');
      const action = c.req.param('action');
      if (!(REDEMPTION_ACTIONS as readonly string[]).includes(action))
        throw new ApiError(404, ERROR_CODES.NOT_FOUND, 'No such redemption action.');
      const body = await readBody(c, RedemptionActionBodySchema);
      const who = actor(c);
      // A prize-out is sent by the server to the prize-out provider: "mark sent" (and "mark paid")
      // on one sends it again or polls it, which is safe after a lost answer (paid once).
      if (action === 'mark-sent' || action === 'mark-paid') {
        if ((await redemptionMethodOf(db, id)) === 'prizeout')
          return c.json({ redemption: prizeOutAnswer(await sendPrizeOut(deps, id, who.operatorId)) });
      }
      const result = await runOperatorAction(
        db,
        who,
        reviewRedemption({
          redemptionId: id,
          action: action as RedemptionAction,
          reason: body.reason ?? null,
          nowMs: deps.now(),
        }),
      );
      // The player hears of the step once it committed (through the outbox / SMTP relay).
      await mailRedemptionStatus(
        { db, email: deps.email, logger: deps.logger, publicOrigin: deps.config.publicOrigin },
        result.redemption,
      );
      // An approved prize-out goes to the provider at once; a provider that does not answer
      // leaves it approved (503, the approval itself committed) for a later send.
      if (action === 'approve' && result.redemption.method === 'prizeout') {
        const sent = await sendPrizeOut(deps, id, who.operatorId);
        return c.json({ ...answer(result), redemption: prizeOutAnswer(sent) });
      }
      return c.json(answer(result));
    });

    // ---- AMOE
    app.get(OPERATOR_API_PATHS.amoeRequests, signedIn, async (c) => {
      const status = statusQuery(c, AMOE_POSTAL_REQUEST_STATES) as AmoePostalRequestState | undefined;
      return c.json({ results: await listPostalRequests(db, { status, limit: listLimit(c) }) });
    });

    app.post(OPERATOR_API_PATHS.amoeCodes, signedIn, async (c) => {
      const body = await readBody(c, IssueAmoeCodeSchema);
      const result = await runOperatorAction(
        db,
        actor(c),
        issueMailedAmoeCode({ postalRequestCode: body.postal_request_code, reason: null, nowMs: deps.now() }),
      );
      return c.json({
        ...answer(result),
        code: result.issued.code,
        user_id: result.issued.userId,
        amount_cents: result.issued.amountCents,
        delivered_at: result.issued.deliveredAt,
        expires_at: result.issued.expiresAt,
      });
    });
  }

  // ---- players
  app.post(OPERATOR_API_PATHS.identity, signedIn, async (c) => {
    const body = await readBody(c, SetIdentitySchema);
    const result = await runOperatorAction(db, actor(c), setPlayerIdentity({ ...body, nowMs: deps.now() }));
    return c.json(answer(result));
  });

  app.post(OPERATOR_API_PATHS.purchaseLimitDecrease, signedIn, async (c) => {
    const body = await readBody(c, PurchaseLimitDecreaseSchema);
    const result = await runOperatorAction(
      db,
      actor(c),
      decreasePurchaseLimit({
        email: body.email,
        period: body.period,
        amountUsd: body.amount_usd,
        reason: body.reason,
        nowMs: deps.now(),
      }),
    );
    return c.json(answer(result));
  });

  // ---- games
  app.get(OPERATOR_API_PATHS.games, signedIn, async (c) => {
    const rows = await listGameRows(db);
    return c.json({
      results: rows.map((r) => ({
        id: r.id,
        name: r.name,
        maintenance: r.maintenance,
        maintenance_until: r.maintenance_until === null ? null : new Date(r.maintenance_until).toISOString(),
      })),
    });
  });

  app.post(OPERATOR_ROUTE_PATTERNS.gameMaintenance, signedIn, async (c) => {
    const gameId = checkText(c.req.param('id'), 'game_id');
    const body = await readBody(c, GameMaintenanceSchema);
    const result = await runOperatorAction(
      db,
      actor(c),
      setGameMaintenance({
        gameId,
        on: body.on,
        until: body.until ?? null,
        reason: body.reason ?? null,
        nowMs: deps.now(),
      }),
    );
    return c.json(answer(result));
  });

  // ---- named properties
  app.get(OPERATOR_API_PATHS.properties, signedIn, async (c) => {
    const values = await readProperties(db, Object.keys(PROPERTY_DEFAULTS), configOverrides(deps.config));
    const results: OperatorProperty[] = values.map(({ key, value }) => {
      const rule = ruleOf(key);
      return { name: key, value, read_only: rule.readOnly, expected: rule.expected };
    });
    return c.json({ results });
  });

  app.put(OPERATOR_ROUTE_PATTERNS.property, signedIn, async (c) => {
    const name = checkText(c.req.param('name'), 'name');
    const body = await readBody(c, SetPropertySchema);
    const result = await runOperatorAction(
      db,
      actor(c),
      setNamedProperty({ name, value: body.value, reason: body.reason }),
    );
    return c.json(answer(result));
  });

  // ---- promotions (pop-ups and carousel slides)
  registerPromoOperatorRoutes(app, deps, signedIn, actor);

  // ---- audit
  app.get(OPERATOR_API_PATHS.audit, signedIn, async (c) =>
    c.json({ results: await listAudit(db, listLimit(c) ?? 50) }),
  );

  // ---- marketing mail (to the players whose communication preferences want its category)
  app.post(OPERATOR_API_PATHS.marketingMailings, signedIn, async (c) => {
    const body = await readBody(c, MarketingMailingRequestSchema);
    const mailing = {
      db,
      email: deps.email,
      publicOrigin: deps.config.publicOrigin,
      jwtSecret: deps.secrets.jwtSecret,
      now: deps.now,
    };
    const result = await sendMarketingMailing(mailing, c.get('operator').operatorId, body);
    deps.logger.info('marketing mail sent', { ...result, category: body.category });
    return c.json(result, 201);
  });

  return app;
}
