/** The Daily Bonus calls (spec section 7): the state (SWR) and the spin. Paths and schemas from the contract. */
import {
  DAILY_BONUS_API_PATHS,
  DailyBonusPlayResponseSchema,
  DailyBonusStateSchema,
  type DailyBonusPlayResponse,
} from '../../contract/daily-bonus.ts';
import { api } from '../../lib/api-client.ts';
import { ensureClientSeed } from '../../lib/fair-client-seed.ts';
import { useApiGet } from '../../lib/swr.tsx';

export function useDailyBonusState() {
  return useApiGet(DAILY_BONUS_API_PATHS.state, DailyBonusStateSchema, {
    handleErrors: false,
    swr: { revalidateOnFocus: true },
  });
}

/** The spin; the player's client seed (made in this browser) is sent first when there is none yet. */
export async function playDailyBonus(idempotencyKey: string): Promise<DailyBonusPlayResponse> {
  await ensureClientSeed().catch(() => undefined);
  return api.post(DAILY_BONUS_API_PATHS.play, {}, DailyBonusPlayResponseSchema, {
    handleErrors: false,
    idempotencyKey,
  });
}
