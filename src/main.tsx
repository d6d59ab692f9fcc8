/**
 * Entry: global styles, session resume from the IndexedDB mirror (then the refresh cookie),
 * mirroring of the store, the PWA plumbing and the app. Everything page-specific is
 * lazy-loaded by the router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { globalStyles } from './ui/theme.ts';
import { registerLogoutCleanup, resumeSession } from './state/session-actions.ts';
import { startMirroring } from './state/idb-mirror.ts';
import { installChunkRecovery } from './pwa/chunk-recovery.ts';
import { installInstallPrompt } from './pwa/install-prompt.ts';
import { postToWorker, registerServiceWorker } from './pwa/service-worker.ts';
import { App } from './app/app.tsx';

// Referencing the class keeps the global stylesheet in the bundle.
document.documentElement.classList.add(globalStyles);

installChunkRecovery();
installInstallPrompt();
registerServiceWorker();
// Nothing cached for one player may be shown to the next one on this device.
registerLogoutCleanup(() => postToWorker({ type: 'CLEAR_PLAYER_CACHES' }));

void resumeSession();
startMirroring();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
