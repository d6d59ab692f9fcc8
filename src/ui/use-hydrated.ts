/**
 * False while React hydrates server markup (the prerendered home, login and policy pages) and true from
 * the render after it; true at once when there is nothing to hydrate. Parts that must not be in
 * the server's markup (lazy components, whose pending boundary would make React drop the server
 * markup with error #419 and render the page again) render only when it is true.
 */
import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

export const useHydrated = (): boolean =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
