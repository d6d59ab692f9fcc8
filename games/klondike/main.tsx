/**
 * Klondike solitaire's page, running in the game frame: it connects to the host (the app's game
 * page) and renders the table. Every outcome is decided by the server; this page only shows
 * the engine's view and sends the player's actions.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from '../shared/host-bridge.ts';
import { KlondikeApp } from './klondike-app.tsx';
import './klondike.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
void connectToHost().then((bridge) =>
  root.render(
    <StrictMode>
      <KlondikeApp bridge={bridge} />
    </StrictMode>,
  ),
);
