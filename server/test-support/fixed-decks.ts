/**
 * GAMES_TEST_MODE: browser and API tests choose the cards of the next solitaire round. The product
 * never lets a caller choose cards (start-options.ts refuses a testDeck); the test entries instead
 * mount POST /test/games/solitaire/next-deck, which queues a deck, and give the app a solitaire
 * engine that deals the queued decks in order, one per round started, before shuffling again.
 * The queue belongs to one app: a test server or one suite's harness.
 */
import { Hono } from 'hono';
import { array, object, size, string } from 'superstruct';
import { GAME_ENGINES, type EngineRegistry } from '../../games/engines/registry.ts';
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import type { AppEnv } from '../http/app-env.ts';
import { check, readJson } from '../http/validate.ts';

/** Under the API prefix; mounted only when GAMES_TEST_MODE is on. */
export const NEXT_SOLITAIRE_DECK_PATH = '/test/games/solitaire/next-deck';

/** 52 cards, top of stock last (the engine checks each card appears once). */
const NextDeckSchema = object({ deck: size(array(string()), 52, 52) });

export interface FixedDecks {
  /** The registry with solitaire dealing the queued decks. */
  engines: EngineRegistry;
  routes: Hono<AppEnv>;
}

export function fixedDecks(engines: EngineRegistry = GAME_ENGINES): FixedDecks {
  const queue: string[][] = [];
  const solitaire = engines[HOUSE_GAME_IDS.solitaire];
  if (!solitaire) throw new Error('the engine registry has no solitaire engine');
  const routes = new Hono<AppEnv>();
  routes.post(NEXT_SOLITAIRE_DECK_PATH, async (c) => {
    const { deck } = check(await readJson(c), NextDeckSchema);
    queue.push(deck);
    return c.json({ queued: queue.length });
  });
  return {
    engines: {
      ...engines,
      [HOUSE_GAME_IDS.solitaire]: {
        ...solitaire,
        // The deck is taken when the round's options are read, so a deck the engine refuses
        // (not the 52 cards) answers that round's start with 400 ILLEGAL_ACTION on testDeck.
        parseOptions: (raw: unknown) => {
          const deck = queue.shift();
          if (!deck) return solitaire.parseOptions(raw);
          return solitaire.parseOptions({
            ...(typeof raw === 'object' && raw !== null ? raw : {}),
            testDeck: deck,
          });
        },
      },
    },
    routes,
  };
}
