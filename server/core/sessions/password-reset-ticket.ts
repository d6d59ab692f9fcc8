/**
 * The password reset ticket (docs/account.md, "Password recovery"): a recovery link's sign-in
 * answers it beside the session, and it lets that session set a new password without the old one.
 * Stateless, HMAC-signed with the JWT secret under its own label, bound to:
 * - the player and the session the link started (another session, even the player's, cannot use it);
 * - a fingerprint of the password hash at issue, so it works once: the new password changes the
 *   hash and the ticket no longer matches (nor does it after any other password change);
 * - an expiry 30 minutes after issue (PASSWORD_RESET_TICKET_TTL_SECONDS).
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import {
  PASSWORD_RESET_TICKET_TTL_SECONDS,
  type PasswordResetTicket,
} from '../../../src/contract/account.ts';

const LABEL = 'password-reset-ticket:v1';

export interface TicketSubject {
  userId: string;
  sessionId: string;
  /** The password hash on file now (null/empty for an account without a password). */
  passwordHash: string | null;
}

const fingerprint = (hash: string | null): string =>
  createHash('sha256')
    .update(hash ?? '')
    .digest('base64url')
    .slice(0, 22);

const sign = (secret: string, payload: string): string =>
  createHmac('sha256', secret).update(`${LABEL}.${payload}`).digest('base64url');

export function issuePasswordResetTicket(
  secret: string,
  subject: TicketSubject,
  nowMs: number,
): PasswordResetTicket {
  const expires = nowMs + PASSWORD_RESET_TICKET_TTL_SECONDS * 1000;
  const payload = Buffer.from(
    JSON.stringify({
      u: subject.userId,
      s: subject.sessionId,
      f: fingerprint(subject.passwordHash),
      e: expires,
    }),
  ).toString('base64url');
  return { token: `${payload}.${sign(secret, payload)}`, expires_at: new Date(expires).toISOString() };
}

/** True when `token` is a ticket of this session and player, for the password on file, not expired. */
export function checkPasswordResetTicket(
  secret: string,
  token: string,
  subject: TicketSubject,
  nowMs: number,
): boolean {
  const [payload, mac, extra] = token.split('.');
  if (!payload || !mac || extra !== undefined) return false;
  const expected = Buffer.from(sign(secret, payload));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return false;
  let claims: { u?: unknown; s?: unknown; f?: unknown; e?: unknown };
  try {
    claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as typeof claims;
  } catch {
    return false;
  }
  return (
    claims.u === subject.userId &&
    claims.s === subject.sessionId &&
    claims.f === fingerprint(subject.passwordHash) &&
    typeof claims.e === 'number' &&
    nowMs < claims.e
  );
}
