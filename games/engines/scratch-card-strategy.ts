/**
 * How the RTP tool plays Lucky Scratch: buy a ticket through the real engine and redeem it with
 * every spot revealed (the prize never depends on the scratching, so there is no choice to make).
 */
import { scratchCardEngine } from './scratch-card.ts';
import type { Floats } from './types.ts';

export function playOneRound(floats: Floats, betMinor: number): { staked: number; won: number } {
  const bought = scratchCardEngine.start({ betMinor, options: {} }, floats);
  const state = scratchCardEngine.act(bought, scratchCardEngine.defaultAction(bought), floats);
  return { staked: scratchCardEngine.staked(state), won: scratchCardEngine.won(state) };
}
