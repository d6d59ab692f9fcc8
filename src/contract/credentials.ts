/**
 * Email normalisation and the password policy (re-exported by ./eligibility.ts, the eligibility
 * rules shared by the app and the server). Its own module so a page that only checks an email or
 * a password (change email, change password) does not carry the ZIP code tables. Framework-free,
 * no I/O.
 */
import { PASSPHRASE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/** Trimmed, Unicode-normalised and lower-cased: the form used for uniqueness and sign-in. */
export function normalizeEmail(email: string): string {
  return email.normalize('NFKC').trim().toLowerCase();
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isPlausibleEmail = (email: string): boolean =>
  email.length <= 254 && EMAIL_PATTERN.test(email.trim());

// The lengths live with the shared constants: the join form's hint names them without this module.
export { PASSPHRASE_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from './constants.ts';

/** Frequently breached passwords that meet the length rule (compared lower-cased). */
const COMMON_PASSWORDS = new Set([
  '1234567890',
  '12345678910',
  '0987654321',
  '1q2w3e4r5t',
  '1qaz2wsx3edc',
  'qwertyuiop',
  'qwerty12345',
  'qwerty123!',
  'password1!',
  'password123',
  'password123!',
  'password1234',
  'passw0rd123',
  'p@ssw0rd123',
  'p@ssword123',
  'iloveyou123',
  'letmein123!',
  'welcome123!',
  'welcome2024',
  'welcome2025',
  'welcome2026',
  'sunshine123',
  'princess123',
  'football123',
  'baseball123',
  'abc1234567',
  'abcdefghij',
  'changeme123',
  'trustno1234',
  'dragon12345',
  'monkey12345',
  'superman123',
  'luckycrown1',
  'luckycrown123',
  'sweepstakes1',
  'casino12345',
  'jackpot1234',
]);

const characterClasses = (s: string): number =>
  [/[a-z]/, /[A-Z]/, /[0-9]/, /[^a-zA-Z0-9]/].filter((re) => re.test(s)).length;

function isMostlyRepeated(password: string): boolean {
  const chars = [...password];
  const counts = new Map<string, number>();
  for (const ch of chars) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  const most = Math.max(...counts.values());
  return counts.size < 4 || most > chars.length / 2;
}

/** Strips spaces and punctuation so "Mary-Jane" is found in "maryjane2024!". */
const letters = (s: string): string =>
  s
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]/gu, '');

export interface PasswordContext {
  email?: string | null;
  first_name?: string | null;
  last_name?: string | null;
}

/**
 * Why a password is refused, as a message for the player, or null when it is acceptable.
 * Policy: 10-128 characters; not mostly one repeated character; not a common password; not
 * containing the email's local part or the player's names (3+ letters); and either at least three
 * of lower case, upper case, digits and symbols, or a passphrase of 16+ characters.
 */
export function passwordProblem(password: string, context: PasswordContext = {}): string | null {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isMostlyRepeated(password)) return 'Password must not be mostly the same few characters repeated.';
  if (COMMON_PASSWORDS.has(password.toLowerCase()))
    return 'This password is too common. Please choose a less guessable one.';
  const haystack = letters(password);
  const localPart = context.email ? letters(context.email.split('@')[0] ?? '') : '';
  const personal = [localPart, letters(context.first_name ?? ''), letters(context.last_name ?? '')];
  if (personal.some((p) => p.length >= 3 && haystack.includes(p))) {
    return 'Password must not contain your email address or your name.';
  }
  if (length < PASSPHRASE_LENGTH && characterClasses(password) < 3) {
    return `Use at least three of: lower-case letters, upper-case letters, digits and symbols, or a passphrase of ${PASSPHRASE_LENGTH} or more characters.`;
  }
  return null;
}
