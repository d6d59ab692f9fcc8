/**
 * The game page's calls: the catalogue (the same SWR entry as the lobby's, revalidated every
 * minute and on focus while the page is open, so a new version of the game is noticed during
 * play) and the vendor game's launch.
 */
import {
  GAMES_API_PATHS,
  GamesCatalogueSchema,
  VendorLaunchResponseSchema,
  type Game,
} from '../../contract/games-catalogue.ts';
import type { Currency } from '../../contract/currency.ts';
import type { Infer } from 'superstruct';
import { api } from '../../lib/api-client.ts';
import { useApiGet } from '../../lib/swr.tsx';

export const CATALOGUE_REFRESH_MS = 60_000;

/** The catalogue's games (null until the first answer or the offline copy) and whether it failed. */
export function useCatalogueWhilePlaying(): { games: readonly Game[] | null; failed: boolean } {
  const { data, error } = useApiGet(GAMES_API_PATHS.catalogue, GamesCatalogueSchema, {
    handleErrors: false,
    swr: { refreshInterval: CATALOGUE_REFRESH_MS, revalidateOnFocus: true },
  });
  return { games: data?.results ?? null, failed: !data && Boolean(error) };
}

export type VendorLaunch = Infer<typeof VendorLaunchResponseSchema>;

/** Asks the server for the vendor's launch URL (with a fresh session token) in `currency`. */
export function launchVendorGame(
  gameId: string,
  currency: Currency,
  signal?: AbortSignal,
): Promise<VendorLaunch> {
  return api.post(GAMES_API_PATHS.vendorLaunch(gameId), { currency }, VendorLaunchResponseSchema, {
    handleErrors: false,
    signal,
  });
}
