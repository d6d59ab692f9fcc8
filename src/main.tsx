/**
 * Light entry. A first-time visitor on the home page gets the page at once with only React
 * loaded (the server sends its markup, which this entry hydrates); the full app follows at the
 * first interaction (or a few seconds after load). Every other route, and anyone with a mirrored
 * session (who belongs in the lobby), starts the full app immediately, its page's chunk fetched
 * beside it.
 */
import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { globalStyles } from './ui/theme.ts';
import { hasMirroredSession } from './state/mirror-presence.ts';
import { adoptServerGoldOnly } from './state/prerender-actions.ts';
import { HomeLanding } from './app/home-landing.tsx';
import { ReleasePrerendered, reportHydrationMismatch } from './app/release-prerendered.tsx';
import { prefetchPolicyDocuments } from './features/policies/policy-documents-prefetch.ts';

// Referencing the class keeps the global stylesheet in the bundle.
document.documentElement.classList.add(globalStyles);

const container = document.getElementById('root')!;
/**
 * The server sent this page with its markup (server/http/prerendered-pages.ts): the first render
 * takes it over (hydrates it) instead of building the page again. Pages from the service worker
 * (a returning player's) are the plain shell.
 */
const prerendered = container.hasAttribute('data-prerendered');
// The markup was rendered in gold-only mode: the first render must be too.
if (container.hasAttribute('data-gold-only')) adoptServerGoldOnly();

let started = false;
/**
 * `target`: the root the app renders into; null with `markup`, the prerendered root element the
 * app hydrates (src/app/start.tsx).
 */
function startFullApp(target: Root | null, markup: HTMLElement | null = null): void {
  if (started) return;
  started = true;
  void import('./app/start.tsx').then(({ startApp }) => startApp(target, markup));
}

/**
 * The page chunk of the route being opened, for the public pages visitors land on from outside:
 * fetched beside the full app instead of after it (the router asks for it only once the app has
 * started), so the first paint waits for two requests after the entry, not three. The router's
 * lazy route imports the same module and finds it loaded. (A returning player's pages come from
 * the service worker's cache, where the chain costs next to nothing.)
 */
function preloadLandingPage(pathname: string): void {
  const path = pathname.replace(/\/+$/, '');
  if (path === '/login') void import('./features/auth/login-page.tsx');
  else if (path.startsWith('/policies/')) {
    prefetchPolicyDocuments();
    void import('./features/policies/policy-page.tsx');
  }
}

/** How long after load a home visitor who does nothing gets the full app. */
const FULL_APP_AFTER_LOAD_MS = 5_000;

/**
 * The home page reads without the full app, whose start-up (router, session, the whole layout
 * rendered again, the service worker) would keep a phone's main thread busy right after the
 * first paint. It starts at the visitor's first interaction, or when the browser is idle a few
 * seconds after load.
 */
function startOnInteraction(target: Root): void {
  const start = () => startFullApp(target);
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(type, start, { once: true, passive: true });
  }
  const idle = () =>
    'requestIdleCallback' in window ? window.requestIdleCallback(start, { timeout: 2_000 }) : start();
  const later = () => setTimeout(idle, FULL_APP_AFTER_LOAD_MS);
  if (document.readyState === 'complete') later();
  else window.addEventListener('load', later, { once: true });
}

/** The light home page: the server's markup hydrated, or rendered here when there is none. */
function showHomeLanding(): Root {
  if (!prerendered) {
    const root = createRoot(container);
    root.render(<HomeLanding />);
    return root;
  }
  // In a transition, hydration renders in slices that yield to the browser (see src/app/start.tsx).
  let root!: Root;
  startTransition(() => {
    root = hydrateRoot(
      container,
      <ReleasePrerendered container={container}>
        <HomeLanding />
      </ReleasePrerendered>,
      { onRecoverableError: reportHydrationMismatch },
    );
  });
  return root;
}

async function boot(): Promise<void> {
  const path = window.location.pathname;
  if (path === '/') {
    if (!(await hasMirroredSession())) {
      startOnInteraction(showHomeLanding());
      return;
    }
    // A returning player belongs in the lobby: the home page's markup (sent when no service
    // worker answered the navigation) is not what the app's first render shows them.
    if (prerendered) {
      container.replaceChildren();
      container.removeAttribute('data-prerendered');
    }
    startFullApp(createRoot(container));
    return;
  }
  if (prerendered) startFullApp(null, container);
  else startFullApp(createRoot(container));
  preloadLandingPage(path);
}

void boot();
