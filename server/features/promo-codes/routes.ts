/**
 * Promo code check for the UI: the join form (no sign-in) and the purchase flow (signed in; adds
 * the per-player use count and the promotional-purchase time lock). Applying happens at join
 * (create-user) and in the purchase transaction (creditPurchase), never through this call.
 */
import { Hono } from 'hono';
import {
  PromoCodeValidateRequestSchema,
  WALLET_API_PATHS,
  type PromoCodeValidateResponse,
} from '../../../src/contract/wallet.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { verifyAccessToken } from '../../http/auth.ts';
import { readBody } from '../../http/validate.ts';
import { centsToDisplay } from '../../core/ledger/money.ts';
import { checkPromoCode, promoSettingsOf } from './promo-codes.ts';

export function promoCodeRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();

  app.post(WALLET_API_PATHS.promoCodeValidate, async (c) => {
    const body = await readBody(c, PromoCodeValidateRequestSchema);
    let userId: string | null = null;
    if (body.context === 'purchase') {
      userId = await verifyAccessToken(deps.secrets.jwtSecret, c.req.header('Authorization'));
    }
    const grant = await checkPromoCode(
      deps.db,
      { code: body.code, context: body.context, userId, nowMs: deps.now() },
      promoSettingsOf(deps.config),
    );
    const answer: PromoCodeValidateResponse = {
      code: grant.code,
      valid: true,
      applies_at: grant.appliesAt,
      gold_coins: grant.goldCoins,
      sweeps_coins: centsToDisplay(grant.sweepsCents),
      display_sweeps_value: grant.displaySweepsValue,
      ends_at: grant.endsAt,
      description: grant.description,
    };
    return c.json(answer);
  });
  return app;
}
