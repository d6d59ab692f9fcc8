/**
 * The shell's service-worker side: the version poll, the "refresh required" dialog and the "new
 * version" prompt. None of it shows on the first render (an update is found later), so it loads
 * beside the app shell (root-layout.tsx) instead of in every route's first load.
 */
import { UpdatePrompt } from './update-prompt.tsx';
import { usePwaEffects } from './use-pwa-effects.ts';

export function PwaWatchers() {
  usePwaEffects();
  return <UpdatePrompt />;
}

export default PwaWatchers;
