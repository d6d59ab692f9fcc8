/**
 * Navigation from outside React (store actions such as logout). The app registers the
 * router's navigate function at start; before that a full page load is the fallback.
 */
type Navigate = (to: string, opts?: { replace?: boolean; state?: unknown }) => void | Promise<void>;

let navigator: Navigate | null = null;

export function setNavigator(fn: Navigate | null): void {
  navigator = fn;
}

/** True once the router is up and client-side navigation is possible. */
export function hasNavigator(): boolean {
  return navigator !== null;
}

export function navigateTo(to: string, opts: { replace?: boolean; state?: unknown } = {}): void {
  if (navigator) {
    void navigator(to, opts);
    return;
  }
  if (typeof window !== 'undefined') window.location.assign(to);
}
