/**
 * The game page's complimentary Gold check as a component of its own, loaded beside the page
 * (React.lazy), so the page's first load does not carry it. Renders nothing.
 */
import type { Game } from '../../contract/games.ts';
import { useComplimentaryGold } from './use-complimentary-gold.ts';

export default function ComplimentaryGoldCheck({ game }: { game: Game }) {
  useComplimentaryGold(game);
  return null;
}
