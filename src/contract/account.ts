/**
 * My Account contract: profile picture, change password, change email (confirmed by a mailed
 * link), close account and the birth date an account may still owe. Paths are relative to
 * /api/v1. Answers use `type()` so a newer server may add fields; requests use strict `object()`.
 * Kept out of start-up modules: only the account pages and the server import it.
 */
import { object, optional, size, string, type, type Infer } from 'superstruct';

export const ACCOUNT_API_PATHS = {
  /** PATCH multipart form data (field `avatar`, the image; `username` accepted and ignored) -> User. */
  avatar: '/users/me/avatar',
  /** GET -> the picture (image/webp), public and immutable: a new upload gets a new id. */
  avatarImage: (id: string): string => `/avatars/${encodeURIComponent(id)}`,
  /** POST ChangePasswordRequest -> 204; every other session of the player ends. */
  password: '/users/me/password',
  /** POST ChangeEmailRequest -> 202 ChangeEmailResponse; mails a confirmation link to the new address. */
  email: '/users/me/email',
  /** POST ConfirmEmailRequest -> ConfirmEmailResponse; no sign-in needed: the link's token is the proof. */
  emailConfirm: '/users/me/email/confirm',
  /** POST {} -> 204; the account is closed and every session ends. */
  close: '/users/me/close',
} as const;

/** Server route pattern of the picture. */
export const AVATAR_IMAGE_ROUTE = '/avatars/:id';

/** The largest upload taken (the file itself); a bigger request body is refused before it is read. */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
/** The side of the square picture every upload is re-encoded to. */
export const AVATAR_SIZE_PX = 256;
/** What the upload form accepts (checked again from the bytes on the server). */
export const AVATAR_ACCEPT = 'image/jpeg,image/png,image/webp';
/** The form field holding the file. */
export const AVATAR_FIELD = 'avatar';

/** How long the link mailed to a new email address works. */
export const EMAIL_CHANGE_LINK_TTL_SECONDS = 24 * 60 * 60;

export const CLOSED_REASONS = ['player_request', 'age_requirement'] as const;
export type ClosedReason = (typeof CLOSED_REASONS)[number];

export const ACCOUNT_ERROR_CODES = {
  /** 400: the current password given with a change is wrong (not 401, which means the session ended). */
  WRONG_PASSWORD: 'WRONG_PASSWORD',
  /** 400: not a JPEG, PNG or WebP image (judged from the bytes, not the name or declared type). */
  IMAGE_TYPE_NOT_ALLOWED: 'IMAGE_TYPE_NOT_ALLOWED',
  /** 413: the picture is larger than AVATAR_MAX_BYTES. */
  IMAGE_TOO_LARGE: 'IMAGE_TOO_LARGE',
  /** 400: the bytes claim an image type but do not decode as one. */
  IMAGE_UNREADABLE: 'IMAGE_UNREADABLE',
  /** 400: the body is not multipart form data with one file in `avatar`. */
  INVALID_UPLOAD: 'INVALID_UPLOAD',
  /** 400: the email change link is unknown, expired or already used. */
  INVALID_EMAIL_CHANGE_LINK: 'INVALID_EMAIL_CHANGE_LINK',
  /** 400 (field reset_token): the recovery link's ticket is expired, used, or of another session. */
  RESET_TICKET_INVALID: 'RESET_TICKET_INVALID',
  /** 400: the new email is the account's email already. */
  EMAIL_UNCHANGED: 'EMAIL_UNCHANGED',
  /** 409: the account's birth date is set; it is not changed by the player. */
  BIRTH_DATE_ALREADY_SET: 'BIRTH_DATE_ALREADY_SET',
} as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[keyof typeof ACCOUNT_ERROR_CODES];

/**
 * current_password, or reset_token: the ticket a password recovery link's sign-in answered
 * (PasswordResetTicket), which stands in for the forgotten password in the session it started.
 * One of the two is needed.
 */
export const ChangePasswordRequestSchema = object({
  current_password: optional(size(string(), 0, 256)),
  reset_token: optional(size(string(), 1, 1024)),
  password1: size(string(), 1, 256),
  password2: optional(size(string(), 0, 256)),
});
export type ChangePasswordRequest = Infer<typeof ChangePasswordRequestSchema>;

/**
 * Answered beside the session by a password recovery link's sign-in (field `password_reset` of
 * POST /auth/sign-in-link): sets a new password without the current one, in that session, once,
 * until expires_at (PASSWORD_RESET_TICKET_TTL_SECONDS).
 */
export const PasswordResetTicketSchema = type({ token: string(), expires_at: string() });
export type PasswordResetTicket = Infer<typeof PasswordResetTicketSchema>;
export const PASSWORD_RESET_TICKET_TTL_SECONDS = 30 * 60;

export const ChangeEmailRequestSchema = object({
  email: size(string(), 3, 254),
  current_password: size(string(), 1, 256),
});
export type ChangeEmailRequest = Infer<typeof ChangeEmailRequestSchema>;

export const ChangeEmailResponseSchema = type({ pending_email: string(), expires_at: string() });
export type ChangeEmailResponse = Infer<typeof ChangeEmailResponseSchema>;

export const ConfirmEmailRequestSchema = object({ token: size(string(), 16, 512) });
export const ConfirmEmailResponseSchema = type({ email: string() });

/** Texts shown by the account pages (and the mails' subjects), kept beside the rules. */
export const ACCOUNT_TEXTS = {
  wrongPassword: 'Your current password is incorrect.',
  currentPasswordMissing: 'Please enter your current password.',
  resetTicketInvalid:
    'The time to choose a new password with your emailed link is over. Enter your current password, or ask for a new link from the sign-in page.',
  resetIntro:
    'You signed in with the link we emailed you. Choose a new password now; you do not need your old one.',
  imageType: 'Please choose a JPEG, PNG or WebP image.',
  imageTooLarge: `Please choose an image of ${AVATAR_MAX_BYTES / (1024 * 1024)} MB or less.`,
  imageUnreadable: 'This image could not be read. Please choose another one.',
  invalidUpload: 'Please choose an image to upload.',
  emailLinkInvalid: 'This link is invalid, expired or already used. Please ask for a new one.',
  emailUnchanged: 'This is already your email address.',
  birthDateAlreadySet: 'Your date of birth is already on file. Please contact support to correct it.',
  passwordChanged: 'Your password was changed. Every other device was signed out.',
  emailLinkSent: (email: string) =>
    `We sent a confirmation link to ${email}. Open it within 24 hours to finish the change.`,
  emailChanged: (email: string) => `Your email address is now ${email}.`,
  accountClosed: 'Your account is closed. We are sorry to see you go.',
  closedForAge:
    'This account is closed because the date of birth given is under the minimum age to play. If you think this is a mistake, contact support.',
} as const;
