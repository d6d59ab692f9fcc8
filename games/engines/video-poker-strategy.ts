/**
 * One Jacks or Better round played through the real engine with the optimal hold (the best of
 * the 32 holds by the exact expected pay of the draw), at the maximum bet (five coins), where
 * the declared return, 99.54 %, applies. Used by the RTP tool.
 */
import type { Floats } from './types.ts';
import { bestHold } from './video-poker-holds.ts';
import { MAX_COINS } from './video-poker-pays.ts';
import { videoPokerEngine } from './video-poker.ts';

export function playOneRound(floats: Floats, betMinor: number): { staked: number; won: number } {
  const dealt = videoPokerEngine.start({ betMinor, options: { coins: MAX_COINS } }, floats);
  const drawn = videoPokerEngine.act(dealt, { type: 'draw', hold: bestHold(dealt.dealt, MAX_COINS) }, floats);
  return { staked: videoPokerEngine.staked(drawn), won: videoPokerEngine.won(drawn) };
}
