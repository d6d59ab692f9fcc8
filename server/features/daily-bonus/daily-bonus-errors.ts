/** The Daily Bonus refusals (src/contract/daily-bonus.ts DAILY_BONUS_ERROR_CODES) with the texts players see. */
import { DAILY_BONUS_ERROR_CODES, DAILY_BONUS_TEXTS } from '../../../src/contract/daily-bonus.ts';
import { ApiError } from '../../http/api-error.ts';
import { easternDay, nextEasternMidnight } from './bonus-days.ts';

export const dailyBonusErrors = {
  disabled: () =>
    new ApiError(403, DAILY_BONUS_ERROR_CODES.DAILY_BONUS_DISABLED, DAILY_BONUS_TEXTS.unavailable),
  /**
   * Today's spin was taken. The answer carries its outcome too (prize, streak, when), so an app
   * whose first answer was lost, retrying with a new key, can show what was won.
   */
  alreadyClaimed: (
    nowMs: number,
    today?: { prize_gld: number; prize_ghc: number; streak_day: number; streak: number; claimed_at: string },
  ) => {
    const next = nextEasternMidnight(nowMs);
    return new ApiError(
      409,
      DAILY_BONUS_ERROR_CODES.DAILY_BONUS_ALREADY_CLAIMED,
      DAILY_BONUS_TEXTS.alreadyClaimed,
      null,
      {
        next_eligible_date: new Date(next).toISOString(),
        next_eligible_day: easternDay(next),
        seconds_until_eligible: Math.max(1, Math.ceil((next - nowMs) / 1000)),
        ...(today
          ? {
              prize_gld: today.prize_gld,
              prize_ghc: today.prize_ghc,
              streak_day: today.streak_day,
              current_streak: today.streak,
              claimed_at: today.claimed_at,
            }
          : {}),
      },
    );
  },
};
