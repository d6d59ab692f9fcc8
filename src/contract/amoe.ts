/**
 * AMOE (alternate method of entry, "free Sweeps Coins by mail") contract: paths, wire shapes,
 * the code format, the error codes and the player-facing texts. Paths are relative to /api/v1.
 *
 * Flow: the player asks for a postal request code (after the "I'm not a robot" check), writes it
 * on the card they mail in; the operator matches the letter by that code and issues a 12-character
 * AMOE code bound to the player; the player redeems it on the redeem page for free Sweeps Coins.
 * Answers use `type()` so a newer server may add fields; requests use strict `object()`.
 */
import { array, enums, nullable, number, object, size, string, type, type Infer } from 'superstruct';
import { RobotCheckChallengeSchema, ROBOT_CHECK_PROBLEMS } from './robot-check.ts';

export const AMOE_API_PATHS = {
  /** GET -> AmoeCaptchaChallenge: a signed, single-use, short-lived challenge for the sandbox check. */
  captchaChallenge: '/amoe/captcha',
  /** POST AmoePostalRequestCodeRequest -> AmoePostalRequestCodeResponse. */
  postalRequestCode: '/amoe/postal-request-code',
  /** GET -> AmoePostalRequestsResponse: the player's latest postal request codes and their state. */
  postalRequests: '/amoe/postal-requests',
  /** POST AmoeRedeemRequest (Idempotency-Key header) -> AmoeRedeemResponse. */
  redeem: '/amoe/redeem',
} as const;

/** Letters and digits without the look-alikes 0/O and 1/I, so a handwritten or typed code is unambiguous. */
export const AMOE_CODE_ALPHABET = '23456789ABCDEFGHJKLMNPQRSTUVWXYZ';
export const AMOE_CODE_LENGTH = 12;
/** An AMOE code expires this many days after it was delivered to the player. */
export const AMOE_CODE_VALID_DAYS = 180;
/**
 * Postal request codes one player may hold that no letter has been matched to yet: enough for
 * anyone mailing requests by hand, and it keeps a script from filling the operator's list.
 */
export const AMOE_MAX_OPEN_POSTAL_REQUESTS = 20;
/** Longest code text the redeem call accepts before normalising (spaces and dashes included). */
export const AMOE_CODE_INPUT_MAX = 40;

/**
 * The code as the player typed it, normalised: upper case, spaces and dashes dropped. The result
 * may still be invalid; `isAmoeCode` says whether it has the format.
 */
export const normalizeAmoeCode = (raw: string): string => raw.replace(/[\s-]+/g, '').toUpperCase();

const CODE_PATTERN = new RegExp(`^[${AMOE_CODE_ALPHABET}]{${AMOE_CODE_LENGTH}}$`);
export const isAmoeCode = (normalized: string): boolean => CODE_PATTERN.test(normalized);

/** Groups of four for display: "ABCD-EFGH-JKLM". */
export const formatAmoeCode = (normalized: string): string => normalized.replace(/(.{4})(?=.)/g, '$1-');

/** Where mail-in requests go (also in the Official Sweepstakes Rules, section 3). */
export const AMOE_MAILING_ADDRESS = {
  name: 'Lucky Crown Sweepstakes AMOE',
  line1: 'P.O. Box 5821',
  cityStateZip: 'Wilmington, DE 19808',
} as const;

// ---------------------------------------------------------------------------------------------
// Wire shapes
// ---------------------------------------------------------------------------------------------
/** The robot check's challenge (contract/robot-check.ts), shared with sign-up. */
export const AmoeCaptchaChallengeSchema = RobotCheckChallengeSchema;
export type AmoeCaptchaChallenge = Infer<typeof AmoeCaptchaChallengeSchema>;

export const AmoePostalRequestCodeRequestSchema = object({
  recaptcha_token: size(string(), 1, 2048),
  site_key: size(string(), 1, 200),
});
export type AmoePostalRequestCodeRequest = Infer<typeof AmoePostalRequestCodeRequestSchema>;

export const AMOE_POSTAL_REQUEST_STATES = ['open', 'issued'] as const;
export type AmoePostalRequestState = (typeof AMOE_POSTAL_REQUEST_STATES)[number];

export const AmoePostalRequestSchema = type({
  postal_request_code: string(),
  created_at: string(),
  /** open: waiting for the letter; issued: the operator issued an AMOE code for it. */
  status: enums(AMOE_POSTAL_REQUEST_STATES),
  issued_at: nullable(string()),
});
export type AmoePostalRequest = Infer<typeof AmoePostalRequestSchema>;

export const AmoePostalRequestCodeResponseSchema = type({
  postal_request_code: string(),
  created_at: string(),
});
export type AmoePostalRequestCodeResponse = Infer<typeof AmoePostalRequestCodeResponseSchema>;

export const AmoePostalRequestsResponseSchema = type({ results: array(AmoePostalRequestSchema) });
export type AmoePostalRequestsResponse = Infer<typeof AmoePostalRequestsResponseSchema>;

export const AmoeRedeemRequestSchema = object({ code: size(string(), 0, AMOE_CODE_INPUT_MAX) });
export type AmoeRedeemRequest = Infer<typeof AmoeRedeemRequestSchema>;

export const AmoeRedeemResponseSchema = type({
  /** Free Sweeps Coins credited (2 decimals). */
  amount_ghc: number(),
  /** Gold Coins credited (mail-in entries give none). */
  amount_gld: number(),
});
export type AmoeRedeemResponse = Infer<typeof AmoeRedeemResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Errors (answer body `{ code, message, field, extra }` as everywhere)
// ---------------------------------------------------------------------------------------------
export const AMOE_ERROR_CODES = {
  /** 400 field code: not a 12-character code of the alphabet, or no such code. */
  AMOE_CODE_INVALID: 'AMOE_CODE_INVALID',
  /** 409 field code: the code was redeemed before (each code is redeemed once, ever). */
  AMOE_CODE_ALREADY_REDEEMED: 'AMOE_CODE_ALREADY_REDEEMED',
  /** 403 field code: the code was issued to another account. */
  AMOE_CODE_NOT_ASSOCIATED: 'AMOE_CODE_NOT_ASSOCIATED',
  /** 410 field code: more than 180 days since the code was delivered; extra { expired_at }. */
  AMOE_CODE_EXPIRED: 'AMOE_CODE_EXPIRED',
  /** 409: the daily redemption limit is reached (the day runs 12:00am-11:59pm ET); extra { retry_after_seconds }. */
  AMOE_DAILY_LIMIT: 'AMOE_DAILY_LIMIT',
  /** 409: the monthly redemption limit is reached (calendar month, ET); no retry offered. */
  AMOE_MONTHLY_LIMIT: 'AMOE_MONTHLY_LIMIT',
  /** 400 field recaptcha_token: the robot check failed; extra { reason: AmoeCaptchaProblem }. */
  AMOE_CAPTCHA_FAILED: 'AMOE_CAPTCHA_FAILED',
  /** 409: the player already holds AMOE_MAX_OPEN_POSTAL_REQUESTS codes waiting for a letter. */
  AMOE_TOO_MANY_OPEN_REQUESTS: 'AMOE_TOO_MANY_OPEN_REQUESTS',
  /** Operator side: 404 unknown postal request code, 409 already issued. */
  AMOE_POSTAL_REQUEST_NOT_FOUND: 'AMOE_POSTAL_REQUEST_NOT_FOUND',
  AMOE_POSTAL_REQUEST_ALREADY_ISSUED: 'AMOE_POSTAL_REQUEST_ALREADY_ISSUED',
} as const;
export type AmoeErrorCode = (typeof AMOE_ERROR_CODES)[keyof typeof AMOE_ERROR_CODES];

export const AMOE_CAPTCHA_PROBLEMS = ROBOT_CHECK_PROBLEMS;
export type AmoeCaptchaProblem = (typeof AMOE_CAPTCHA_PROBLEMS)[number];

/** Player-facing texts of AMOE (spec section 8): the server's messages and the dialog's. */
export const AMOE_TEXTS = {
  codeInvalid: 'This code is not valid. Please review the 12-character code and try again.',
  alreadyRedeemed: 'This code has already been redeemed.',
  notAssociated: 'This code is not associated with this account.',
  expired: `This code has expired. Codes expire ${AMOE_CODE_VALID_DAYS} days after delivery.`,
  dailyLimit:
    'You have reached the daily limit for redeeming codes. Please try again tomorrow (the day resets at 12:00am ET).',
  monthlyLimit: 'You have reached the monthly limit for redeeming codes.',
  generic: 'We could not redeem your code right now. Please try again later.',
  captchaFailed: 'The "I\'m not a robot" check failed or expired. Please tick the box again.',
  tooManyOpenRequests: `You already have ${AMOE_MAX_OPEN_POSTAL_REQUESTS} postal request codes waiting for a letter. Please mail those requests first.`,
  postalRequestNotFound: 'No postal request has this code.',
  postalRequestAlreadyIssued: 'An AMOE code was already issued for this postal request.',
  offline: 'You are offline. Requesting or redeeming a code needs a connection.',
  successTitle: 'Code Redeemed',
  errorTitle: 'Code Not Redeemed',
} as const;
