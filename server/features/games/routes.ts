/**
 * The games API (docs/api.md, "Games"): the public catalogue, and for a signed-in player the
 * rounds of the house games (generic start/act, the spec's instant-win and solitaire calls),
 * resume, recall and the provably fair seeds. Money-changing calls need an Idempotency-Key.
 */
import { Hono } from 'hono';
import { GAME_ENGINES } from '../../../games/engines/registry.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import {
  ClientSeedRequestSchema,
  GAME_ID_PATTERN,
  GAMES_API_PATHS,
  HOUSE_GAME_IDS,
  PurchaseInstantWinRequestSchema,
  PurchaseSolitaireRequestSchema,
  RedeemInstantWinRequestSchema,
  RoundActionRequestSchema,
  StartRoundRequestSchema,
  type GamesCatalogue,
} from '../../../src/contract/games.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent, requestKeyOf } from '../../http/idempotency.ts';
import { checkText, readBody } from '../../http/validate.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { findGameRow, listGameRows, parseGameMetadata, toWireGame } from './catalogue.ts';
import { fairnessState, rotateSeed, setClientSeed } from './fair-seeds.ts';
import { gameErrors } from './game-errors.ts';
import { findOpenRound, findRound, recentRounds, toRecalledRound, toRoundView } from './round-store.ts';
import { actOnRound, startRound, type RoundsDeps } from './rounds.ts';

/** The catalogue changes rarely (maintenance, a new game): players and the worker may reuse it briefly. */
const CATALOGUE_CACHE = 'public, max-age=30, stale-while-revalidate=300';
const ROUND_ID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A game id from the path: a bad one is simply an unknown game. */
const gameIdOf = (raw: string): string => {
  if (!GAME_ID_PATTERN.test(raw)) throw gameErrors.notFound();
  return raw;
};
const roundIdOf = (raw: string): string => {
  if (!ROUND_ID_PATTERN.test(raw)) throw gameErrors.roundNotFound();
  return raw;
};

export function gameRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const engines = deps.gameEngines ?? GAME_ENGINES;
  const rounds: RoundsDeps = { db: deps.db, now: deps.now, config: deps.config, engines };
  const auth = requireAuth(deps);
  const once = idempotent(deps.db, deps.now);

  app.get(GAMES_API_PATHS.catalogue, async (c) => {
    const nowMs = deps.now();
    const answer: GamesCatalogue = {
      results: (await listGameRows(deps.db)).map((r) => toWireGame(r, nowMs)),
    };
    c.header('Cache-Control', CATALOGUE_CACHE);
    return c.json(answer);
  });

  app.get(GAMES_API_PATHS.instantWinGames, async (c) => {
    const briefRaw = checkText(c.req.query('brief') ?? 'false', 'brief').toLowerCase();
    if (briefRaw !== 'true' && briefRaw !== 'false')
      throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'brief is true or false.', 'brief');
    const nowMs = deps.now();
    const games = (await listGameRows(deps.db))
      .filter((r) => parseGameMetadata(r.metadata).instantWin === true)
      .map((r) => toWireGame(r, nowMs));
    c.header('Cache-Control', CATALOGUE_CACHE);
    return c.json({
      results:
        briefRaw === 'true' ? games.map((g) => ({ id: g.id, name: g.name, metadata: g.metadata })) : games,
    });
  });

  app.post(GAMES_API_PATHS.startRoundPattern, auth, once, async (c) => {
    const gameId = gameIdOf(c.req.param('gameId'));
    const body = await readBody(c, StartRoundRequestSchema);
    const answer = await startRound(rounds, {
      userId: c.get('userId'),
      gameId,
      currency: body.currency,
      betValue: body.betValue,
      options: body.options,
      requestKey: requestKeyOf(c),
    });
    return c.json(answer, 201);
  });

  app.post(GAMES_API_PATHS.roundActionPattern, auth, once, async (c) => {
    const gameId = gameIdOf(c.req.param('gameId'));
    const roundId = roundIdOf(c.req.param('roundId'));
    const body = await readBody(c, RoundActionRequestSchema);
    return c.json(
      await actOnRound(rounds, {
        userId: c.get('userId'),
        gameId,
        roundId,
        action: body.action,
        requestKey: requestKeyOf(c),
      }),
    );
  });

  app.post(GAMES_API_PATHS.purchaseInstantWin, auth, once, async (c) => {
    const body = await readBody(c, PurchaseInstantWinRequestSchema);
    const answer = await startRound(rounds, {
      userId: c.get('userId'),
      gameId: body.gameId,
      currency: body.currency,
      betValue: body.betValue,
      options: {},
      requestKey: requestKeyOf(c),
      instantWinOnly: true,
    });
    return c.json(answer, 201);
  });

  app.post(GAMES_API_PATHS.redeemInstantWin, auth, once, async (c) => {
    const body = await readBody(c, RedeemInstantWinRequestSchema);
    const userId = c.get('userId');
    if (!ROUND_ID_PATTERN.test(body.ticketId)) throw gameErrors.roundNotFound();
    const ticket = await findRound(deps.db, { id: body.ticketId, userId });
    const game = ticket ? await findGameRow(deps.db, ticket.game_id) : null;
    if (!ticket || !game || parseGameMetadata(game.metadata).instantWin !== true)
      throw gameErrors.roundNotFound();
    const action: Record<string, unknown> = {
      type: 'redeem',
      numScratched: body.numScratched,
      numSpots: body.numSpots,
    };
    if (body.replayData !== undefined) action.replayData = body.replayData;
    return c.json(
      await actOnRound(rounds, {
        userId,
        gameId: ticket.game_id,
        roundId: ticket.id,
        action,
        requestKey: requestKeyOf(c),
      }),
    );
  });

  app.post(GAMES_API_PATHS.purchaseSolitaire, auth, once, async (c) => {
    const body = await readBody(c, PurchaseSolitaireRequestSchema);
    const gameId = HOUSE_GAME_IDS.solitaire;
    const raw: Record<string, unknown> = {
      noMovesBet: body.noMovesBet ?? 0,
      redOrBlackBet: body.redOrBlackBet ?? 0,
    };
    // Passed on so a chosen deck is refused by name (TEST_DECK_NOT_ALLOWED), never silently dropped.
    if (body.testDeck !== undefined) raw.testDeck = body.testDeck;
    const answer = await startRound(rounds, {
      userId: c.get('userId'),
      gameId,
      currency: body.currency,
      betValue: body.betValue,
      options: raw,
      requestKey: requestKeyOf(c),
    });
    return c.json(answer, 201);
  });

  app.get(GAMES_API_PATHS.openRoundPattern, auth, async (c) => {
    const gameId = gameIdOf(c.req.param('gameId'));
    const open = await findOpenRound(deps.db, c.get('userId'), gameId);
    return c.json({ round: open ? toRoundView(open, engines) : null });
  });

  app.get(GAMES_API_PATHS.recentRoundsPattern, auth, async (c) => {
    const gameId = gameIdOf(c.req.param('gameId'));
    const rows = await recentRounds(deps.db, c.get('userId'), gameId);
    return c.json({ results: rows.map((r) => toRecalledRound(r, engines)) });
  });

  app.get(GAMES_API_PATHS.allRecentRounds, auth, async (c) => {
    const rows = await recentRounds(deps.db, c.get('userId'), null);
    return c.json({ results: rows.map((r) => toRecalledRound(r, engines)) });
  });

  app.get(GAMES_API_PATHS.fairness, auth, async (c) => {
    const userId = c.get('userId');
    return c.json(await walletTransaction(deps.db, userId, (tx) => fairnessState(tx, userId, deps.now())));
  });

  app.put(GAMES_API_PATHS.fairnessClientSeed, auth, async (c) => {
    const body = await readBody(c, ClientSeedRequestSchema);
    const userId = c.get('userId');
    return c.json(
      await walletTransaction(deps.db, userId, (tx) =>
        setClientSeed(tx, userId, body.client_seed, deps.now()),
      ),
    );
  });

  app.post(GAMES_API_PATHS.fairnessRotate, auth, once, async (c) => {
    const userId = c.get('userId');
    return c.json(await walletTransaction(deps.db, userId, (tx) => rotateSeed(tx, userId, deps.now())));
  });

  return app;
}
