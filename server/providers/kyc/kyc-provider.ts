/**
 * What the API needs from an identity verification (KYC) provider. The player fills the
 * provider's own form in a frame served from the provider's origin; the frame hands the app an
 * opaque auth response, and the server asks the provider, server to server with its secret key,
 * what was decided for it. Nothing the browser says about the outcome is trusted.
 *
 * This build has the sandbox only (./sandbox); a real provider would implement this interface
 * with its own client and keys.
 */
import type { KycFlow } from '../../../src/contract/kyc.ts';

/**
 * A provider decision. no_decision: not decided yet, ask again shortly; no_decision_max: the
 * provider will not decide through the result call (it may still decide the session later).
 */
export const PROVIDER_DECISIONS = [
  'approved',
  'pending',
  'rejected',
  'no_decision',
  'no_decision_max',
] as const;
export type ProviderDecision = (typeof PROVIDER_DECISIONS)[number];

export interface IdentitySession {
  /** The provider's id of the session (the workflow execution). */
  reference: string;
  /** The verification frame's address (on the provider's origin). */
  href: string;
}

export interface IdentityProvider {
  /** The origin the frame is served from and posts its messages from. */
  readonly origin: string;
  /** Opens a verification session for `flow`. */
  startSession(flow: KycFlow): Promise<IdentitySession>;
  /** The decision for the frame's auth response; null when the provider does not know it. */
  resultOf(authResponse: string): Promise<{ reference: string; decision: ProviderDecision } | null>;
  /** The current decision of a session (its workflow execution), read without an auth response. */
  workflowDecision(reference: string): Promise<ProviderDecision | null>;
}

/** The provider could not be reached or failed (5xx, timeout): the caller answers 503. */
export class IdentityProviderUnavailableError extends Error {
  constructor(detail: string) {
    super(`identity provider unavailable: ${detail}`);
    this.name = 'IdentityProviderUnavailableError';
  }
}
