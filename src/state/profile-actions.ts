/**
 * The player's own profile changed on the server (picture, name, email, birth date): the answer's
 * User replaces the signed-in player's, so the header menu and every page show it at once.
 */
import type { User } from '../contract/schemas.ts';
import { store } from './store.ts';

export function applyProfileUpdate(user: User): User {
  store.session.user = user;
  return user;
}
