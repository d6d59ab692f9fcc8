/**
 * Replays a round from its inputs: the same engine, the same floats (from the revealed seed),
 * the same actions in order. The server keeps each round's state by applying actions one at a
 * time; replaying from the start must give the same final state, which is what the fairness
 * panel and recall check.
 */
import type { Floats, GameEngine } from './types.ts';

export interface ReplayInput {
  betMinor: number;
  options: unknown;
  actions: readonly unknown[];
}

export function replayRound<S, A, O>(engine: GameEngine<S, A, O>, input: ReplayInput, floats: Floats): S {
  let state = engine.start({ betMinor: input.betMinor, options: engine.parseOptions(input.options) }, floats);
  for (const raw of input.actions) state = engine.act(state, engine.parseAction(raw), floats);
  return state;
}
