import { mountGame } from '../shared/mount-game.tsx';
import { BlackjackGame } from './blackjack-game.tsx';
import './blackjack.css';

mountGame((bridge) => {
  if (bridge.init.reduced_motion) document.documentElement.dataset.reducedMotion = 'true';
  return <BlackjackGame bridge={bridge} />;
});
