/**
 * The player's favourites and game settings (src/contract/player-data.ts), kept in their
 * user_data on the server so they follow the player to another device.
 *
 * - A change shows at once: it is written to the signed-in player's user_data in the store (which
 *   the IndexedDB mirror keeps, so the last known favourites and settings show offline too).
 * - It is then sent with PATCH /users/me/user-data. Until the server has it, it waits as a
 *   pending action of this player (lib/pending-actions.ts: IndexedDB, one entry per key, the
 *   newest value replacing an older one), so a change made offline, or whose answer was lost,
 *   or made just before the app was closed, is sent when the app is next online.
 * - Sends go one at a time, oldest first, so two quick toggles of one game reach the server in
 *   the order they were made.
 * - The server's user is the truth whenever it arrives (sign-in, resume, token refresh, an answer
 *   to a patch); changes still pending on this device are laid over it, as they are newer.
 *   Between devices the last change of a key to reach the server wins (docs/player-settings.md).
 */
import { API_PATHS } from '../contract/api-paths.ts';
import { favouriteKey, favouritesOf, settingKey, type GameSettingName } from '../contract/player-data.ts';
import { UserSchema, type User } from '../contract/schemas.ts';
import { api, isApiError } from '../lib/api-client.ts';
import { outcomeUnknown, pendingActions, type PendingActions } from '../lib/pending-actions.ts';
import { store } from './store.ts';

const ACTION_PREFIX = 'user-data:';

const actionsOf = (userId: string): PendingActions => pendingActions(`player:${userId}:user-data`);

/** Writes one key of the signed-in player's user_data in the store (what the pages read). */
function setLocal(key: string, value: unknown): void {
  const user = store.session.user;
  if (user) user.user_data[key] = value;
}

/** The player's favourite game ids as the store knows them now. */
function currentFavourites(): string[] {
  return favouritesOf(store.session.user?.user_data ?? {});
}

/** Saves `key` = `value` for the signed-in player: shown at once, sent now or when back online. */
export async function savePlayerData(key: string, value: boolean): Promise<void> {
  const user = store.session.user;
  if (!user) return;
  setLocal(key, value);
  const actions = actionsOf(user.id);
  const action = `${ACTION_PREFIX}${key}`;
  // The newest value replaces one still waiting (a new entry, with a key of its own).
  await actions.settle(action);
  await actions.begin(action, value);
  await flushPlayerData();
}

/** Stars the game, or takes it off the favourites. */
export function toggleFavourite(gameId: string): Promise<void> {
  const on = currentFavourites().includes(gameId);
  return savePlayerData(favouriteKey(gameId), !on);
}

export function setGameSetting(name: GameSettingName, value: boolean): Promise<void> {
  return savePlayerData(settingKey(name), value);
}

/** Lays the changes still pending for this player over the user_data the store holds. */
async function layPendingOver(userId: string): Promise<void> {
  for (const entry of await actionsOf(userId).list()) {
    if (store.session.user?.id !== userId) return;
    setLocal(entry.action.slice(ACTION_PREFIX.length), entry.body);
  }
}

/** The server's user arrived: it replaces the store's, with this device's pending changes over it. */
async function acceptServerUser(user: User): Promise<void> {
  if (store.session.user?.id !== user.id) return;
  store.session.user = user;
  await layPendingOver(user.id);
}

let flushing: Promise<void> | null = null;
let again = false;

/**
 * Sends the pending changes of the signed-in player, oldest first, while there is a session
 * token. A lost answer, a 5xx or a "try again" stops the round (the change stays for the next
 * one: back online, a new token, the next change); a final refusal drops the change and takes
 * the server's user back. Calls during a round run one more round after it.
 */
export function flushPlayerData(): Promise<void> {
  if (flushing) {
    again = true;
    return flushing;
  }
  flushing = (async () => {
    do {
      again = false;
      await flushOnce();
    } while (again);
  })().finally(() => {
    flushing = null;
  });
  return flushing;
}

async function flushOnce(): Promise<void> {
  const user = store.session.user;
  if (!user || store.session.status !== 'signed-in' || !store.session.token) return;
  const actions = actionsOf(user.id);
  const waiting = (await actions.list()).sort((a, b) => a.since - b.since);
  for (const entry of waiting) {
    const key = entry.action.slice(ACTION_PREFIX.length);
    try {
      const answer = await api.patch(API_PATHS.userData, { key, value: entry.body }, UserSchema, {
        handleErrors: false,
      });
      // A newer value made while this one was on its way stays pending (a new key).
      if ((await actions.find(entry.action))?.key === entry.key) await actions.settle(entry.action);
      await acceptServerUser(answer);
    } catch (e) {
      if (!isApiError(e) || outcomeUnknown(e)) return;
      if ((await actions.find(entry.action))?.key === entry.key) await actions.settle(entry.action);
      await reloadUserData(user.id);
    }
  }
}

async function reloadUserData(userId: string): Promise<void> {
  try {
    await acceptServerUser(await api.get(API_PATHS.me, UserSchema, { handleErrors: false }));
  } catch {
    // Kept as shown; the next sign-in or refresh brings the server's answer.
    if (store.session.user?.id === userId) await layPendingOver(userId);
  }
}

/**
 * A user from the server is in the store (sign-in, resume, refresh): this device's pending
 * changes go over it and are sent.
 */
export async function syncPlayerData(): Promise<void> {
  const user = store.session.user;
  if (!user) return;
  await layPendingOver(user.id);
  await flushPlayerData();
}
