import { mountGame } from '../shared/mount-game.tsx';
import { followGameSettings } from '../shared/use-game-settings.ts';
import { BlackjackGame } from './blackjack-game.tsx';
import './blackjack.css';

mountGame((bridge) => {
  followGameSettings(bridge, ({ reducedMotion }) => {
    if (reducedMotion) document.documentElement.dataset.reducedMotion = 'true';
    else delete document.documentElement.dataset.reducedMotion;
  });
  return <BlackjackGame bridge={bridge} />;
});
