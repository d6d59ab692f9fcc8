import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { connectToHost } from '../shared/host-bridge.ts';
import { BlackjackGame } from './BlackjackGame.tsx';
import './blackjack.css';

const root = document.getElementById('root');
if (root) {
  void connectToHost().then((bridge) => {
    if (bridge.init.reduced_motion) document.documentElement.dataset.reducedMotion = 'true';
    createRoot(root).render(
      <StrictMode>
        <BlackjackGame bridge={bridge} />
      </StrictMode>,
    );
  });
}
