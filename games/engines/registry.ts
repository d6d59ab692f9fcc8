/**
 * Which engine decides which house game: the server runs rounds through it, the RTP tool
 * simulates it and the fairness panel replays with it. A game id missing here has no engine
 * (the vendor game, or a house game whose engine is not written yet): the server refuses to start
 * its rounds with GAME_NOT_FOUND.
 */
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { blackjackEngine } from './blackjack.ts';
import { SCRATCH_CARD_DECLARED_RTP, scratchCardEngine } from './scratch-card.ts';
import { SLOTS_DECLARED_RTP, slotsEngine } from './slots.ts';
import { SOLITAIRE_DECLARED_RTP, solitaireEngine } from './solitaire.ts';
import type { GameEngine } from './types.ts';
import { VIDEO_POKER_DECLARED_RTP, videoPokerEngine } from './video-poker.ts';

/** An engine of any game, as the server sees it: states, actions and options are opaque JSON. */
export type AnyGameEngine = GameEngine<unknown, unknown, unknown>;

export type EngineRegistry = Readonly<Record<string, AnyGameEngine>>;

export const GAME_ENGINES: EngineRegistry = {
  [HOUSE_GAME_IDS.scratchCard]: scratchCardEngine,
  [HOUSE_GAME_IDS.slots]: slotsEngine,
  [HOUSE_GAME_IDS.blackjack]: blackjackEngine,
  [HOUSE_GAME_IDS.videoPoker]: videoPokerEngine,
  [HOUSE_GAME_IDS.solitaire]: solitaireEngine,
};

/**
 * Declared return to player of each house game, percent, as its rules state it: the engine's own
 * constant where it exports one; blackjack's is the exact figure its rules publish (house edge
 * 0.426 % under the basic strategy, unlimited deck).
 */
export const DECLARED_RTP: Readonly<Record<string, number>> = {
  [HOUSE_GAME_IDS.scratchCard]: SCRATCH_CARD_DECLARED_RTP,
  [HOUSE_GAME_IDS.slots]: SLOTS_DECLARED_RTP,
  [HOUSE_GAME_IDS.blackjack]: 99.57,
  [HOUSE_GAME_IDS.videoPoker]: VIDEO_POKER_DECLARED_RTP,
  [HOUSE_GAME_IDS.solitaire]: SOLITAIRE_DECLARED_RTP,
};

export const engineOf = (registry: EngineRegistry, gameId: string): AnyGameEngine | null =>
  Object.hasOwn(registry, gameId) ? (registry[gameId] ?? null) : null;
