/**
 * Gold-only mode (server GOLD_ONLY, named property gold_only_mode, loaded into the store by the
 * app shell): the store then names no Sweeps. The server already answers packages without Sweeps;
 * this only picks the wording around them.
 */
import { useSnapshot } from 'valtio';
import { PROPERTY_NAMES } from '../../contract/properties.ts';
import { isTrue } from '../../lib/use-named-properties.ts';
import { store } from '../../state/store.ts';

export function useGoldOnly(): boolean {
  const { values } = useSnapshot(store.properties);
  return isTrue(values[PROPERTY_NAMES.goldOnlyMode]);
}
