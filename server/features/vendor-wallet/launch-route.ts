/**
 * POST /games/:gameId/launch { currency } (signed in): opens a vendor session for a vendor game
 * and answers the launch URL the game page loads in its frame. Refused for an unknown or house
 * game (404), a game under maintenance or not taking the currency (409), a player who may not
 * play now (403, the play gate's refusal: PLAY_RESTRICTED during a break or self-exclusion, as a
 * house game's round start answers) and Sweeps for a player not eligible for them (403). Opening a session moves no coins, so no Idempotency-Key is needed:
 * a repeated call opens another session, and each session settles only its own bets.
 */
import { Hono } from 'hono';
import {
  GAME_ERROR_CODES,
  GAME_ID_PATTERN,
  GAMES_API_PATHS,
  VendorLaunchRequestSchema,
} from '../../../src/contract/games.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { checkText, readBody } from '../../http/validate.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { assertSweepsPlay } from '../../core/sweeps-eligibility.ts';
import { findLaunchableGame } from './vendor-game-lookup.ts';
import { vendorGameProvider } from './vendor-provider.ts';
import { openVendorSession } from './vendor-sessions.ts';

export function vendorLaunchRoutes(deps: AppDeps): Hono<AppEnv> {
  const { db, now, config } = deps;
  const routes = new Hono<AppEnv>();

  routes.post(GAMES_API_PATHS.vendorLaunchPattern, requireAuth(deps), async (c) => {
    const gameId = checkText(c.req.param('gameId'), 'gameId');
    const notFound = () => new ApiError(404, GAME_ERROR_CODES.GAME_NOT_FOUND, 'No vendor game with this id.');
    if (!GAME_ID_PATTERN.test(gameId)) throw notFound();
    const { currency } = await readBody(c, VendorLaunchRequestSchema);
    const nowMs = now();
    const game = await findLaunchableGame(db, gameId, nowMs);
    if (!game || game.kind !== 'vendor') throw notFound();
    if (game.underMaintenance)
      throw new ApiError(
        409,
        GAME_ERROR_CODES.GAME_UNDER_MAINTENANCE,
        'This game is under maintenance.',
        null,
        {
          maintenance_until:
            game.maintenanceUntilMs === null ? null : new Date(game.maintenanceUntilMs).toISOString(),
        },
      );
    if (game.disabledCurrencies.includes(currency))
      throw new ApiError(
        409,
        GAME_ERROR_CODES.GAME_CURRENCY_DISABLED,
        'This game cannot be played with this currency.',
        'currency',
      );
    const userId = c.get('userId');
    // A player who may not play now (a break or self-exclusion, a suspension, a W-9 or updated
    // terms awaited) gets no frame: the same refusal, code and message, as a house game's round.
    await assertMayAct(db, userId, 'play', nowMs);
    if (currency === 'sweeps') await assertSweepsPlay(db, config, userId);
    const provider = vendorGameProvider(deps);
    const session = await openVendorSession(db, { userId, gameId, currency, nowMs });
    return c.json({
      launch_url: provider.launchUrl({ token: session.token, gameId, currency }),
      vendor_origin: provider.origin,
      expires_at: session.expiresAt,
    });
  });

  return routes;
}
