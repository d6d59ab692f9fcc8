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

/**
 * The spin; the player's client seed (made in this browser) is sent first when there is none yet,
 * and the spin is then bound, in this browser, to the commitment it was played under (Verify
 * checks it). The fairness modules load with the spin, outside the page's first load.
 */
export async function playDailyBonus(idempotencyKey: string): Promise<DailyBonusPlayResponse> {
  const fair = import('../../lib/fair-client-seed.ts');
  await fair.then((m) => m.ensureClientSeed()).catch(() => undefined);
  const answer = await api.post(DAILY_BONUS_API_PATHS.play, {}, DailyBonusPlayResponseSchema, {
    handleErrors: false,
    idempotencyKey,
  });
  void import('../../lib/fair-commitments.ts')
    .then(({ currentPlayerId, keepRound, spinRoundId }) => {
      const playerId = currentPlayerId();
      if (playerId)
        return keepRound(playerId, {
          id: spinRoundId(answer.spin),
          server_seed_hash: answer.spin.server_seed_hash,
          nonce: answer.spin.nonce,
        });
    })
    .catch(() => undefined);
  return answer;
}
