/**
 * Light entry. A first-time visitor on the home page gets the page at once with only React
 * loaded; the full app follows at idle (or at the first interaction). Every other route, and
 * anyone with a mirrored session (who belongs in the lobby), starts the full app immediately.
 */
import { createRoot, type Root } from 'react-dom/client';
import { globalStyles } from './ui/theme.ts';
import { hasMirroredSession } from './state/mirror-presence.ts';
import { HomeLanding } from './app/home-landing.tsx';

// Referencing the class keeps the global stylesheet in the bundle.
document.documentElement.classList.add(globalStyles);

const root = createRoot(document.getElementById('root')!);

/** How long after load a home visitor who has not interacted waits for the full app. */
const APP_START_DELAY_MS = 4_000;

let started = false;
function startFullApp(target: Root): void {
  if (started) return;
  started = true;
  void import('./app/start.tsx').then(({ startApp }) => startApp(target));
}

/**
 * Starts the app at the visitor's first interaction, or a few seconds after the page has loaded
 * and the browser is idle: the home page needs nothing from it, so its start-up work stays out of
 * the page's first seconds (no long tasks while the visitor reads the page).
 */
function startWhenIdle(target: Root): void {
  const start = () => startFullApp(target);
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'focusin'] as const) {
    window.addEventListener(type, start, { once: true, passive: true });
  }
  const later = () => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2_000 });
    else start();
  };
  const afterLoad = () => setTimeout(later, APP_START_DELAY_MS);
  if (document.readyState === 'complete') afterLoad();
  else window.addEventListener('load', afterLoad, { once: true });
}

async function boot(): Promise<void> {
  if (window.location.pathname === '/' && !(await hasMirroredSession())) {
    root.render(<HomeLanding />);
    startWhenIdle(root);
  } else {
    startFullApp(root);
  }
}

void boot();
