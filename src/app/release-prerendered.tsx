/**
 * Taking over markup the server rendered (server/http/prerendered-pages.ts), shared by the light
 * entry's home page (src/main.tsx) and the full app (src/app/start.tsx): kept free of the app's
 * other modules so the light entry stays small.
 */
import { useLayoutEffect, type ReactNode } from 'react';

/**
 * Around the app: once the app's first render has taken over the server's markup, the root takes
 * input again (the server marks a page holding a form `inert` until then, so nothing can be typed
 * into markup the app has not taken over yet).
 */
export function ReleasePrerendered({
  container,
  children,
}: {
  container: HTMLElement;
  children?: ReactNode;
}) {
  useLayoutEffect(() => {
    container.removeAttribute('inert');
    container.removeAttribute('data-prerendered');
  }, [container]);
  return children;
}

/**
 * The page differed from the server's markup and React rendered it afresh: nothing is broken
 * (the new render replaces the markup), so it is a warning, not an uncaught error.
 */
export function reportHydrationMismatch(error: unknown): void {
  console.warn('The prerendered page was rendered again by the app:', error);
}
