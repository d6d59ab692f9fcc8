/**
 * The Google / Facebook identity providers the social sign-in routes use: the ones given in the
 * server's dependencies (`AppDeps.providers.social`; the sandbox on SOCIAL_SANDBOX_ORIGIN in this
 * build), with the cache of their published keys.
 */
import type { SocialProvider } from '../../../src/contract/social-auth.ts';
import type { AppDeps } from '../../core/deps.ts';
import type { SocialIdentityProviders } from '../../providers/social-identity/social-identity-provider.ts';
import { ProviderKeys } from './provider-keys.ts';

export interface SocialProviders {
  /** The keys ID tokens and deletion requests are verified with. */
  keys: ProviderKeys;
  issuer(provider: SocialProvider): string;
  authorizeUrl(provider: SocialProvider, nonce: string): string;
  origin: string;
}

/**
 * One key cache per provider set, shared by sign-in and the deletion callback, so a key rotation
 * is fetched once; it lives as long as the provider set it was built for.
 */
const keyCaches = new WeakMap<SocialIdentityProviders, ProviderKeys>();

export function socialProviders(deps: AppDeps): SocialProviders {
  const social = deps.providers.social;
  let keys = keyCaches.get(social);
  if (!keys) {
    keys = new ProviderKeys(social.jwks.url, social.jwks.fetch, deps.now);
    keyCaches.set(social, keys);
  }
  return {
    keys,
    issuer: (provider) => social.issuer(provider),
    authorizeUrl: (provider, nonce) => social.authorizeUrl(provider, nonce),
    origin: social.origin,
  };
}
