/** Actions on the signed-in player's standing as the server decided it (W-9 state, suspension). */
import type { W9State } from '../contract/player-standing.ts';
import { store } from './store.ts';

/** The W-9 decision the server answered: the session's user shows it until the next reload. */
export function applyW9Decision(decision: { w9_state: W9State; suspended: boolean }): void {
  const user = store.session.user;
  if (!user) return;
  user.w9_state = decision.w9_state;
  user.suspended = decision.suspended;
}
