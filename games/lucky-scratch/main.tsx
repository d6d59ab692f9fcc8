/**
 * Lucky Scratch's page, running in the game frame: it connects to the host (the app's game page)
 * and renders the ticket. Each ticket is decided by the server when bought; this page only
 * reveals its spots as the player scratches and asks the server to credit it.
 */
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from '../shared/host-bridge.ts';
import { ScratchApp } from './scratch-app.tsx';
import './lucky-scratch.css';

const root = createRoot(document.getElementById('root') as HTMLElement);
void connectToHost().then((bridge) =>
  root.render(
    <StrictMode>
      <ScratchApp bridge={bridge} />
    </StrictMode>,
  ),
);
