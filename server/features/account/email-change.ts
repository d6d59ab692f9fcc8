/**
 * Changing the account's email: the request mails a one-time link to the NEW address (so only
 * its owner can finish the change) and the confirmation tells the OLD address that it happened.
 * A link works once and expires after EMAIL_CHANGE_LINK_TTL_SECONDS; a newer request of the same
 * player kills the older links. The confirmation's UPDATE ... WHERE used_at IS NULL RETURNING
 * takes the link in one statement, so a burst of confirmations changes the email once.
 */
import { randomBytes } from 'node:crypto';
import {
  ACCOUNT_ERROR_CODES,
  ACCOUNT_TEXTS,
  EMAIL_CHANGE_LINK_TTL_SECONDS,
  type ChangeEmailResponse,
} from '../../../src/contract/account.ts';
import { PRODUCT_NAME, SUPPORT_EMAIL } from '../../../src/contract/constants.ts';
import { isPlausibleEmail, normalizeEmail } from '../../../src/contract/eligibility.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { ROUTES } from '../../../src/contract/routes.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { hashToken } from '../../core/sessions/refresh-tokens.ts';
import { emailTaken, mapUniqueViolation } from '../../core/users/user-uniqueness.ts';
import type { UserRow } from '../../core/users/users-repo.ts';

const iso = (ms: number): string => new Date(ms).toISOString();

/** The normalised new address, refused when malformed, unchanged or taken by another account. */
export async function checkNewEmail(deps: AppDeps, user: UserRow, raw: string): Promise<string> {
  const email = normalizeEmail(raw);
  if (!isPlausibleEmail(email))
    throw new ApiError(400, ERROR_CODES.VALIDATION_ERROR, 'Please enter a valid email address.', 'email');
  if (email === normalizeEmail(user.email))
    throw new ApiError(400, ACCOUNT_ERROR_CODES.EMAIL_UNCHANGED, ACCOUNT_TEXTS.emailUnchanged, 'email');
  const taken = await deps.db.query('SELECT 1 FROM users WHERE lower(email) = $1', [email]);
  if (taken.length > 0) throw emailTaken();
  return email;
}

export async function requestEmailChange(
  deps: AppDeps,
  user: UserRow,
  newEmail: string,
): Promise<ChangeEmailResponse> {
  const token = randomBytes(32).toString('base64url');
  const now = deps.now();
  const expires = now + EMAIL_CHANGE_LINK_TTL_SECONDS * 1000;
  await transaction(deps.db, async (tx) => {
    // Only the newest link of a player works.
    await tx.query('UPDATE email_change_requests SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
      user.id,
      iso(now),
    ]);
    await tx.query(
      `INSERT INTO email_change_requests (token_hash, user_id, new_email, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5)`,
      [hashToken(token), user.id, newEmail, iso(now), iso(expires)],
    );
  });
  const link = `${deps.config.publicOrigin}${ROUTES.changeEmail}?token=${token}`;
  await deps.email.send({
    kind: 'email_change_confirm',
    to: newEmail,
    subject: `Confirm your new ${PRODUCT_NAME} email address`,
    text: [
      `Hi ${user.first_name},`,
      '',
      `You asked to use this address for your ${PRODUCT_NAME} account. Open this link to confirm:`,
      '',
      link,
      '',
      'The link works once and expires in 24 hours. Until then your account keeps its current email.',
      '',
      'If you did not ask for this, ignore this email: nothing changes.',
    ].join('\n'),
  });
  return { pending_email: newEmail, expires_at: iso(expires) };
}

const invalidLink = () =>
  new ApiError(400, ACCOUNT_ERROR_CODES.INVALID_EMAIL_CHANGE_LINK, ACCOUNT_TEXTS.emailLinkInvalid, 'token');

/** Takes the link once and moves the account to its address; answers the new email. */
export async function confirmEmailChange(deps: AppDeps, token: string): Promise<string> {
  const now = iso(deps.now());
  let changed: { userId: string; oldEmail: string; newEmail: string; firstName: string };
  try {
    changed = await transaction(deps.db, async (tx) => {
      const taken = await tx.query<{ user_id: string; new_email: string }>(
        `UPDATE email_change_requests SET used_at = $2
          WHERE token_hash = $1 AND used_at IS NULL AND expires_at > $2
          RETURNING user_id, new_email`,
        [hashToken(token), now],
      );
      const request = taken[0];
      if (!request) throw invalidLink();
      const users = await tx.query<{ email: string; first_name: string; account_state: string }>(
        'SELECT email, first_name, account_state FROM users WHERE id = $1 FOR UPDATE',
        [request.user_id],
      );
      const user = users[0];
      if (!user || user.account_state === 'closed') throw invalidLink();
      const other = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2', [
        request.new_email,
        request.user_id,
      ]);
      if (other.length > 0) throw emailTaken();
      await tx.query('UPDATE users SET email = $2, updated_at = $3 WHERE id = $1', [
        request.user_id,
        request.new_email,
        now,
      ]);
      // Sign-in links mailed to the old address stop working with it.
      await tx.query('UPDATE sign_in_links SET used_at = $2 WHERE user_id = $1 AND used_at IS NULL', [
        request.user_id,
        now,
      ]);
      return {
        userId: request.user_id,
        oldEmail: user.email,
        newEmail: request.new_email,
        firstName: user.first_name,
      };
    });
  } catch (error) {
    throw mapUniqueViolation(error);
  }
  await deps.email.send({
    kind: 'email_changed_notice',
    to: changed.oldEmail,
    subject: `Your ${PRODUCT_NAME} email address was changed`,
    text: [
      `Hi ${changed.firstName},`,
      '',
      `The email address of your ${PRODUCT_NAME} account was changed to ${changed.newEmail}. From now on, sign in with the new address.`,
      '',
      `If you did not make this change, contact ${SUPPORT_EMAIL} at once.`,
    ].join('\n'),
  });
  deps.logger.info('email changed', { user_id: changed.userId });
  return changed.newEmail;
}
