/** Data a route carries in its `handle` (read by the header and the guards). */
export interface RouteHandle {
  /** Header shows Join now on this page (home, login, corporate, policies, what-is). */
  joinNow?: boolean;
  /** Header hides Sign in on this page (login). */
  hideSignIn?: boolean;
  /** Pages under the signed-in guard (the client-version poll runs only on the others). */
  requiresSignIn?: boolean;
}

export const isRouteHandle = (h: unknown): h is RouteHandle => typeof h === 'object' && h !== null;
