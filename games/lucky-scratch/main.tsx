/**
 * Lucky Scratch's page, running in the game frame: it connects to the host (the app's game page)
 * and renders the ticket. Each ticket is decided by the server when bought; this page only
 * reveals its spots as the player scratches and asks the server to credit it.
 */
import { mountGame } from '../shared/mount-game.tsx';
import { ScratchApp } from './scratch-app.tsx';
import './lucky-scratch.css';

mountGame((bridge) => <ScratchApp bridge={bridge} />);
