/**
 * The game catalogue for the lobby: GET /games through the API client (answer validated with
 * the contract's schema) and SWR, which revalidates on focus and reconnect. Offline, the service
 * worker answers with the last list it saw, so the lobby still shows the games.
 */
import { GAMES_API_PATHS, GamesCatalogueSchema, type Game } from '../../contract/games-catalogue.ts';
import { useApiGet } from '../../lib/swr.tsx';

export interface GamesCatalogueState {
  /** The games, or null until the first answer (or the cached copy) arrives. */
  games: readonly Game[] | null;
  /** True when the catalogue could not be loaded and nothing is on screen. */
  failed: boolean;
}

export function useGamesCatalogue(): GamesCatalogueState {
  // The lobby says plainly when the list cannot load; no error dialog on top of it.
  const { data, error } = useApiGet(GAMES_API_PATHS.catalogue, GamesCatalogueSchema, { handleErrors: false });
  return { games: data?.results ?? null, failed: !data && Boolean(error) };
}
