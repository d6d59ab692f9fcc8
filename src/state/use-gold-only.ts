/**
 * Gold-only mode (server GOLD_ONLY, named property gold_only_mode, loaded into the store by the
 * app shell): pages then name no Sweeps. The server already answers without Sweeps; this only
 * picks the wording.
 */
import { useSnapshot } from 'valtio';
import { isTrue, PROPERTY_NAMES } from '../contract/properties.ts';
import { store } from './store.ts';

export function useGoldOnly(): boolean {
  const { values } = useSnapshot(store.properties);
  return isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
}
