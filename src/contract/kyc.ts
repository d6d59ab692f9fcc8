/**
 * Identity verification (KYC) contract, spec sections 3, 4, 7, 8 and 9: the link and
 * re-authentication link calls, the result call, the player's identity status, the messages the
 * verification frame posts to the app, the error codes and the dialog texts. docs/kyc.md tells
 * the states, the sandbox's test data and the named properties.
 */
import { enums, integer, nullable, object, string, type Infer } from 'superstruct';
import { IDENTITY_STATES } from './player-standing.ts';

/**
 * The two flows of the provider: `verification` verifies a player who is not verified yet;
 * `reauthentication` lets a verified player prove again that they are the person verified
 * (it never changes the identity state).
 */
export const KYC_FLOWS = ['verification', 'reauthentication'] as const;
export type KycFlow = (typeof KYC_FLOWS)[number];

/** Paths relative to API_PREFIX (/api/v1). */
export const KYC_API_PATHS = {
  /** GET (JWT): the verification frame's address for `flow` -> KycLink. */
  link: (flow: KycFlow) => `/kyc/links/${flow}`,
  linkPattern: '/kyc/links/:flow',
  /** GET (JWT) ?flow=&auth_response=: the provider's decision -> KycResult, or KYC_NO_DECISION / KYC_NO_DECISION_MAX. */
  result: (flow: KycFlow, authResponse: string) =>
    `/kyc/result?flow=${encodeURIComponent(flow)}&auth_response=${encodeURIComponent(authResponse)}`,
  resultPattern: '/kyc/result',
  /** GET (JWT): the player's identity status -> KycStatus (a pending decision is asked of the provider first). */
  status: '/kyc/status',
} as const;

/** Answer of the link calls (spec section 3: url (href), max_retries, retry_pause_seconds). */
export const KycLinkSchema = object({
  href: string(),
  /** Result calls the app may make for this verification, the first included. */
  max_retries: integer(),
  /** Seconds the app waits after a no-decision answer before asking again. */
  retry_pause_seconds: integer(),
});
export type KycLink = Infer<typeof KycLinkSchema>;

/** The decisions a result call answers (no-decision answers are error codes, below). */
export const KYC_OUTCOMES = ['verified', 'pending', 'rejected'] as const;
export type KycOutcome = (typeof KYC_OUTCOMES)[number];

export const KycResultSchema = object({
  flow: enums(KYC_FLOWS),
  outcome: enums(KYC_OUTCOMES),
  identity_state: enums(IDENTITY_STATES),
});
export type KycResult = Infer<typeof KycResultSchema>;

export const KycStatusSchema = object({
  identity_state: enums(IDENTITY_STATES),
  /** ISO time the player became verified; null otherwise. */
  verified_at: nullable(string()),
  /** ISO time the pending decision was reported; null unless pending. */
  pending_since: nullable(string()),
});
export type KycStatus = Infer<typeof KycStatusSchema>;

/** Result-call settings handed to the app with each link. */
export const KYC_RESULT_MAX_RETRIES = 5;
export const KYC_RESULT_RETRY_PAUSE_SECONDS = 3;
/** Verification links a player may open per rolling 24 hours (each one is a provider session). */
export const KYC_LINKS_PER_DAY = 10;

/** Spec section 9. */
export const KYC_TIMINGS = {
  /** The KYC dialog closes this long after the frame reported success. */
  autoCloseMs: 2000,
  /** A pending verification is decided within this time (the pending message says so). */
  pendingWaitMinutes: 15,
} as const;

export { KYC_ERROR_CODES, type KycErrorCode } from './kyc-error-codes.ts';

/** Why the server asks a verified player to re-authenticate. */
export const REAUTHENTICATION_REASONS = ['name_change', 'large_redemption'] as const;
export type ReauthenticationReason = (typeof REAUTHENTICATION_REASONS)[number];

/**
 * A redemption of at least this many USD needs a re-authentication verified within
 * REAUTHENTICATION_FRESH_HOURS (the prize goes to the person verified, not to whoever holds the
 * session).
 */
export const LARGE_REDEMPTION_REAUTH_USD = 500;
export const REAUTHENTICATION_FRESH_HOURS = 24;

/** What the identity-verification dialog was opened for (spec section 8's messages). */
export const IDENTITY_PROMPT_REASONS = ['generic', 'purchase', 'redemption'] as const;
export type IdentityPromptReason = (typeof IDENTITY_PROMPT_REASONS)[number];

export const KYC_TEXTS = {
  identityTitle: 'Identity Verification Required',
  generic: 'To keep playing with Sweeps Coins we need to verify your identity. It only takes a few minutes.',
  purchase:
    'You have reached the monthly purchase amount that requires identity verification. Please verify your identity to keep buying coins.',
  redemption: 'Before you redeem a prize we need to verify your identity. It only takes a few minutes.',
  pendingTitle: 'Verification Pending',
  pending:
    'Your identity verification is being reviewed. This can take up to 15 minutes. Please check again in a few minutes.',
  rejectedTitle: 'Verification Unsuccessful',
  rejected: 'We could not verify your identity. Please contact support for help.',
  verifiedTitle: 'Identity Verified',
  verified: 'Your identity is verified. Thank you!',
  verify: 'VERIFY',
  checkVerification: 'CHECK VERIFICATION',
  contactSupport: 'CONTACT SUPPORT',
  unavailable: 'Identity verification is temporarily unavailable. Please try again later.',
  flowUnavailable: 'Re-authentication is temporarily unavailable. Please try again later.',
  noDecisionMax:
    'We could not get a decision on your verification yet. Please check your verification in My Account later.',
  tooManyAttempts: 'You have started too many verifications today. Please try again tomorrow.',
  reauthenticateTitle: 'Confirm It Is You',
  reauthenticationNameChange:
    'You changed your name. Please confirm your identity again before your next redemption.',
  reauthenticationLargeRedemption: `For a redemption of $${LARGE_REDEMPTION_REAUTH_USD} or more we ask you to confirm your identity again. It only takes a minute.`,
  reauthenticate: "CONFIRM IT'S YOU",
  unknownResponse: 'This verification is not known. Please start the verification again.',
  frameLoading: 'Loading secure verification…',
  submitted: 'Thank you. Your details were sent for verification.',
  kycTitle: 'Verify Your Identity',
  noneState: 'Not verified',
  requiredState: 'Verification required',
  pendingState: 'Pending review',
  rejectedState: 'Not verified: contact support',
  verifiedState: 'Verified',
} as const;

/** The words My Account shows for each identity state. */
export const IDENTITY_STATE_LABELS = {
  none: KYC_TEXTS.noneState,
  required: KYC_TEXTS.requiredState,
  pending: KYC_TEXTS.pendingState,
  rejected: KYC_TEXTS.rejectedState,
  verified: KYC_TEXTS.verifiedState,
} as const;

/**
 * Messages the verification frame posts to its parent window (to the app's origin only):
 *   { type: 'kyc-frame', event: 'loaded' }                       first message: the form is shown
 *   { type: 'kyc-frame', event: 'submitted', authorization, payload: { value: 'success' } }
 */
export const KYC_FRAME_MESSAGE_TYPE = 'kyc-frame';
export const KYC_FRAME_SUCCESS = 'success';
export interface KycFrameMessage {
  type: typeof KYC_FRAME_MESSAGE_TYPE;
  event: 'loaded' | 'submitted';
  authorization?: string;
  payload?: { value?: string };
}

/** The auth response the frame hands over: the provider's opaque token. */
export const AUTH_RESPONSE_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;
