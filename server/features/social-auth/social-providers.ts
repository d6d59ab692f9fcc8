/**
 * The Google / Facebook identity providers the social sign-in routes use: the ones given in the
 * server's dependencies (`AppDeps.providers.social`; the sandbox on SOCIAL_SANDBOX_ORIGIN in this
 * build), with a cache of their published keys.
 */
import type { SocialProvider } from '../../../src/contract/social-auth.ts';
import type { AppDeps } from '../../core/deps.ts';
import { ProviderKeys } from './provider-keys.ts';

export interface SocialProviders {
  /** The keys ID tokens and deletion requests are verified with. */
  keys: ProviderKeys;
  issuer(provider: SocialProvider): string;
  authorizeUrl(provider: SocialProvider, nonce: string): string;
  origin: string;
}

/** The providers with a cache of their keys: build it once per app and share it. */
export function socialProviders(deps: AppDeps): SocialProviders {
  const social = deps.providers.social;
  return {
    keys: new ProviderKeys(social.jwks.url, social.jwks.fetch, deps.now),
    issuer: (provider) => social.issuer(provider),
    authorizeUrl: (provider, nonce) => social.authorizeUrl(provider, nonce),
    origin: social.origin,
  };
}
