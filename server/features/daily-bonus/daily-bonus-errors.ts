/** The Daily Bonus refusals (src/contract/daily-bonus.ts DAILY_BONUS_ERROR_CODES) with the texts players see. */
import { DAILY_BONUS_ERROR_CODES, DAILY_BONUS_TEXTS } from '../../../src/contract/daily-bonus.ts';
import { ApiError } from '../../http/api-error.ts';
import { easternDay, nextEasternMidnight } from './bonus-days.ts';

export const dailyBonusErrors = {
  disabled: () =>
    new ApiError(403, DAILY_BONUS_ERROR_CODES.DAILY_BONUS_DISABLED, DAILY_BONUS_TEXTS.unavailable),
  alreadyClaimed: (nowMs: number) => {
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
      },
    );
  },
};
