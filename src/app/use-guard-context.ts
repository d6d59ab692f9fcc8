import { useLocation } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { PROPERTY_NAMES } from '../contract/properties.ts';
import { store } from '../state/store.ts';
import { isTrue, useNamedProperties } from '../lib/use-named-properties.ts';
import { SHELL_PROPERTY_NAMES } from '../lib/shell-properties.ts';
import type { GuardContext } from './guards.ts';

/** Production host (style guide hidden there), set at build time. */
export const PRODUCTION_HOST: string = import.meta.env.VITE_PRODUCTION_HOST || 'play.luckycrown.example';

/** Everything the guards and the header decide on, from the store and the shell properties. */
export function useGuardContext(): GuardContext & { properties: Record<string, string> } {
  const snap = useSnapshot(store.session);
  const location = useLocation();
  const { values, ready } = useNamedProperties(SHELL_PROPERTY_NAMES);
  return {
    status: snap.status,
    user: snap.user,
    goldOnly: isTrue(values[PROPERTY_NAMES.goldOnlyMode]),
    mobileVerificationEnabled: isTrue(values[PROPERTY_NAMES.mobileVerificationEnabled]),
    propertiesReady: ready,
    location: `${location.pathname}${location.search}${location.hash}`,
    hostname: typeof window === 'undefined' ? '' : window.location.hostname,
    productionHost: PRODUCTION_HOST,
    properties: values,
  };
}
