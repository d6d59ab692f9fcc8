/**
 * Superstruct schemas of API requests and answers, with the spec's wire names. The server
 * validates requests with them; the app validates answers with them. `type()` (not `object()`)
 * is used for answers so a newer server may add fields without breaking an older app.
 */
import {
  array,
  boolean,
  enums,
  integer,
  literal,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  type,
  unknown,
  union,
  type Infer,
} from 'superstruct';
import { TempWithdrawalDataAnswerSchema } from './withdrawal-data.ts';
import { IDENTITY_STATES, PLAY_RESTRICTIONS, W9_STATES } from './player-standing.ts';

export const ApiErrorSchema = type({
  code: string(),
  message: string(),
  field: optional(nullable(string())),
  extra: optional(nullable(record(string(), unknown()))),
});

/** Balances in display units: Gold whole coins, Sweeps with up to 2 decimals. */
export const BalancesSchema = type({
  balance_paid_ghc: number(),
  balance_free_ghc: number(),
  balance_redeemable_ghc: number(),
  balance_redeemable_available_ghc: number(),
  balance_total_ghc: number(),
  balance_total_gld: number(),
});
export type Balances = Infer<typeof BalancesSchema>;

export const ACCOUNT_STATES = ['active', 'pending_mobile_verification', 'closed'] as const;
export type AccountState = (typeof ACCOUNT_STATES)[number];

export const UserSchema = type({
  id: string(),
  email: string(),
  first_name: string(),
  last_name: string(),
  first_purchase_name: optional(nullable(string())),
  account_state: enums(ACCOUNT_STATES),
  birth_year: integer(),
  birth_month: integer(),
  birth_day: integer(),
  postal_code: string(),
  state_or_province: string(),
  address_line_1: optional(nullable(string())),
  address_line_2: optional(nullable(string())),
  city: optional(nullable(string())),
  phone: optional(nullable(string())),
  mobile_verified: boolean(),
  /**
   * false: the player's state has no Sweeps (the excluded states and the operator's
   * prohibited_states): Gold only (src/contract/sweeps-eligibility.ts).
   */
  sweeps_eligible: boolean(),
  /** Sweeps standing (src/contract/player-standing.ts); optional so an older mirrored user still reads. */
  identity_state: optional(enums(IDENTITY_STATES)),
  /** The server asks the verified player to re-authenticate (after a name change; docs/kyc.md). */
  reauthentication_required: optional(boolean()),
  w9_state: optional(enums(W9_STATES)),
  suspended: optional(boolean()),
  play_restriction: optional(nullable(enums(PLAY_RESTRICTIONS))),
  /** ISO end of the running restriction; null with a restriction = permanent. */
  play_restricted_until: optional(nullable(string())),
  user_data: record(string(), unknown()),
  /** false: the account was created without a birth date and the birth-date dialog asks for it. */
  updatedBirthDate: optional(boolean()),
  /**
   * true while the player has accepted the newest version of every legal document that must be
   * accepted (docs/legal-acceptance.md); false from a new version's publication until they accept.
   */
  acceptedUpdatedTermsAndConditions: optional(boolean()),
  /** An address change waits for a check (identity re-authentication): docs/account.md. */
  address_update_pending: optional(boolean()),
  /** Why the player's latest address change was refused after waiting; null when it was not. */
  address_update_error_message: optional(nullable(string())),
  /** URL of the player's picture (a new URL for each upload), null without one. */
  profile_pic: optional(nullable(string())),
  last_password_change: optional(nullable(string())),
  /** The redeem form in progress, kept between visits (src/contract/withdrawal-data.ts); null when none. */
  temp_withdrawal_data: optional(TempWithdrawalDataAnswerSchema.schema.temp_withdrawal_data),
  created_at: string(),
});
export type User = Infer<typeof UserSchema>;

export const PromoPopupSchema = type({
  name: string(),
  cdn_image: optional(nullable(string())),
  button_text: string(),
  button_location: string(),
});

/** Answer of login, sign-up and sign-in link: the session and what login success stores. */
export const LoginResponseSchema = type({
  token: string(),
  /** Access token expiry, epoch milliseconds. */
  token_expires_at: number(),
  user: UserSchema,
  balances: BalancesSchema,
  promopopups: array(PromoPopupSchema),
  promocarousels: array(unknown()),
  /** Login bonus awarded by this sign-in (0 when none). */
  quantity_ghc: number(),
  quantity_gld: number(),
  promo_code: optional(nullable(string())),
});
export type LoginResponse = Infer<typeof LoginResponseSchema>;

export const RefreshResponseSchema = type({
  token: string(),
  token_expires_at: number(),
  method: literal('refresh'),
});
export type RefreshResponse = Infer<typeof RefreshResponseSchema>;

export const LoginRequestSchema = object({
  email: size(string(), 3, 254),
  password: size(string(), 1, 256),
});
export type LoginRequest = Infer<typeof LoginRequestSchema>;

export const LEGAL_DOCUMENT_TYPES = [
  'terms_conditions',
  'sweeps_rules',
  'privacy_policy',
  'game_rules',
  'responsible_social_gaming',
] as const;
export type LegalDocumentType = (typeof LEGAL_DOCUMENT_TYPES)[number];

const optText = (max: number) => optional(nullable(size(string(), 0, max)));

/** Account-creation payload (spec section 3). */
export const CreateUserRequestSchema = object({
  email: size(string(), 3, 254),
  first_name: size(string(), 1, 60),
  last_name: size(string(), 1, 60),
  password1: size(string(), 1, 256),
  password2: optional(size(string(), 0, 256)),
  postal_code: size(string(), 1, 10),
  birth_year: integer(),
  birth_month: integer(),
  birth_day: integer(),
  provider_auth_token: optText(4096),
  profile_pic: optText(2048),
  g_token: optText(4096),
  g_id: optText(256),
  promo_code: optText(64),
  wfv: optional(nullable(union([string(), boolean()]))),
  utm_content: optText(256),
  utm_source: optText(256),
  utm_medium: optText(256),
  utm_campaign: optText(256),
  utm_term: optText(256),
  utm_misc: optText(256),
  gclid: optText(256),
  fbp: optText(256),
  fbc: optText(256),
  fbclid: optText(256),
  referral_token: optText(128),
  /**
   * The legal document versions the join form showed and the player accepted (src/contract/
   * legal-acceptance.ts). Optional so a join form from before it was sent still works.
   */
  accepted_documents: optional(
    size(
      array(object({ type: enums(LEGAL_DOCUMENT_TYPES), version: size(integer(), 1, 1_000_000) })),
      0,
      LEGAL_DOCUMENT_TYPES.length,
    ),
  ),
});
export type CreateUserRequest = Infer<typeof CreateUserRequestSchema>;

/** Patch me: the profile fields a player may change themselves. */
export const PatchMeRequestSchema = object({
  first_name: optional(size(string(), 1, 60)),
  last_name: optional(size(string(), 1, 60)),
  /** Only while the account owes its birth date (User.updatedBirthDate false); all three together. */
  birth_year: optional(integer()),
  birth_month: optional(integer()),
  birth_day: optional(integer()),
});
export type PatchMeRequest = Infer<typeof PatchMeRequestSchema>;

export const UserDataPatchSchema = object({
  key: size(string(), 1, 128),
  value: unknown(),
});

export const PasswordRecoveryRequestSchema = object({ email: size(string(), 3, 254) });
export const SignInLinkRequestSchema = object({ token: size(string(), 16, 512) });

export const NamedPropertiesResponseSchema = type({
  results: array(type({ key: string(), value: string() })),
});
export type NamedPropertiesResponse = Infer<typeof NamedPropertiesResponseSchema>;

export const LegalDocumentSchema = type({
  type: enums(LEGAL_DOCUMENT_TYPES),
  /** Version of this text (1, 2...): what acceptance records; optional for an older server. */
  version: optional(integer()),
  title: string(),
  /** Markdown-lite body: paragraphs separated by blank lines, "## " headings, "- " list items. */
  body: string(),
  acceptance_required: boolean(),
  scroll_required: boolean(),
  timestamp_created: string(),
});
export type LegalDocument = Infer<typeof LegalDocumentSchema>;
export const LegalDocumentsResponseSchema = type({ results: array(LegalDocumentSchema) });

export const CsrfResponseSchema = type({ csrf_token: string() });
