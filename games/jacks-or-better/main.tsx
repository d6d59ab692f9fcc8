/**
 * Jacks or Better's page, running in the game frame: it connects to the host (the app's game
 * page) and renders the machine. Every deal and draw is decided by the server; this page only
 * shows the engine's view and sends the player's holds.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from '../shared/host-bridge.ts';
import { VideoPokerApp } from './video-poker-app.tsx';
import './video-poker.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
void connectToHost().then((bridge) =>
  root.render(
    <StrictMode>
      <VideoPokerApp bridge={bridge} />
    </StrictMode>,
  ),
);
