import { LoadingOverlay } from '../ui/loading-overlay.tsx';
import { DEFAULT_LOADING_TEXT } from '../ui/spinner-messages.ts';

/** Shown while the first route's code loads. */
export function AppLoading() {
  return <LoadingOverlay text={DEFAULT_LOADING_TEXT} />;
}
