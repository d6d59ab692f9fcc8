/** The Daily Bonus calls (spec section 7): the state (SWR) and the spin. Paths and schemas from the contract. */
import {
  DAILY_BONUS_API_PATHS,
  DailyBonusPlayResponseSchema,
  DailyBonusStateSchema,
  type DailyBonusPlayResponse,
} from '../../contract/daily-bonus.ts';
import { api } from '../../lib/api-client.ts';
import { ensureClientSeed } from '../../lib/fair-client-seed.ts';
import { currentPlayerId, keepRound, spinRoundId } from '../../lib/fair-commitments.ts';
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
  const answer = await api.post(DAILY_BONUS_API_PATHS.play, {}, DailyBonusPlayResponseSchema, {
    handleErrors: false,
    idempotencyKey,
  });
  // The spin is bound, in this browser, to the commitment it was played under (Verify checks it).
  const playerId = currentPlayerId();
  if (playerId)
    void keepRound(playerId, {
      id: spinRoundId(answer.spin),
      server_seed_hash: answer.spin.server_seed_hash,
      nonce: answer.spin.nonce,
    });
  return answer;
}
