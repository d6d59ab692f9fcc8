/**
 * The password reset ticket a recovery link's sign-in answered (contract PasswordResetTicket),
 * kept in this tab (sessionStorage) for the change-password page: with it, that page asks for a
 * new password only. Kept with the player's id; gone once used, expired or of another player.
 */
import { PasswordResetTicketSchema, type PasswordResetTicket } from '../contract/account.ts';
import { is } from 'superstruct';

const KEY = 'lc.passwordReset';

export function keepPasswordResetTicket(userId: string, ticket: unknown): boolean {
  if (!is(ticket, PasswordResetTicketSchema)) return false;
  try {
    sessionStorage.setItem(
      KEY,
      JSON.stringify({ userId, token: ticket.token, expires_at: ticket.expires_at }),
    );
    return true;
  } catch {
    return false;
  }
}

/** The kept ticket of this player, while it has not expired; null otherwise. */
export function passwordResetTicket(
  userId: string | undefined,
  nowMs = Date.now(),
): PasswordResetTicket | null {
  try {
    const kept = JSON.parse(sessionStorage.getItem(KEY) ?? 'null') as
      (PasswordResetTicket & { userId?: string }) | null;
    if (!kept || kept.userId !== userId || !(Date.parse(kept.expires_at) > nowMs)) return null;
    return { token: kept.token, expires_at: kept.expires_at };
  } catch {
    return null;
  }
}

export function forgetPasswordResetTicket(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing kept
  }
}
