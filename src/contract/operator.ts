/**
 * Operator console contract: the operator's own sign-in (never a player token), the actions it
 * takes on redemptions, mailed AMOE requests, players' identity state and purchase limits, game
 * maintenance and named properties, and the audit trail each action writes. Paths are relative
 * to /api/v1 (API_PREFIX) and all start with OPERATOR_API_PREFIX; the operator's session cookie
 * and CSRF cookie are scoped to that prefix, so no player route ever receives them.
 */
import {
  boolean,
  enums,
  max,
  min,
  nullable,
  number,
  object,
  optional,
  size,
  string,
  type,
  unknown,
  type Infer,
} from 'superstruct';
import { IDENTITY_STATES } from './player-standing.ts';
import { ROUTES } from './routes.ts';
import { PURCHASE_LIMIT_PERIODS } from './wallet.ts';

export const OPERATOR_API_PREFIX = '/operator';

export const OPERATOR_API_PATHS = {
  /** GET: the operator CSRF token { csrf_token } (cookie set, bound to the operator session or anonymous). */
  csrf: '/operator/csrf',
  /** POST { email, password }: sign in; GET: who is signed in; DELETE: sign out. */
  session: '/operator/session',
  /** GET ?status=&limit= */
  redemptions: '/operator/redemptions',
  /** POST: approve | reject { reason } | mark-sent | mark-paid */
  redemptionAction: (id: string, action: RedemptionAction) =>
    `/operator/redemptions/${encodeURIComponent(id)}/${action}`,
  /** GET ?status=&limit=: mailed postal requests. */
  amoeRequests: '/operator/amoe-requests',
  /** POST { postal_request_code }: issues the code bound to the requesting player. */
  amoeCodes: '/operator/amoe-codes',
  /** POST { email, state, reason } */
  identity: '/operator/players/identity-state',
  /** POST { email, period, amount_usd, reason } */
  purchaseLimitDecrease: '/operator/players/purchase-limit-decrease',
  /** GET: every game with its maintenance state. */
  games: '/operator/games',
  /** POST { on, until, reason } */
  gameMaintenance: (id: string) => `/operator/games/${encodeURIComponent(id)}/maintenance`,
  /** GET: every named property with its value. */
  properties: '/operator/properties',
  /** PUT { value, reason } */
  property: (name: string) => `/operator/properties/${encodeURIComponent(name)}`,
  /** GET ?limit=: the latest audit rows. */
  audit: '/operator/audit',
  /** POST MarketingMailingRequest (src/contract/communication-preferences.ts) -> 201 MarketingMailingResult. */
  marketingMailings: '/operator/marketing-mailings',
} as const;

/** Route patterns (Hono) of the paths with parameters. */
export const OPERATOR_ROUTE_PATTERNS = {
  redemptionAction: '/operator/redemptions/:id/:action',
  gameMaintenance: '/operator/games/:id/maintenance',
  property: '/operator/properties/:name',
} as const;

/** The operator session cookie (httpOnly, SameSite Strict, Path=/api/v1/operator). */
export const OPERATOR_SESSION_COOKIE = 'lc_operator';
/** The operator CSRF cookie (httpOnly too: the page reads the token from the answers, not the cookie). */
export const OPERATOR_CSRF_COOKIE = 'lc_operator_csrf';
/** The cookie prefix on an https origin for cookies with a path (`__Host-` requires Path=/). */
export const SECURE_COOKIE_PREFIX = '__Secure-';

/** An operator session ends after this much idle time, and in any case after OPERATOR_SESSION_MAX_SECONDS. */
export const OPERATOR_SESSION_IDLE_SECONDS = 30 * 60;
export const OPERATOR_SESSION_MAX_SECONDS = 12 * 3600;
/** Operator passwords: at least this long (no other composition rule). */
export const OPERATOR_PASSWORD_MIN_LENGTH = 12;

export const REDEMPTION_ACTIONS = ['approve', 'reject', 'mark-sent', 'mark-paid'] as const;
export type RedemptionAction = (typeof REDEMPTION_ACTIONS)[number];

/** What the audit table names each action. */
export const OPERATOR_AUDIT_ACTIONS = [
  'operator_created',
  'redemption_approve',
  'redemption_reject',
  'redemption_mark_sent',
  'redemption_mark_paid',
  'amoe_code_issued',
  'identity_state_set',
  'purchase_limit_decreased',
  'game_maintenance_on',
  'game_maintenance_off',
  'property_set',
  // promotions (src/contract/promotions.ts): subject '<kind>:<id>' or the kind for a new order
  'promo_created',
  'promo_updated',
  'promo_reordered',
  // a marketing mail sent to the players who want its category: subject 'mailing:<id>'
  'marketing_mailing_sent',
  // written by the server itself (operator_email 'server'), for the operator to look into:
  // a vendor win above the game's published maximum, refused; subject 'vendor-win:<transaction id>'
  'vendor_win_refused',
] as const;
export type OperatorAuditAction = (typeof OPERATOR_AUDIT_ACTIONS)[number];

export const OPERATOR_ERROR_CODES = {
  /** 404: no player with that email. */
  PLAYER_NOT_FOUND: 'PLAYER_NOT_FOUND',
  /** 404: no game with that id. */
  GAME_NOT_FOUND: 'GAME_NOT_FOUND',
  /** 404: no named property with that name. */
  PROPERTY_NOT_FOUND: 'PROPERTY_NOT_FOUND',
  /** 409: the property is set by the server configuration, not here. */
  PROPERTY_READ_ONLY: 'PROPERTY_READ_ONLY',
  /** 400: the value does not fit the property (field value, extra.expected). */
  INVALID_PROPERTY_VALUE: 'INVALID_PROPERTY_VALUE',
  /** 409: the amount is not below the limit in force (an increase or removal is the player's, with cooling-off). */
  LIMIT_NOT_A_DECREASE: 'LIMIT_NOT_A_DECREASE',
  /** 409: daily must not exceed weekly, weekly must not exceed monthly. */
  LIMITS_INCONSISTENT: 'LIMITS_INCONSISTENT',
  /** 409: the action does not fit the current state of its subject (a redemption already approved...). */
  OPERATOR_ACTION_REFUSED: 'OPERATOR_ACTION_REFUSED',
  /** 404: no redemption or postal request with that id/code. */
  SUBJECT_NOT_FOUND: 'SUBJECT_NOT_FOUND',
} as const;
export type OperatorErrorCode = (typeof OPERATOR_ERROR_CODES)[keyof typeof OPERATOR_ERROR_CODES];

const email = size(string(), 3, 254);
const reason = size(string(), 1, 500);

export const OperatorSignInSchema = object({
  email,
  password: size(string(), 1, 256),
});
export type OperatorSignIn = Infer<typeof OperatorSignInSchema>;

export const OperatorSchema = type({ id: string(), email: string() });
export type Operator = Infer<typeof OperatorSchema>;

export const OperatorSessionSchema = type({
  operator: OperatorSchema,
  csrf_token: string(),
  expires_at: string(),
});
export type OperatorSession = Infer<typeof OperatorSessionSchema>;

export const RedemptionActionBodySchema = object({ reason: optional(reason) });

export const IssueAmoeCodeSchema = object({ postal_request_code: size(string(), 1, 64) });

export const SetIdentitySchema = object({
  email,
  state: enums(IDENTITY_STATES),
  reason,
});

export const PurchaseLimitDecreaseSchema = object({
  email,
  period: enums(PURCHASE_LIMIT_PERIODS),
  /** Whole dollars and cents, above 0. */
  amount_usd: max(min(number(), 0.01), 1_000_000),
  reason,
});

export const GameMaintenanceSchema = object({
  on: boolean(),
  /** ISO time the maintenance ends (on only); null = until taken off. */
  until: optional(nullable(size(string(), 1, 40))),
  reason: optional(reason),
});

export const SetPropertySchema = object({
  value: size(string(), 0, 10_000),
  reason,
});

/** The operator_email of an audit row the server wrote itself (no operator acted). */
export const SERVER_AUDIT_ACTOR = 'server';

/** One audit row, as listed. */
export const AuditRowSchema = type({
  id: string(),
  /** The operator who acted, or SERVER_AUDIT_ACTOR for a row the server wrote itself. */
  operator_email: string(),
  at: string(),
  action: string(),
  player_id: nullable(string()),
  subject: nullable(string()),
  before: unknown(),
  after: unknown(),
  reason: nullable(string()),
});
export type AuditRow = Infer<typeof AuditRowSchema>;

/** The answer of every action: what changed, and the audit row written with it. */
export const ActionAnswerSchema = type({
  before: unknown(),
  after: unknown(),
  audit_id: string(),
});
export type ActionAnswer = Infer<typeof ActionAnswerSchema>;

export const OperatorPropertySchema = type({
  name: string(),
  value: string(),
  /** Set by the server configuration: shown, not editable. */
  read_only: boolean(),
  /** What a value must be, in words. */
  expected: string(),
});
export type OperatorProperty = Infer<typeof OperatorPropertySchema>;

/** Texts of the console (page and API messages). */
export const OPERATOR_TEXTS = {
  signInFailed: 'The email or password is incorrect.',
  notSignedIn: 'Please sign in as an operator.',
  playerTokenRefused: 'Operator routes do not accept player tokens. Sign in as an operator.',
  reasonRequired: 'A reason is required.',
} as const;

/** The console page of the app (its own lazy route, outside the player guards). */
export const OPERATOR_PAGE_PATH = ROUTES.operator;
