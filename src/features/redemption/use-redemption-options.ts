/** The redeem pages' options (minimums of the player's tier, limit, e-wallet), always fetched fresh. */
import { REDEMPTION_API_PATHS, RedemptionOptionsSchema } from '../../contract/redemption-pages.ts';
import { useApiGet } from '../../lib/swr.tsx';

export function useRedemptionOptions() {
  return useApiGet(REDEMPTION_API_PATHS.options, RedemptionOptionsSchema, {
    handleErrors: false,
    swr: { revalidateOnMount: true, dedupingInterval: 0 },
  });
}
