/**
 * Social sign-in with Google and Facebook (docs/social-sign-in.md): wire shapes, paths, error
 * codes and texts shared by the server, the identity provider sandbox and the pages. Framework-free;
 * never imported by start-up modules (the buttons load it lazily).
 *
 * The flow: the app asks the server for a sign-in attempt (a nonce bound to this browser by an
 * HttpOnly cookie), opens the provider's popup with it, the popup posts a signed ID token back to
 * the app's origin only, the server verifies it (signature against the provider's published keys,
 * iss, aud, exp, nonce of this browser's open attempt, once) and answers: signed in (a linked
 * identity), profile required (a new identity) or link required (an account has that email).
 * The later calls carry the provider auth token: a single-use ticket for the verified identity,
 * bound to the same browser, never the ID token again.
 */
import type { LoginResponse } from './schemas.ts';

export const SOCIAL_PROVIDERS = ['google', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const isSocialProvider = (value: unknown): value is SocialProvider =>
  typeof value === 'string' && (SOCIAL_PROVIDERS as readonly string[]).includes(value);

export const SOCIAL_PROVIDER_NAMES: Record<SocialProvider, string> = {
  google: 'Google',
  facebook: 'Facebook',
};

/** API paths under API_PREFIX. */
export const SOCIAL_AUTH_PATHS = {
  /** POST { provider } -> SocialAttemptAnswer; sets the attempt cookie. */
  attempts: '/social/attempts',
  /** POST { provider, id_token } -> SocialSignInAnswer. */
  signIn: '/social/sign-in',
  /** POST the account-creation payload with provider + provider_auth_token (no password) -> 201 LoginResponse. */
  accounts: '/social/accounts',
  /** POST the link payload -> LoginResponse. */
  link: '/social/link',
  /** POST from the provider (server to server): signed_request -> { url, confirmation_code }. */
  deletionCallback: '/social/data-deletion/:provider',
  /** GET -> DataDeletionStatus. */
  deletionStatus: '/social/data-deletion-requests/:code',
} as const;

export const socialDeletionCallbackPath = (provider: SocialProvider): string =>
  SOCIAL_AUTH_PATHS.deletionCallback.replace(':provider', provider);
export const socialDeletionStatusPath = (code: string): string =>
  SOCIAL_AUTH_PATHS.deletionStatus.replace(':code', encodeURIComponent(code));

/** Paths of the identity provider sandbox (its own origin, SOCIAL_SANDBOX_ORIGIN). */
export const SOCIAL_SANDBOX_PATHS = {
  /** The popup: ?client_id=&nonce= */
  authorize: (provider: SocialProvider) => `/${provider}/authorize`,
  jwks: '/.well-known/jwks.json',
} as const;

/** The attempt cookie: HttpOnly, on the social API paths only. */
export const SOCIAL_ATTEMPT_COOKIE = 'lc_social_attempt';
/** An attempt's nonce is good for this long (the popup must finish in time). */
export const SOCIAL_ATTEMPT_TTL_SECONDS = 10 * 60;
/** The provider auth token (ticket) is good for this long: the profile or link form is filled in time. */
export const SOCIAL_TICKET_TTL_SECONDS = 30 * 60;
/** ID tokens older than this (by iat) are refused even before their exp. */
export const ID_TOKEN_MAX_AGE_SECONDS = 10 * 60;
/** Clock skew allowed on exp and iat. */
export const ID_TOKEN_CLOCK_SKEW_SECONDS = 60;

/** The message the popup posts to the opener (target origin: the app's origin only). */
export type SocialPopupMessage =
  | { type: 'lc-social-id-token'; provider: SocialProvider; id_token: string }
  | { type: 'lc-social-cancelled'; provider: SocialProvider };

export interface SocialAttemptAnswer {
  provider: SocialProvider;
  nonce: string;
  /** Where the popup goes. */
  authorize_url: string;
  /** The only origin whose messages the app accepts for this attempt. */
  provider_origin: string;
}

/** What the provider told us, shown on the profile form (names prefilled, email fixed). */
export interface SocialProfileDraft {
  provider: SocialProvider;
  provider_auth_token: string;
  email: string;
  first_name: string;
  last_name: string;
  picture: string | null;
  /** YYYY-MM-DD when the provider shared it. */
  birthdate: string | null;
}

export type SocialSignInAnswer =
  | { result: 'signed_in'; session: LoginResponse }
  | ({ result: 'profile_required' } & SocialProfileDraft)
  | {
      result: 'link_required';
      provider: SocialProvider;
      provider_auth_token: string;
      email: string;
      /** Providers already linked to the account found (the message names them). */
      linked_providers: SocialProvider[];
      message: string;
    };

/** The link payload (spec section 3): one of the two tokens, the account's email and password. */
export interface SocialLinkRequest {
  google_auth_token?: string;
  fb_auth_token?: string;
  email: string;
  password1: string;
  password2?: string;
  /** How the player proves the existing account: its password (the only strategy offered). */
  strategy: 'password';
}

export const LINK_STRATEGIES = ['password'] as const;

export type DataDeletionState = 'deleted' | 'no_data';

export interface DataDeletionStatus {
  confirmation_code: string;
  provider: SocialProvider;
  status: DataDeletionState;
  requested_at: string;
  completed_at: string;
}

export const SOCIAL_AUTH_ERROR_CODES = {
  /** 400: the ID token is malformed, its signature or claims (iss, aud, exp, iat) do not verify. */
  SOCIAL_TOKEN_INVALID: 'SOCIAL_TOKEN_INVALID',
  /** 400: the ID token's nonce is not this browser's open sign-in attempt (or was used already). */
  SOCIAL_NONCE_MISMATCH: 'SOCIAL_NONCE_MISMATCH',
  /** 400: the provider auth token is unknown, expired, used, or from another browser. */
  SOCIAL_TICKET_INVALID: 'SOCIAL_TICKET_INVALID',
  /** 400: the email given is not the provider identity's email. */
  SOCIAL_EMAIL_MISMATCH: 'SOCIAL_EMAIL_MISMATCH',
  /** 409: the account has another identity of this provider linked already. */
  SOCIAL_ALREADY_LINKED: 'SOCIAL_ALREADY_LINKED',
  /** 409: the email belongs to an account: link instead of creating. */
  SOCIAL_LINK_REQUIRED: 'SOCIAL_LINK_REQUIRED',
  /** 401: a password sign-in to an account that signs in with Google or Facebook only. */
  SOCIAL_ACCOUNT_NO_PASSWORD: 'SOCIAL_ACCOUNT_NO_PASSWORD',
  /** 400 / 401: the data deletion request's signature or claims do not verify. */
  SOCIAL_DELETION_INVALID: 'SOCIAL_DELETION_INVALID',
  /** 404: no deletion request has this confirmation code. */
  SOCIAL_DELETION_NOT_FOUND: 'SOCIAL_DELETION_NOT_FOUND',
  /** 503: the provider's keys could not be fetched. */
  SOCIAL_PROVIDER_UNAVAILABLE: 'SOCIAL_PROVIDER_UNAVAILABLE',
} as const;
export type SocialAuthErrorCode = (typeof SOCIAL_AUTH_ERROR_CODES)[keyof typeof SOCIAL_AUTH_ERROR_CODES];

const joinNames = (providers: readonly SocialProvider[]): string =>
  providers.map((p) => SOCIAL_PROVIDER_NAMES[p]).join(' and ');

/**
 * The "an account was found" message (spec section 8): names the provider being linked, and the
 * providers the account signs in with already (Google, Facebook or both).
 */
export function accountFoundMessage(
  linking: SocialProvider,
  email: string,
  alreadyLinked: readonly SocialProvider[],
): string {
  const others = alreadyLinked.filter((p) => p !== linking);
  const base = `An account was found for ${email}.`;
  if (others.length === 0)
    return `${base} Enter its password once to link your ${SOCIAL_PROVIDER_NAMES[linking]} sign-in; from then on you can continue with ${SOCIAL_PROVIDER_NAMES[linking]}.`;
  return `${base} It signs in with ${joinNames(others)} already. Enter its password once to link ${SOCIAL_PROVIDER_NAMES[linking]} too, so you can sign in with ${joinNames([...others, linking])}.`;
}

export const SOCIAL_TEXTS = {
  continueWith: (p: SocialProvider) => `Continue with ${SOCIAL_PROVIDER_NAMES[p]}`,
  or: 'or',
  popupBlocked: 'The sign-in window was blocked. Allow pop-ups for this site and try again.',
  popupClosed: 'The sign-in window was closed before you chose an account.',
  working: 'Signing you in…',
  profileTitle: 'Complete your profile',
  profileIntro: (p: SocialProvider) =>
    `You are joining with ${SOCIAL_PROVIDER_NAMES[p]}. We need a few more details to open your account.`,
  profileMissing: 'Start again: choose Continue with Google or Facebook on the join or sign-in page.',
  createAccount: 'Create account',
  linkTitle: 'Link your accounts',
  linkButton: 'Link and sign in',
  linkPasswordLabel: 'Password of your Lucky Crown account',
  forgotPassword: 'Forgot your password?',
  resetTitle: 'This account signs in with Google or Facebook',
  resetBody: (providers: readonly SocialProvider[]) =>
    `This account was opened with ${joinNames(providers.length ? providers : ['google'])} and has no password. Continue with ${joinNames(providers.length ? providers : ['google'])}, or get a sign-in link by email.`,
  resetButton: 'Email me a sign-in link',
  selectCurrencyTitle: 'Choose your coins',
} as const;

/** A social error as the pages keep it: code, the first native message and the field name. */
export interface SocialError {
  code: string;
  message: string;
  field: string | null;
}

/** sessionStorage key of the social sign-up or link in progress (socialInfo). */
export const SOCIAL_INFO_STORAGE_KEY = 'lc.socialInfo';
