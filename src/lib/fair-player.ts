/**
 * Whose fairness evidence the browser keeps (fair-commitments.ts): the signed-in player's id,
 * given by the app at start (src/state/connect-lib.ts). A module of its own, a few bytes, so the
 * start-up chunk carries the hook and not the commitment store.
 */
let playerIdOf: () => string | null = () => null;

export function configureFairnessPlayer(getPlayerId: () => string | null): void {
  playerIdOf = getPlayerId;
}

/** The signed-in player's id, or null. */
export const currentPlayerId = (): string | null => playerIdOf();
