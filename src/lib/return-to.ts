/**
 * Return-to address: the page a signed-out visitor asked for, kept in sessionStorage (per tab,
 * survives a reload) so sign-in or a token refresh can send them back there.
 */
import { ROUTES } from '../contract/routes.ts';
import { STORAGE_KEYS } from '../contract/constants.ts';

/** Pages that must never be a return target (they would loop or sign the player out again). */
const NOT_RETURNABLE = [ROUTES.login, ROUTES.logout, ROUTES.createUser, ROUTES.home, ROUTES.signInLink];

/** Only same-site absolute paths are accepted, so the value cannot send anyone off-site. */
export const isSafeReturnPath = (path: string): boolean =>
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !path.startsWith('/api/');

const pathnameOf = (path: string): string => path.split(/[?#]/, 1)[0] ?? path;

export function rememberReturnTo(path: string): void {
  if (!isSafeReturnPath(path)) return;
  if ((NOT_RETURNABLE as readonly string[]).includes(pathnameOf(path))) return;
  try {
    sessionStorage.setItem(STORAGE_KEYS.returnTo, path);
  } catch {
    // Storage can be unavailable (private mode quota); returning to the lobby is acceptable.
  }
}

export function peekReturnTo(): string | null {
  try {
    const v = sessionStorage.getItem(STORAGE_KEYS.returnTo);
    return v && isSafeReturnPath(v) ? v : null;
  } catch {
    return null;
  }
}

/** The remembered path (removed once read), or the lobby. */
export function consumeReturnTo(): string {
  const v = peekReturnTo();
  clearReturnTo();
  return v ?? ROUTES.lobby;
}

export function clearReturnTo(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEYS.returnTo);
  } catch {
    // ignore: nothing to clear
  }
}
