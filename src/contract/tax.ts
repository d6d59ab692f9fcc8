/**
 * Tax (W-9) contract: paths, request and answer shapes, error codes, texts and the form rules of
 * spec section 5, shared by the /w9-form page, the W-9 info dialog and the server. The rules are
 * plain functions of the raw values so the app disables submit with exactly the messages the
 * server answers with. Paths are relative to /api/v1. Answers use `type()` so a newer server may
 * add fields; requests use strict `object()`.
 */
import { boolean, enums, literal, nullable, object, string, type, unknown, type Infer } from 'superstruct';
import { W9_STATES } from './player-standing.ts';
import { US_STATE_NAMES } from './us-state-names.ts';

export const TAX_API_PATHS = {
  /** GET -> W9StatusResponse; POST W9CreateRequest -> W9StatusResponse (201): the W-9 form. */
  w9: '/tax/w9',
  /** POST W9ConfirmRequest { zipCode, ssnLastFour } -> W9ConfirmResponse: the W-9 info dialog. */
  w9Confirm: '/tax/w9/confirm',
} as const;

/** A W-9 is required before a redemption that brings the calendar year's (ET) redemptions to this. */
export const W9_THRESHOLD_USD_CENTS = 60_000;

/** How the last four digits are shown anywhere after submission: never the digits themselves. */
export const SSN_MASK = '••••';

/**
 * States of one W-9 submission. submitted: the form is in, the info dialog has not confirmed it
 * yet (the app shows this as "confirming"); superseded: replaced by a newer form before it was
 * confirmed. At most one submission per player is in force (not superseded).
 */
export const W9_SUBMISSION_STATES = ['submitted', 'confirmed', 'mismatched', 'superseded'] as const;
export type W9SubmissionState = (typeof W9_SUBMISSION_STATES)[number];

export const TAX_ERROR_CODES = {
  /** 409: the info dialog was sent before any W-9 form. */
  W9_NOT_SUBMITTED: 'W9_NOT_SUBMITTED',
  /** 409: the W-9 is already confirmed; a new form or different info is not taken. */
  W9_ALREADY_CONFIRMED: 'W9_ALREADY_CONFIRMED',
} as const;
export type TaxErrorCode = (typeof TAX_ERROR_CODES)[keyof typeof TAX_ERROR_CODES];

export const TAX_TEXTS = {
  // spec section 5, word for word
  ssnLastFourRequired: 'Please enter the last four (4) digits of your SSN',
  ssnLastFourExactlyFour: 'Please enter exactly four (4) digits',
  zipCodeRequired: 'Please enter a ZIP code',
  zipCodeFiveDigits: 'Please enter a 5-digit ZIP code',
  legalNameRequired: 'Please enter your legal name',
  legalNameInvalid: 'Please use only letters, spaces, periods, apostrophes and hyphens.',
  streetAddressRequired: 'Please enter a street address',
  addressInvalid: 'Please use only letters, digits, spaces and . , # / - characters.',
  cityRequired: 'Please enter a city',
  stateInvalid: 'Please select a valid state',
  certificationRequired: 'Please certify that the information on this form is correct.',
  notSubmitted: 'Please fill in the W-9 form first.',
  alreadyConfirmed: 'Your W-9 information is already confirmed.',
  // dialogs
  w9RequiredTitle: 'W-9 Required',
  w9InfoTitle: 'Confirm Your W-9 Information',
  w9InfoText:
    'To confirm your W-9, enter the ZIP code and the last four digits of the SSN you gave on the form.',
  confirmedTitle: 'W-9 Confirmed',
  confirmedText: 'Thank you. Your W-9 information is confirmed and you can continue to play and redeem.',
  mismatchTitle: 'W-9 Information Mismatch',
  mismatchText:
    'The information you entered does not match our records, so your account has been suspended. Please contact support.',
  suspendedTitle: 'Account Suspended',
} as const;

// ---------------------------------------------------------------------------------------------
// Field limits and rules (spec section 5: last four exactly 4 digits, ZIP at most 5).
// ---------------------------------------------------------------------------------------------
export const W9_LIMITS = {
  ssnLastFour: 4,
  /** The field takes at most 5 characters; a US ZIP code is exactly 5 digits, so fewer is refused too. */
  zipCode: 5,
  legalName: 100,
  addressLine: 100,
  city: 60,
} as const;

const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

/** Last four SSN digits: required ('...last four (4) digits of your SSN'), then exactly 4 digits. */
export function ssnLastFourError(value: unknown): string | null {
  const v = text(value);
  if (v === null || v === '') return TAX_TEXTS.ssnLastFourRequired;
  return /^\d{4}$/.test(v) ? null : TAX_TEXTS.ssnLastFourExactlyFour;
}

/** ZIP code: required, digits only, at most 5, and 5 to be a real US ZIP code. */
export function zipCodeError(value: unknown): string | null {
  const v = text(value);
  if (v === null || v === '') return TAX_TEXTS.zipCodeRequired;
  return /^\d{5}$/.test(v) ? null : TAX_TEXTS.zipCodeFiveDigits;
}

export function legalNameError(value: unknown): string | null {
  const v = text(value)?.trim() ?? '';
  if (v === '') return TAX_TEXTS.legalNameRequired;
  return v.length <= W9_LIMITS.legalName && /^[\p{L}][\p{L} .'-]*$/u.test(v)
    ? null
    : TAX_TEXTS.legalNameInvalid;
}

/** Address line: `required` for line 1; letters, digits, spaces and . , # / - only. */
export function addressLineError(value: unknown, required: boolean): string | null {
  if (value === undefined || value === null) return required ? TAX_TEXTS.streetAddressRequired : null;
  const v = text(value)?.trim();
  if (v === undefined) return TAX_TEXTS.addressInvalid;
  if (v === '') return required ? TAX_TEXTS.streetAddressRequired : null;
  return v.length <= W9_LIMITS.addressLine && /^[\p{L}\d .,#/-]+$/u.test(v) ? null : TAX_TEXTS.addressInvalid;
}

export function cityError(value: unknown): string | null {
  const v = text(value)?.trim() ?? '';
  if (v === '') return TAX_TEXTS.cityRequired;
  return v.length <= W9_LIMITS.city && /^[\p{L}][\p{L} .'-]*$/u.test(v) ? null : TAX_TEXTS.addressInvalid;
}

export function stateError(value: unknown): string | null {
  const v = text(value);
  return v !== null && Object.hasOwn(US_STATE_NAMES, v) ? null : TAX_TEXTS.stateInvalid;
}

export function certifiedError(value: unknown): string | null {
  return value === true ? null : TAX_TEXTS.certificationRequired;
}

export type W9InfoField = 'zipCode' | 'ssnLastFour';
/** The W-9 info dialog's errors by field (empty when it may be submitted). */
export function w9InfoErrors(form: Record<W9InfoField, unknown>): Partial<Record<W9InfoField, string>> {
  const errors: Partial<Record<W9InfoField, string>> = {};
  const zip = zipCodeError(form.zipCode);
  if (zip) errors.zipCode = zip;
  const ssn = ssnLastFourError(form.ssnLastFour);
  if (ssn) errors.ssnLastFour = ssn;
  return errors;
}

export const W9_FORM_FIELDS = [
  'legal_name',
  'address_line_1',
  'address_line_2',
  'city',
  'state_or_province',
  'zip_code',
  'ssn_last_four',
  'certified',
] as const;
export type W9FormField = (typeof W9_FORM_FIELDS)[number];

/** The W-9 form's errors by wire field, in form order (empty when it may be submitted). */
export function w9FormErrors(
  form: Partial<Record<W9FormField, unknown>>,
): Partial<Record<W9FormField, string>> {
  const checks: Record<W9FormField, string | null> = {
    legal_name: legalNameError(form.legal_name),
    address_line_1: addressLineError(form.address_line_1, true),
    address_line_2: addressLineError(form.address_line_2, false),
    city: cityError(form.city),
    state_or_province: stateError(form.state_or_province),
    zip_code: zipCodeError(form.zip_code),
    ssn_last_four: ssnLastFourError(form.ssn_last_four),
    certified: certifiedError(form.certified),
  };
  const errors: Partial<Record<W9FormField, string>> = {};
  for (const field of W9_FORM_FIELDS) {
    const message = checks[field];
    if (message) errors[field] = message;
  }
  return errors;
}

// ---------------------------------------------------------------------------------------------
// Wire shapes. Field values are `unknown()` in the request schemas: the shape (an object, no
// unknown keys) is checked by superstruct, the values by the rules above, so a number, a
// 10 KB string or a wrong type gets the same field message as a typo.
// ---------------------------------------------------------------------------------------------
export const W9CreateRequestSchema = object({
  legal_name: unknown(),
  address_line_1: unknown(),
  address_line_2: unknown(),
  city: unknown(),
  state_or_province: unknown(),
  zip_code: unknown(),
  ssn_last_four: unknown(),
  certified: unknown(),
});
export type W9CreateRequest = {
  legal_name: string;
  address_line_1: string;
  address_line_2?: string | null;
  city: string;
  state_or_province: string;
  zip_code: string;
  ssn_last_four: string;
  certified: true;
};

export const W9ConfirmRequestSchema = object({ zipCode: unknown(), ssnLastFour: unknown() });
export type W9ConfirmRequest = { zipCode: string; ssnLastFour: string };

export const W9SubmissionSchema = type({
  id: string(),
  state: enums(W9_SUBMISSION_STATES),
  legal_name: string(),
  zip_code: string(),
  /** Always SSN_MASK: the digits are never answered back. */
  ssn_last_four: literal(SSN_MASK),
  submitted_at: string(),
  decided_at: nullable(string()),
});
export type W9Submission = Infer<typeof W9SubmissionSchema>;

export const W9StatusResponseSchema = type({
  w9_state: enums(W9_STATES),
  suspended: boolean(),
  /** The submission in force, or null before the first form. */
  submission: nullable(W9SubmissionSchema),
  threshold_usd: string(),
});
export type W9StatusResponse = Infer<typeof W9StatusResponseSchema>;

export const W9ConfirmResponseSchema = type({
  outcome: enums(['confirmed', 'mismatched'] as const),
  w9_state: enums(W9_STATES),
  suspended: boolean(),
});
export type W9ConfirmResponse = Infer<typeof W9ConfirmResponseSchema>;
