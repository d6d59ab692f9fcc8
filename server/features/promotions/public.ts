/** What promotions offer the rest of the server: its part of a session's start, its operator console routes. */
import type { ServerHooks } from '../../core/deps.ts';
import { activeLoginPromos, promoViewerOf } from './login-promos.ts';

type SessionStartHook = ServerHooks['sessionStarted'][number];

/** A new session's answer carries the pop-ups and carousel slides live for this player. */
export const loginPromosAtSessionStart: SessionStartHook = (deps, user) =>
  activeLoginPromos(
    deps.db,
    deps.now(),
    // The player's row carries the operator's list (users-repo.ts reads it with the row).
    promoViewerOf(deps.config, user, user.prohibited_states_value ?? null),
  );
export { registerPromoOperatorRoutes } from './operator-promo-routes.ts';
