/**
 * Complimentary Gold Coins calls (spec section 7): whether an award is open now, and the accept
 * call. Loaded by the game page only once the page-side conditions hold
 * (complimentary-gold-check.ts); the server decides again on accept.
 */
import {
  AcceptComplimentaryGoldResponseSchema,
  COMPLIMENTARY_GOLD_API_PATHS,
  ComplimentaryGoldOfferSchema,
  type ComplimentaryGoldOffer,
} from '../contract/complimentary-gold.ts';
import type { Balances } from '../contract/schemas.ts';
import { api } from '../lib/api-client.ts';
import { setBalancesWithDelay } from './balances-actions.ts';

/** The server's answer for this game now (null when the call failed: nothing is offered). */
export async function fetchComplimentaryGoldOffer(gameId: string): Promise<ComplimentaryGoldOffer | null> {
  try {
    return await api.get(COMPLIMENTARY_GOLD_API_PATHS.offer, ComplimentaryGoldOfferSchema, {
      query: { gameId },
      handleErrors: false,
    });
  } catch {
    return null;
  }
}

/**
 * Accepts the award: the answer's balances count up in the header like a win. Answers the Gold
 * awarded; throws the API error (daily limit, not needed...) for the dialog to show.
 */
export async function acceptComplimentaryGold(input: {
  gameId: string;
  goldCoinsBetValue: number;
  currentBalances: Balances;
  /** One per offer shown: a retried accept is the same request, never a second award. */
  idempotencyKey: string;
}): Promise<number> {
  const answer = await api.post(
    COMPLIMENTARY_GOLD_API_PATHS.accept,
    { gameId: input.gameId, goldCoinsBetValue: input.goldCoinsBetValue },
    AcceptComplimentaryGoldResponseSchema,
    { handleErrors: false, idempotencyKey: input.idempotencyKey },
  );
  setBalancesWithDelay(input.currentBalances, answer.balances, 0);
  return answer.awarded_gld;
}
