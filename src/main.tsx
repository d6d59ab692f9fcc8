/**
 * Entry: global styles, session resume from the IndexedDB mirror (then the refresh cookie),
 * mirroring of the store, and the app. Everything page-specific is lazy-loaded by the router.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { globalStyles } from './ui/theme.ts';
import { resumeSession } from './state/session-actions.ts';
import { startMirroring } from './state/idb-mirror.ts';
import { App } from './app/app.tsx';

// Referencing the class keeps the global stylesheet in the bundle.
document.documentElement.classList.add(globalStyles);

void resumeSession();
startMirroring();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
