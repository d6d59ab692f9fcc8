/**
 * Crown Jewels' page, running in the game frame: it connects to the host (the app's game page)
 * and renders the machine. Every spin is decided by the server; this page only shows the
 * engine's view of the round.
 */
import { mountGame } from '../shared/mount-game.tsx';
import { SlotsApp } from './slots-app.tsx';
import './crown-jewels.css';

mountGame((bridge) => <SlotsApp bridge={bridge} />);
