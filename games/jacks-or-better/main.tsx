/**
 * Jacks or Better's page, running in the game frame: it connects to the host (the app's game
 * page) and renders the machine. Every deal and draw is decided by the server; this page only
 * shows the engine's view and sends the player's holds.
 */
import { mountGame } from '../shared/mount-game.tsx';
import { VideoPokerApp } from './video-poker-app.tsx';
import './video-poker.css';

mountGame((bridge) => <VideoPokerApp bridge={bridge} />);
