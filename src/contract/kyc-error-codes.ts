/**
 * The identity verification's error codes (the rest of its contract: src/contract/kyc.ts, which
 * re-exports these). Its own small module: a page that only recognises a refusal (the redeem
 * form's re-authentication) does not carry the verification's texts and schemas.
 */
export const KYC_ERROR_CODES = {
  /** 503: the identity-provider named property is off, or the provider cannot be reached. */
  KYC_UNAVAILABLE: 'KYC_UNAVAILABLE',
  /** 503: the flow named property is off: the re-authentication flow is not offered. */
  KYC_FLOW_UNAVAILABLE: 'KYC_FLOW_UNAVAILABLE',
  /** 409: the provider has not decided yet; ask again after retry_pause_seconds. */
  KYC_NO_DECISION: 'KYC_NO_DECISION',
  /** 409: the provider will not decide through this call; stop asking. */
  KYC_NO_DECISION_MAX: 'KYC_NO_DECISION_MAX',
  /** 409: the verification flow for a player already verified. */
  KYC_ALREADY_VERIFIED: 'KYC_ALREADY_VERIFIED',
  /** 409: a decision is pending; the player waits for it. */
  KYC_PENDING: 'KYC_PENDING',
  /** 403: the verification was rejected; only support can help. */
  KYC_REJECTED: 'KYC_REJECTED',
  /** 409: the re-authentication flow for a player who is not verified. */
  KYC_NOT_VERIFIED: 'KYC_NOT_VERIFIED',
  /** 404: the auth response is not one of this player's verifications for this flow. */
  KYC_UNKNOWN_RESPONSE: 'KYC_UNKNOWN_RESPONSE',
  /** 429: too many verification links today. */
  KYC_TOO_MANY_ATTEMPTS: 'KYC_TOO_MANY_ATTEMPTS',
  /**
   * 403: the player must re-authenticate (flow `reauthentication`) first: after a name change
   * (extra.reason `name_change`) or before a large redemption (`large_redemption`).
   */
  KYC_REAUTHENTICATION_REQUIRED: 'KYC_REAUTHENTICATION_REQUIRED',
} as const;
export type KycErrorCode = (typeof KYC_ERROR_CODES)[keyof typeof KYC_ERROR_CODES];
