/**
 * Crown Jewels' page, running in the game frame: it connects to the host (the app's game page)
 * and renders the machine. Every spin is decided by the server; this page only shows the
 * engine's view of the round.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from '../shared/host-bridge.ts';
import { SlotsApp } from './slots-app.tsx';
import './crown-jewels.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
void connectToHost().then((bridge) =>
  root.render(
    <StrictMode>
      <SlotsApp bridge={bridge} />
    </StrictMode>,
  ),
);
