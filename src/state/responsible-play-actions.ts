/** Actions on the signed-in player's responsible-play restriction as the server answered it. */
import type { PlayRestriction } from '../contract/player-standing.ts';
import { store } from './store.ts';

/** The restriction the server set (or read): the session's user shows it at once, before the next reload. */
export function applyPlayRestriction(settings: {
  play_restriction: PlayRestriction | null;
  play_restricted_until: string | null;
}): void {
  const user = store.session.user;
  if (!user) return;
  user.play_restriction = settings.play_restriction;
  user.play_restricted_until = settings.play_restricted_until;
}
