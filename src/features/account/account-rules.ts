/**
 * The account forms' checks before a call, the same rules and messages the server applies (the
 * server checks again): the join password policy, a plausible email, an allowed picture.
 */
import { ACCOUNT_TEXTS, AVATAR_MAX_BYTES } from '../../contract/account.ts';
import { isPlausibleEmail, normalizeEmail, passwordProblem } from '../../contract/credentials.ts';

export const PASSWORD_FIELDS = ['current_password', 'password1', 'password2'] as const;
export type PasswordField = (typeof PASSWORD_FIELDS)[number];
export type PasswordValues = Record<PasswordField, string>;

interface Person {
  email?: string | undefined;
  first_name?: string | undefined;
  last_name?: string | undefined;
}

/** The first problem of each field of the change-password form. */
/** `resetting`: a password recovery link's ticket stands in for the current password. */
export function changePasswordErrors(
  v: PasswordValues,
  who: Person,
  resetting = false,
): Partial<Record<PasswordField, string>> {
  const errors: Partial<Record<PasswordField, string>> = {};
  if (!v.current_password && !resetting) errors.current_password = ACCOUNT_TEXTS.currentPasswordMissing;
  const weakness = passwordProblem(v.password1, who);
  if (weakness) errors.password1 = weakness;
  if (v.password2 !== v.password1) errors.password2 = 'The passwords do not match.';
  return errors;
}

export const EMAIL_FIELDS = ['email', 'current_password'] as const;
export type EmailField = (typeof EMAIL_FIELDS)[number];

export function changeEmailErrors(
  v: Record<EmailField, string>,
  currentEmail: string | undefined,
): Partial<Record<EmailField, string>> {
  const errors: Partial<Record<EmailField, string>> = {};
  const email = normalizeEmail(v.email);
  if (!isPlausibleEmail(email)) errors.email = 'Please enter a valid email address.';
  else if (currentEmail && email === normalizeEmail(currentEmail))
    errors.email = ACCOUNT_TEXTS.emailUnchanged;
  if (!v.current_password) errors.current_password = 'Please enter your current password.';
  return errors;
}

const ALLOWED_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Why a chosen file is not sent (null: send it). The server judges the bytes; this spares an upload. */
export function avatarFileProblem(file: { type: string; size: number }): string | null {
  if (!ALLOWED_TYPES.includes(file.type)) return ACCOUNT_TEXTS.imageType;
  if (file.size > AVATAR_MAX_BYTES) return ACCOUNT_TEXTS.imageTooLarge;
  return null;
}
