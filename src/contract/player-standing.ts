/**
 * The player's standing on the Sweeps side (spec sections 4, 6 and 8): identity verification,
 * W-9 tax information, suspension and responsible-play restrictions. The server decides them
 * (server/core/play-gate.ts); the app reads them from the user to explain what
 * is blocked and why. Framework-free: shared by app, worker and server.
 */
export const IDENTITY_STATES = ['none', 'required', 'pending', 'rejected', 'verified'] as const;
export type IdentityState = (typeof IDENTITY_STATES)[number];

export const W9_STATES = ['not_required', 'required', 'confirmed', 'mismatched'] as const;
export type W9State = (typeof W9_STATES)[number];

export const PLAY_RESTRICTIONS = ['break', 'self_exclusion'] as const;
export type PlayRestriction = (typeof PLAY_RESTRICTIONS)[number];

/** What a player asks to do; each block below stops some of them. */
export type GatedActivity = 'play' | 'purchase' | 'bonus' | 'redeem';

export const PLAYER_STANDING_ERROR_CODES = {
  /** 403: the account is suspended (a W-9 mismatch, or support); extra.reason. */
  ACCOUNT_SUSPENDED: 'ACCOUNT_SUSPENDED',
  /** 403: a break or self-exclusion is running; extra.restriction, extra.until (null = permanent). */
  PLAY_RESTRICTED: 'PLAY_RESTRICTED',
  /** 403: W-9 information is required before further play or redemption. */
  W9_REQUIRED: 'W9_REQUIRED',
  /** 403: a new version of a document that must be accepted has not been accepted yet. */
  TERMS_ACCEPTANCE_REQUIRED: 'TERMS_ACCEPTANCE_REQUIRED',
} as const;
export type PlayerStandingErrorCode =
  (typeof PLAYER_STANDING_ERROR_CODES)[keyof typeof PLAYER_STANDING_ERROR_CODES];

/**
 * The error extra `account_status` (spec section 3, "competitive error extra"): every refusal
 * caused by the account's own state carries it, whatever its code, so the app can tell the
 * closed-account, suspension and responsible-play flows apart from other refusals
 * (docs/account.md "account_status").
 */
export const ACCOUNT_STATUSES = ['closed', 'suspended', 'self_excluded', 'on_break'] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number];

/** The account_status of a running play restriction. */
export const accountStatusOfRestriction = (restriction: PlayRestriction): AccountStatus =>
  restriction === 'break' ? 'on_break' : 'self_excluded';
