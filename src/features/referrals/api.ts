/** The referrals call (spec section 7): the player's code, the reward rules and their referrals (SWR). */
import { REFERRALS_API_PATHS, ReferralsResponseSchema } from '../../contract/referrals.ts';
import { useApiGet } from '../../lib/swr.tsx';

export function useReferrals() {
  return useApiGet(REFERRALS_API_PATHS.referrals, ReferralsResponseSchema, { handleErrors: false });
}
