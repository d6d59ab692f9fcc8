import { useEffect } from 'react';
import { useSnapshot } from 'valtio';
import { PROPERTY_NAMES } from '../contract/properties.ts';
import { TIMINGS } from '../contract/constants.ts';
import { store } from '../state/store.ts';
import { logout } from '../state/session-actions.ts';
import { inactivityTimeoutMs, startInactivityWatch } from '../state/inactivity.ts';

/**
 * Signs the player out after `inactivity_timeout_seconds` (named property, default 900) without
 * activity, while signed in and not in a game (spec section 4).
 */
export function useInactivitySignOut(timeoutSetting: string | undefined): void {
  const { status } = useSnapshot(store.session);
  const { isInGame, gamePageOpen } = useSnapshot(store.currency);
  const timeoutMs = inactivityTimeoutMs(
    timeoutSetting ?? store.properties.values[PROPERTY_NAMES.inactivityTimeoutSeconds],
    TIMINGS.inactivitySignOutMs,
  );
  useEffect(() => {
    if (status !== 'signed-in' || isInGame || gamePageOpen) return;
    return startInactivityWatch({ timeoutMs, onTimeout: () => void logout({ reason: 'inactivity' }) });
  }, [status, isInGame, gamePageOpen, timeoutMs]);
}
