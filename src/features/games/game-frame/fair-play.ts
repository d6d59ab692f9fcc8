/**
 * The game page's part in provably fair play (docs/fairness.md): a round-starting call waits
 * until the player's client seed (made in this browser) is on the server, and every round the
 * game is answered is bound, in this browser's commitment store, to the commitment it was
 * played under, so Verify can later check the revealed seed against it.
 */
import { integer, is, string, type } from 'superstruct';
import { ensureClientSeed } from '../../../lib/fair-client-seed.ts';
import { currentPlayerId, keepCommitment, keepRound } from '../../../lib/fair-commitments.ts';
import { sendThroughApi, type GameCallSender } from './host-bridge.ts';

/**
 * Sends a game's call; a POST (a round, a ticket, an action) first waits for the client seed.
 * A failure there does not block the call: the server then refuses a round with its own words.
 */
export const fairSend: GameCallSender = async (call, idempotencyKey) => {
  if (call.method === 'POST') await ensureClientSeed().catch(() => undefined);
  return sendThroughApi(call, idempotencyKey);
};

const RoundCommitment = type({
  round: type({ id: string(), server_seed_hash: string(), nonce: integer() }),
});
const ShownCommitment = type({ server_seed_hash: string() });

/**
 * Binds the round an answer carries to its commitment (the first answer about a round stands),
 * and keeps a commitment the game itself was shown (its own fairness call).
 */
export function keepRoundCommitment(body: unknown): void {
  const userId = currentPlayerId();
  if (!userId) return;
  if (is(body, RoundCommitment)) void keepRound(userId, body.round);
  else if (is(body, ShownCommitment)) void keepCommitment(userId, body.server_seed_hash);
}
