/**
 * The player's client seed is made here, in the browser, never by the server (docs/fairness.md,
 * "Client seed"). Before the first round the game page (and the daily bonus) call
 * `ensureClientSeed`: it reads the player's fairness state, keeps the commitment it shows in the
 * browser's commitment store, and when the player has no client seed yet sends one made with
 * crypto.getRandomValues (16 bytes, 32 hex digits). The server refuses rounds until then
 * (409 CLIENT_SEED_REQUIRED), so a round stays one request. Done once per player per page load.
 */
import { FairnessStateSchema, GAMES_API_PATHS, type FairnessState } from '../contract/games.ts';
import { api } from './api-client.ts';
import { currentPlayerId, keepCommitment } from './fair-commitments.ts';

/** A new client seed: 16 bytes from the browser's cryptographic RNG, as 32 lower-case hex digits. */
export function newClientSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Keeps the commitment a fairness state shows, for the signed-in player. */
export function keepShownCommitment(state: Pick<FairnessState, 'server_seed_hash'>): Promise<void> {
  const userId = currentPlayerId();
  return userId ? keepCommitment(userId, state.server_seed_hash) : Promise.resolve();
}

const ensured = new Map<string, Promise<FairnessState>>();

/**
 * The player's fairness state, with a client seed of the browser's making sent first when there
 * is none. Shared by every caller of one page load; a failure is forgotten, so the next call tries
 * again (the round is then refused by the server with its own message, never played without).
 */
export function ensureClientSeed(): Promise<FairnessState> {
  const userId = currentPlayerId() ?? '';
  let pending = ensured.get(userId);
  if (!pending) {
    pending = (async () => {
      let state = await api.get(GAMES_API_PATHS.fairness, FairnessStateSchema, { handleErrors: false });
      // The commitment is kept before the client seed leaves the browser: it was fixed first.
      await keepShownCommitment(state);
      if (state.client_seed === null) {
        state = await api.put(
          GAMES_API_PATHS.fairnessClientSeed,
          { client_seed: newClientSeed() },
          FairnessStateSchema,
          { handleErrors: false },
        );
        await keepShownCommitment(state);
      }
      return state;
    })();
    ensured.set(userId, pending);
    pending.catch(() => ensured.delete(userId));
  }
  return pending;
}

/** Tests: forget what was ensured. */
export function resetEnsuredClientSeeds(): void {
  ensured.clear();
}
