/**
 * What the lobby lists, as pure functions: the games of a category, the player's favourites, a
 * search by name, the "Recently played" row in the player's order and the mark a card carries.
 */
import type { Game, GameCategory } from '../../contract/games.ts';

/** The games tagged with `category`, or every game for the "All" tab (null). */
export function gamesInCategory(games: readonly Game[], category: GameCategory | null): Game[] {
  return category ? games.filter((g) => g.categories.includes(category)) : [...games];
}

/** Folds case and accents so "solitaire" finds "Solitaire" and "poker" finds "Póker". */
const fold = (s: string): string =>
  s
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

/** The games whose name contains every word of the query (any order); all games for an empty query. */
export function searchGames(games: readonly Game[], query: string): Game[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...games];
  return games.filter((g) => {
    const name = fold(g.name);
    return words.every((w) => name.includes(w));
  });
}

/** The recently played ids that are still in the catalogue, in the player's order (newest first). */
export function recentlyPlayedGames(games: readonly Game[], ids: readonly string[]): Game[] {
  const byId = new Map(games.map((g) => [g.id, g]));
  return ids.flatMap((id) => {
    const game = byId.get(id);
    return game ? [game] : [];
  });
}

/** The player's favourite games that are in the catalogue, in the catalogue's (lobby) order. */
export function favouriteGames(games: readonly Game[], ids: readonly string[]): Game[] {
  const wanted = new Set(ids);
  return games.filter((g) => wanted.has(g.id));
}

/** The card's mark: "New" wins over "Hot" (a new game is the bigger news); none otherwise. */
export function cardMark(game: Pick<Game, 'categories'>): 'New' | 'Hot' | null {
  if (game.categories.includes('new')) return 'New';
  if (game.categories.includes('hot')) return 'Hot';
  return null;
}
