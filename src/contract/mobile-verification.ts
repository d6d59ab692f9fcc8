/**
 * Mobile verification contract (spec sections 2, 4, 6, 8, 9): paths, wire shapes, error codes,
 * dialog titles and player-facing texts, the phone format. Paths are relative to /api/v1.
 *
 * Where the mobile_verification_enabled named property is on, a new account is pending
 * (account_state 'pending_mobile_verification') until it verifies a US mobile number: send code,
 * then verify code. While pending the API answers 403 MOBILE_VERIFICATION_REQUIRED everywhere but
 * these calls, GET /users/me and sign-out. Answers use `type()` so a newer server may add fields;
 * requests use strict `object()`. Framework-free: shared by app and server.
 */
import { ERROR_CODES } from './errors.ts';
import { boolean, literal, number, object, optional, size, string, type, type Infer } from 'superstruct';

export const MOBILE_VERIFICATION_API_PATHS = {
  /** POST SendMobileCodeRequest -> SendMobileCodeResponse. */
  sendCode: '/mobile-verification/send-code',
  /** POST VerifyMobileCodeRequest -> VerifyMobileCodeResponse (the user, now active). */
  verifyCode: '/mobile-verification/verify-code',
} as const;

/** Digits of a verification code. */
export const MOBILE_CODE_LENGTH = 6;
/** A code may be typed until this many minutes after it was sent. */
export const MOBILE_CODE_TTL_MINUTES = 10;
/** Wrong codes accepted against one code; the next wrong one kills it (ask for a new code). */
export const MOBILE_CODE_MAX_ATTEMPTS = 5;
/** Spec section 9: the phone field is formatted 300 ms after the last keystroke. */
export const PHONE_FORMAT_DEBOUNCE_MS = 300;
/** Spec section 9: "(xxx) xxx-xxxx" is 14 characters. */
export const PHONE_FORMATTED_LENGTH = 14;
/** Longest phone text the send call accepts before normalising. */
export const PHONE_INPUT_MAX = 32;

/**
 * The 10 digits of a US number typed as "(xxx) xxx-xxxx", "xxx-xxx-xxxx", "xxx xxx xxxx",
 * "+1 xxx xxx xxxx" or 10 bare digits; null otherwise. The area code and the exchange cannot
 * start with 0 or 1 (North American numbering plan), so "(123) 456-7890" is refused.
 */
export function usMobileDigits(input: string): string | null {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > PHONE_INPUT_MAX) return null;
  if (!/^[\d\s()+.-]+$/.test(trimmed)) return null;
  let digits = trimmed.replace(/\D/g, '');
  if (digits.length === 11 && digits.startsWith('1')) digits = digits.slice(1);
  return /^[2-9]\d{2}[2-9]\d{6}$/.test(digits) ? digits : null;
}

/** "(xxx) xxx-xxxx" from up to 10 digits; partial input is formatted as far as it goes. */
export function formatUsPhone(input: string): string {
  let d = input.replace(/\D/g, '');
  // "+1 312 555 0100": the country code is not part of the 10 digits.
  if (d.length === 11 && d.startsWith('1')) d = d.slice(1);
  d = d.slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** "(xxx) xxx-••34": what the page shows of the number a code went to. */
export const maskedPhone = (digits: string): string =>
  `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-••${digits.slice(8)}`;

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------
export const SendMobileCodeRequestSchema = object({
  /** A 10-digit US number, formatted or not (usMobileDigits). */
  phone: size(string(), 0, PHONE_INPUT_MAX),
  /** true: send a new code even though one to this number is still valid (the 'same' answer). */
  resend: optional(boolean()),
});
export type SendMobileCodeRequest = Infer<typeof SendMobileCodeRequestSchema>;

export const SendMobileCodeResponseSchema = type({
  /** The 10 digits the code went to. */
  phone: string(),
  sent_at: string(),
  expires_at: string(),
  /** Codes this account may still ask for in the current 24 hours. */
  codes_left_today: number(),
});
export type SendMobileCodeResponse = Infer<typeof SendMobileCodeResponseSchema>;

export const VerifyMobileCodeRequestSchema = object({
  phone: size(string(), 0, PHONE_INPUT_MAX),
  code: size(string(), 0, 16),
});
export type VerifyMobileCodeRequest = Infer<typeof VerifyMobileCodeRequestSchema>;

export const VerifyMobileCodeResponseSchema = type({
  verified: literal(true),
  phone: string(),
});
export type VerifyMobileCodeResponse = Infer<typeof VerifyMobileCodeResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Errors (spec section 8) and their texts
// ---------------------------------------------------------------------------------------------
export const MOBILE_VERIFICATION_ERROR_CODES = {
  /** 403 on every other API route while the account is pending. */
  MOBILE_VERIFICATION_REQUIRED: ERROR_CODES.MOBILE_VERIFICATION_REQUIRED,
  /** 400, field phone: not a 10-digit US number. */
  MOBILE_INVALID_PHONE: 'MOBILE_INVALID_PHONE',
  /** 409 ('same'): a code sent to this number is still valid; extra.sent_at, extra.expires_at. Resend offered. */
  MOBILE_SAME_NUMBER: 'MOBILE_SAME_NUMBER',
  /** 409: the number is verified on another account (not closed, not a likely duplicate of this player). */
  MOBILE_DUPLICATE_NUMBER: 'MOBILE_DUPLICATE_NUMBER',
  /** 409: the number is verified on an account that is closed. SIGN IN offered (EXISTING ACCOUNT ALERT). */
  MOBILE_CLOSED_ACCOUNT: 'MOBILE_CLOSED_ACCOUNT',
  /** 409: the number is verified on another account of the same person (same birth date). SIGN IN offered (EXISTING ACCOUNT DETECTED). */
  MOBILE_DUPLICATE_ACCOUNT: 'MOBILE_DUPLICATE_ACCOUNT',
  /** 400 ('verification'), field code: wrong code; extra.attempts_left. */
  MOBILE_WRONG_CODE: 'MOBILE_WRONG_CODE',
  /** 400, field code: no live code for this number (expired, used up by wrong tries, or never sent). */
  MOBILE_CODE_EXPIRED: 'MOBILE_CODE_EXPIRED',
  /** 429 ('frequency'): the per-day limit of codes (per account or per number); extra.limit, extra.retry_at. */
  MOBILE_TOO_MANY_CODES: 'MOBILE_TOO_MANY_CODES',
  /** 409: this account is not waiting for mobile verification (already verified). */
  MOBILE_NOT_PENDING: 'MOBILE_NOT_PENDING',
  /** 502: the SMS provider did not take the message; a resend may work. */
  MOBILE_SMS_FAILED: 'MOBILE_SMS_FAILED',
} as const;
export type MobileVerificationErrorCode =
  (typeof MOBILE_VERIFICATION_ERROR_CODES)[keyof typeof MOBILE_VERIFICATION_ERROR_CODES];

/** The spec's names of the error kinds, as the page groups them. */
export type MobileErrorKind =
  'same' | 'duplicate-number' | 'existing-account' | 'verification' | 'frequency' | 'unexpected';

export function mobileErrorKind(code: string): MobileErrorKind {
  switch (code) {
    case MOBILE_VERIFICATION_ERROR_CODES.MOBILE_SAME_NUMBER:
      return 'same';
    case MOBILE_VERIFICATION_ERROR_CODES.MOBILE_DUPLICATE_NUMBER:
      return 'duplicate-number';
    case MOBILE_VERIFICATION_ERROR_CODES.MOBILE_CLOSED_ACCOUNT:
    case MOBILE_VERIFICATION_ERROR_CODES.MOBILE_DUPLICATE_ACCOUNT:
      return 'existing-account';
    case MOBILE_VERIFICATION_ERROR_CODES.MOBILE_WRONG_CODE:
    case MOBILE_VERIFICATION_ERROR_CODES.MOBILE_CODE_EXPIRED:
      return 'verification';
    case MOBILE_VERIFICATION_ERROR_CODES.MOBILE_TOO_MANY_CODES:
      return 'frequency';
    default:
      return 'unexpected';
  }
}

export const MOBILE_VERIFICATION_TEXTS = {
  pageTitle: 'Verify your mobile number',
  intro: 'Enter your US mobile number. We will text you a 6-digit code to confirm it is yours.',
  phoneLabel: 'Mobile number',
  phoneRequired: 'Please enter your mobile number',
  phoneInvalid: 'Please enter a 10-digit US mobile number as (xxx) xxx-xxxx',
  sendCode: 'Send code',
  codeLabel: 'Verification code',
  codeFormLabel: 'Enter the code we sent',
  codeSentTo: 'We sent a 6-digit code to {phone}. It expires in 10 minutes.',
  codeInvalid: 'Please enter the 6-digit code',
  verify: 'Verify',
  resend: 'Resend code',
  changeNumber: 'Use a different number',
  signOut: 'Sign out',
  offline: 'You are offline. Verifying your mobile number needs a connection.',
  verified: 'Your mobile number is verified.',
  sameTitle: 'CODE ALREADY SENT',
  same: 'We already sent a code to this number and it is still valid. Check your messages, or send a new code.',
  sameButton: 'RESEND CODE',
  duplicateNumberTitle: 'NUMBER ALREADY IN USE',
  duplicateNumber:
    'This mobile number is already verified on another account. Please use a different mobile number, or contact support.',
  closedAccountTitle: 'EXISTING ACCOUNT ALERT',
  closedAccount:
    'This mobile number belongs to an account that was closed. Only one account per person is allowed: please sign in to your existing account or contact support.',
  duplicateAccountTitle: 'EXISTING ACCOUNT DETECTED',
  duplicateAccount:
    'It looks like you already have an account with this mobile number. Only one account per person is allowed: please sign in to your existing account.',
  signInButton: 'SIGN IN',
  wrongCode: 'That code is not right. Please check it and try again ({attempts} left).',
  codeExpired: 'This code has expired or was tried too many times. Please send a new code.',
  frequencyTitle: 'TOO MANY CODES TODAY',
  frequency: 'You have asked for too many codes today. Please try again after {time}.',
  unexpectedTitle: 'SOMETHING WENT WRONG',
  unexpected: 'An unexpected error occurred',
  okButton: 'OK',
  verifyToContinueTitle: 'Verify to continue',
  verifyToContinue:
    'Verifying your mobile number is the last step before you can play. You can sign out now and finish it the next time you sign in.',
  keepVerifying: 'Keep verifying',
  required: 'Please verify your mobile number to continue.',
} as const;
