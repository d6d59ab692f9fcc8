/** The Daily Bonus calls (spec section 7): the state (SWR) and the spin. Paths and schemas from the contract. */
import {
  DAILY_BONUS_API_PATHS,
  DailyBonusPlayResponseSchema,
  DailyBonusStateSchema,
  type DailyBonusPlayResponse,
} from '../../contract/daily-bonus.ts';
import { api } from '../../lib/api-client.ts';
import { useApiGet } from '../../lib/swr.tsx';

export function useDailyBonusState() {
  return useApiGet(DAILY_BONUS_API_PATHS.state, DailyBonusStateSchema, {
    handleErrors: false,
    swr: { revalidateOnFocus: true },
  });
}

export const playDailyBonus = (idempotencyKey: string): Promise<DailyBonusPlayResponse> =>
  api.post(DAILY_BONUS_API_PATHS.play, {}, DailyBonusPlayResponseSchema, {
    handleErrors: false,
    idempotencyKey,
  });
