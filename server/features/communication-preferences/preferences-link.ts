/**
 * The signed link at the foot of every marketing mail: /update-communication-preferences?u=<player
 * id>&t=<signature>. The signature (HMAC-SHA256 of the player id, base64url) is the credential:
 * it lets the mail's reader change that one player's marketing preferences without signing in,
 * and nothing else. It does not expire, because an unsubscribe link must keep working for as long
 * as the mail sits in an inbox; it changes only if the server's JWT secret is rotated (then the
 * links of older mails stop working and the player uses My Account).
 */
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { COMMUNICATION_PREFERENCES_PATHS } from '../../../src/contract/communication-preferences.ts';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { ROUTES } from '../../../src/contract/routes.ts';

/** A key of its own, derived from the JWT secret, so a link can never be mistaken for a token. */
export function preferencesLinkKey(jwtSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'lucky-crown', 'communication preferences link v1', 32));
}

export function signPreferencesLink(key: Buffer, userId: string): string {
  return createHmac('sha256', key).update(`preferences:${userId}`).digest('base64url');
}

export function isValidPreferencesLink(key: Buffer, userId: string, signature: string): boolean {
  const expected = Buffer.from(signPreferencesLink(key, userId));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The page players open from the mail. */
export function preferencesPageUrl(publicOrigin: string, key: Buffer, userId: string): string {
  const q = new URLSearchParams({ u: userId, t: signPreferencesLink(key, userId) });
  return `${publicOrigin}${ROUTES.updateCommunicationPreferences}?${q.toString()}`;
}

/** The List-Unsubscribe-Post target (RFC 8058): a mail client's one-click unsubscribe. */
export function oneClickUnsubscribeUrl(publicOrigin: string, key: Buffer, userId: string): string {
  const q = new URLSearchParams({ u: userId, t: signPreferencesLink(key, userId) });
  return `${publicOrigin}${API_PREFIX}${COMMUNICATION_PREFERENCES_PATHS.oneClick}?${q.toString()}`;
}
