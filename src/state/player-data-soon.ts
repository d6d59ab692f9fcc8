/**
 * The player's favourites and game settings actions (player-data-actions.ts), loaded beside the
 * page rather than with it: the lobby and the game page ask for the module when they open (so a
 * star pressed offline later still works) and keep their first load small. The change shows in
 * the store at once (a checkbox or star never flips back while the module loads); if the module
 * cannot load (offline before it ever loaded), the change is taken back.
 */
import { favouriteKey, favouritesOf, settingKey, type GameSettingName } from '../contract/player-data.ts';
import { store } from './store.ts';

const load = () => import('./player-data-actions.ts');

/** Asks for the module now (a page that offers a star or a setting calls it when it opens). */
export function preloadPlayerData(): void {
  void load().catch(() => undefined);
}

function saveSoon(key: string, value: boolean): void {
  const user = store.session.user;
  if (!user) return;
  const before = user.user_data[key];
  user.user_data[key] = value;
  void load().then(
    (m) => m.savePlayerData(key, value),
    () => {
      const data = store.session.user?.id === user.id ? store.session.user.user_data : null;
      if (!data) return;
      if (before === undefined) Reflect.deleteProperty(data, key);
      else data[key] = before;
    },
  );
}

export function toggleFavouriteSoon(gameId: string): void {
  const on = favouritesOf(store.session.user?.user_data ?? {}).includes(gameId);
  saveSoon(favouriteKey(gameId), !on);
}

export function setGameSettingSoon(name: GameSettingName, value: boolean): void {
  saveSoon(settingKey(name), value);
}
