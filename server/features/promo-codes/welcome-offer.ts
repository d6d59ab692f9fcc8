/**
 * The welcome offer (docs/welcome-offer.md): the code FREECOINS, whose amounts follow the
 * configuration (WELCOME_PROMO_SWEEPS), applied at join when the player typed no code of their
 * own and WELCOME_OFFER_AT_JOIN is on. It goes through the promo-code feature like a typed code
 * (same checks, same 'promo' ledger entries keyed by the player, one use per player), so it is
 * credited once; a welcome code that cannot be used now (deactivated, ended, used up) is left out
 * silently, since the player asked for nothing.
 */
import { Hono } from 'hono';
import {
  WELCOME_OFFER_API_PATHS,
  WELCOME_PROMO_CODE,
  type WelcomeOfferResponse,
} from '../../../src/contract/welcome-offer.ts';
import { WALLET_ERROR_CODES } from '../../../src/contract/wallet.ts';
import type { Config } from '../../platform/config.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { centsToDisplay } from '../../core/ledger/money.ts';
import {
  applyJoinPromo,
  checkPromoCode,
  promoSettingsOf,
  recordJoinCode,
  type AppliedPromo,
} from './promo-codes.ts';

type WelcomeConfig = Pick<Config, 'welcomePromoSweepsCents' | 'goldOnly' | 'welcomeOfferAtJoin'>;

const isPromoProblem = (error: unknown): boolean =>
  error instanceof ApiError && error.code === WALLET_ERROR_CODES.INVALID_PROMO_CODE;

/** What a visitor joining now would get without typing a code; null when nothing applies. */
export async function currentWelcomeOffer(
  db: Queryable,
  config: WelcomeConfig,
  nowMs: number,
): Promise<WelcomeOfferResponse['welcome_offer']> {
  if (!config.welcomeOfferAtJoin) return null;
  try {
    const grant = await checkPromoCode(
      db,
      { code: WELCOME_PROMO_CODE, context: 'join', userId: null, nowMs },
      promoSettingsOf(config),
    );
    return {
      code: grant.code,
      quantity_gld: grant.goldCoins,
      quantity_ghc: centsToDisplay(grant.sweepsCents),
    };
  } catch (error) {
    if (isPromoProblem(error)) return null;
    throw error;
  }
}

/**
 * Join hook for a player who typed no code (create-user, inside the sign-up transaction, after
 * the user row): applies FREECOINS when the offer is on and the code usable, records it as the
 * player's join code, and answers what was applied (null when nothing was).
 */
export async function applyWelcomeOfferAtJoin(
  tx: Queryable,
  userId: string,
  nowMs: number,
  config: WelcomeConfig,
): Promise<AppliedPromo | null> {
  if (!config.welcomeOfferAtJoin) return null;
  let applied: AppliedPromo;
  try {
    applied = await applyJoinPromo(tx, userId, WELCOME_PROMO_CODE, nowMs, promoSettingsOf(config));
  } catch (error) {
    // A JavaScript throw before any failed statement: the transaction is still usable.
    if (isPromoProblem(error)) return null;
    throw error;
  }
  await recordJoinCode(tx, userId, applied.code);
  return applied;
}

/** GET /welcome-offer: public, so the home and join pages show the offer's real amounts. */
export function welcomeOfferRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  app.get(WELCOME_OFFER_API_PATHS.welcomeOffer, async (c) => {
    const answer: WelcomeOfferResponse = {
      welcome_offer: await currentWelcomeOffer(deps.db, deps.config, deps.now()),
    };
    // The same for every visitor and rarely changed: a minute in any cache is fine.
    c.header('Cache-Control', 'public, max-age=60');
    return c.json(answer);
  });
  return app;
}
