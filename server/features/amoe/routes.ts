/**
 * AMOE routes (player side): the robot-check challenge, a postal request code, the player's
 * postal requests and redeeming a code. Not mounted in gold-only mode (no Sweeps: 404 like any
 * unknown path). Issuing codes is the operator's (amoe-codes.ts, called by the operator console).
 */
import { Hono } from 'hono';
import {
  AMOE_API_PATHS,
  AmoePostalRequestCodeRequestSchema,
  AmoeRedeemRequestSchema,
  type AmoePostalRequestCodeResponse,
  type AmoePostalRequestsResponse,
  type AmoeRedeemResponse,
} from '../../../src/contract/amoe.ts';
import { transaction } from '../../db/transaction.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent } from '../../http/idempotency.ts';
import { readBody } from '../../http/validate.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { assertSweepsGrant } from '../../core/sweeps-eligibility.ts';
import { centsToDisplay } from '../../core/ledger/money.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { redeemAmoeCode } from './amoe-redeem.ts';
import { amoeCaptcha, type CaptchaProvider } from './captcha.ts';
import { robotCheckOf } from '../../core/robot-check.ts';
import { createPostalRequest, playerPostalRequests, readCommitted } from './postal-requests.ts';

/** The configured robot check (CAPTCHA_PROVIDER, server/core/robot-check.ts) with AMOE's answers. */
export const captchaProviderOf = (deps: Pick<AppDeps, 'config' | 'secrets'>): CaptchaProvider =>
  amoeCaptcha(robotCheckOf(deps));

export function amoeRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  if (deps.config.goldOnly) return app;
  const { db } = deps;
  const auth = requireAuth(deps);
  const captcha = captchaProviderOf(deps);

  app.get(AMOE_API_PATHS.captchaChallenge, auth, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(captcha.challenge(c.get('userId'), deps.now()));
  });

  app.post(AMOE_API_PATHS.postalRequestCode, auth, async (c) => {
    const userId = c.get('userId');
    const body = await readBody(c, AmoePostalRequestCodeRequestSchema);
    const nowMs = deps.now();
    // READ COMMITTED with the player's row lock (createPostalRequest): each statement after the
    // lock sees the player's latest requests, as in the wallet transaction.
    const created = await transaction(db, async (tx) => {
      await readCommitted(tx);
      await assertMayAct(tx, userId, 'bonus', nowMs);
      await assertSweepsGrant(tx, deps.config, userId);
      await captcha.verify(tx, { token: body.recaptcha_token, siteKey: body.site_key, userId, nowMs });
      return createPostalRequest(tx, { userId, amountCents: deps.config.amoeSweepsPerEntryCents, nowMs });
    });
    const answer: AmoePostalRequestCodeResponse = {
      postal_request_code: created.postalRequestCode,
      created_at: created.createdAt,
    };
    return c.json(answer, 201);
  });

  app.get(AMOE_API_PATHS.postalRequests, auth, async (c) => {
    const answer: AmoePostalRequestsResponse = { results: await playerPostalRequests(db, c.get('userId')) };
    return c.json(answer);
  });

  app.post(AMOE_API_PATHS.redeem, auth, idempotent(db, deps.now), async (c) => {
    const userId = c.get('userId');
    const body = await readBody(c, AmoeRedeemRequestSchema);
    const nowMs = deps.now();
    const { amountCents } = await walletTransaction(db, userId, (tx) =>
      redeemAmoeCode(tx, {
        userId,
        rawCode: body.code,
        nowMs,
        limits: { dailyLimit: deps.config.amoeDailyLimit, monthlyLimit: deps.config.amoeMonthlyLimit },
      }),
    );
    const answer: AmoeRedeemResponse = { amount_ghc: centsToDisplay(amountCents), amount_gld: 0 };
    return c.json(answer);
  });

  return app;
}
