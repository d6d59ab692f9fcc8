/**
 * What the app keeps in the player's user_data (PATCH /users/me/user-data), so it follows the
 * player to another device: the lobby favourites and the game settings. One key per favourite
 * and one per setting, so two devices changing different ones never overwrite each other (the
 * server merges keys; the last write of one key wins). docs/player-settings.md has the rules.
 *
 * - `favourite.<game id>`: true (a favourite) or false (taken off the favourites).
 * - `settings.<name>`: a boolean game setting (GAME_SETTING_NAMES), missing = its default.
 *
 * Other keys are free-form (their value must survive a JSON round trip and stay within
 * USER_DATA_VALUE_MAX_BYTES).
 */

export const FAVOURITE_KEY_PREFIX = 'favourite.';
export const SETTINGS_KEY_PREFIX = 'settings.';

/** The game settings and their defaults. Sound is kept for the games that will have sound. */
export const GAME_SETTING_DEFAULTS = {
  /** Game sound on; no game plays sound yet, so no page shows this toggle. */
  sound: true,
  /** Games skip their animations (the device's "reduce motion" turns it on too). */
  reduced_motion: false,
  /** Slots show the reels' result at once, without the spin. */
  quick_spin: false,
} as const;

export type GameSettingName = keyof typeof GAME_SETTING_DEFAULTS;
export type GameSettings = Record<GameSettingName, boolean>;
export const GAME_SETTING_NAMES = Object.keys(GAME_SETTING_DEFAULTS) as GameSettingName[];

/** Largest serialised value of one user_data key (the whole map is capped at 16 KB). */
export const USER_DATA_VALUE_MAX_BYTES = 2 * 1024;
/** A user_data key: letters, digits and . _ : - only, 1 to 128 characters. */
export const USER_DATA_KEY_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export const favouriteKey = (gameId: string): string => `${FAVOURITE_KEY_PREFIX}${gameId}`;
export const settingKey = (name: GameSettingName): string => `${SETTINGS_KEY_PREFIX}${name}`;

export const isGameSettingName = (name: string): name is GameSettingName =>
  (GAME_SETTING_NAMES as string[]).includes(name);

/** The ids of the player's favourite games, in the order their keys were first saved. */
export function favouritesOf(userData: Readonly<Record<string, unknown>>): string[] {
  return Object.entries(userData)
    .filter(([key, value]) => key.startsWith(FAVOURITE_KEY_PREFIX) && value === true)
    .map(([key]) => key.slice(FAVOURITE_KEY_PREFIX.length));
}

/** The player's game settings: each saved boolean, else its default. */
export function gameSettingsOf(userData: Readonly<Record<string, unknown>>): GameSettings {
  const settings = { ...GAME_SETTING_DEFAULTS } as GameSettings;
  for (const name of GAME_SETTING_NAMES) {
    const value = userData[settingKey(name)];
    if (typeof value === 'boolean') settings[name] = value;
  }
  return settings;
}
