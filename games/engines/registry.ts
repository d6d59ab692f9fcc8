/**
 * Which engine decides which house game: the server runs rounds through it, the RTP tool
 * simulates it and the fairness panel replays with it. A game id missing here has no engine
 * (the vendor game, or a house game whose engine is not written yet): the server refuses to start
 * its rounds with GAME_NOT_FOUND.
 */
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import type { GameEngine } from './types.ts';

/** An engine of any game, as the server sees it: states, actions and options are opaque JSON. */
export type AnyGameEngine = GameEngine<unknown, unknown, unknown>;

export type EngineRegistry = Readonly<Record<string, AnyGameEngine>>;

export const GAME_ENGINES: EngineRegistry = {};

/**
 * Declared return to player of each house game, percent, as its rules state it. An engine that
 * exports its own constant is the authority; these are the published targets until then.
 */
export const DECLARED_RTP: Readonly<Record<string, number>> = {
  [HOUSE_GAME_IDS.scratchCard]: 95,
  [HOUSE_GAME_IDS.slots]: 96,
  [HOUSE_GAME_IDS.blackjack]: 99.67,
  [HOUSE_GAME_IDS.videoPoker]: 99.54,
  [HOUSE_GAME_IDS.solitaire]: 95,
};

export const engineOf = (registry: EngineRegistry, gameId: string): AnyGameEngine | null =>
  Object.hasOwn(registry, gameId) ? (registry[gameId] ?? null) : null;
