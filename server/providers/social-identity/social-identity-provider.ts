/**
 * The Google / Facebook identity providers as social sign-in sees them (docs/social-sign-in.md):
 * where their popup opens, who issues their ID tokens, and where their signing keys (JWKS) are
 * published. This build has the sandbox (sandbox/social-sandbox-setup.ts); real providers plug in
 * behind the same interface with their published issuers, authorize endpoints and key sets.
 */
import type { SocialProvider } from '../../../src/contract/social-auth.ts';
import type { FetchLike } from '../provider-http.ts';

export interface SocialIdentityProviders {
  /** The providers' published signing keys: where they are and how the API fetches them. */
  jwks: { url: string; fetch: FetchLike };
  /** The `iss` each provider's ID tokens and deletion requests carry. */
  issuer(provider: SocialProvider): string;
  /** The popup the app opens for `provider`, carrying our client id and the sign-in's nonce. */
  authorizeUrl(provider: SocialProvider, nonce: string): string;
  /** The popup's origin (the app checks its messages against it). */
  origin: string;
}
