/**
 * How the RTP tool plays Crown Jewels: one paid spin through the real engine (the spin and its
 * free spins are the whole round, so there is no choice to make).
 */
import { slotsEngine } from './slots.ts';
import type { Floats } from './types.ts';

export function playOneRound(floats: Floats, betMinor: number): { staked: number; won: number } {
  const state = slotsEngine.start({ betMinor, options: {} }, floats);
  return { staked: slotsEngine.staked(state), won: slotsEngine.won(state) };
}
