/**
 * Klondike solitaire's page, running in the game frame: it connects to the host (the app's game
 * page) and renders the table. Every outcome is decided by the server; this page only shows
 * the engine's view and sends the player's actions.
 */
import { mountGame } from '../shared/mount-game.tsx';
import { KlondikeApp } from './klondike-app.tsx';
import './klondike.css';

mountGame((bridge) => <KlondikeApp bridge={bridge} />);
