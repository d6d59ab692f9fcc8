/**
 * Starts a game page in the game frame: connects to the host (the app's game page), then renders
 * the page into #root. Every outcome is decided by the server; the page only shows it.
 */
import { StrictMode, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost, type HostBridge } from './host-bridge.ts';

export function mountGame(page: (bridge: HostBridge) => ReactNode): void {
  const root = document.getElementById('root');
  if (!root) return;
  void connectToHost().then((bridge) => createRoot(root).render(<StrictMode>{page(bridge)}</StrictMode>));
}
