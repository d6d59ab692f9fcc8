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

let started = false;
function startFullApp(target: Root): void {
  if (started) return;
  started = true;
  void import('./app/start.tsx').then(({ startApp }) => startApp(target));
}

/** Starts the app when the browser is idle, or sooner if the visitor starts interacting. */
function startWhenIdle(target: Root): void {
  const start = () => startFullApp(target);
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) {
    window.addEventListener(type, start, { once: true, passive: true });
  }
  if ('requestIdleCallback' in window) window.requestIdleCallback(start, { timeout: 2_000 });
  else setTimeout(start, 1_000);
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
