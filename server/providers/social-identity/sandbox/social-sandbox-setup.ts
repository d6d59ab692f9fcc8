/**
 * The Google / Facebook identity provider sandbox (docs/social-sign-in.md) and what the API needs
 * of it. server.ts serves it with its key in DATA_DIR on SOCIAL_SANDBOX_PORT and reaches its JWKS
 * over HTTP (sandboxes.ts); the API tests build it in memory and call its app in-process.
 */
import path from 'node:path';
import type { Hono } from 'hono';
import { API_PREFIX } from '../../../../src/contract/api-paths.ts';
import { SOCIAL_SANDBOX_PATHS, socialDeletionCallbackPath } from '../../../../src/contract/social-auth.ts';
import type { Config } from '../../../platform/config.ts';
import type { FetchLike } from '../../provider-http.ts';
import type { SocialIdentityProviders } from '../social-identity-provider.ts';
import { SocialSandbox } from './social-sandbox.ts';
import { deletionDelivery, socialSandboxRoutes } from './social-sandbox-routes.ts';

export interface SocialSandboxSetup {
  providers: SocialIdentityProviders;
  /** The sandbox and the app serving it on SOCIAL_SANDBOX_ORIGIN. */
  sandbox: { app: Hono; sandbox: SocialSandbox };
}

export interface SocialSandboxOptions {
  config: Config;
  now: () => number;
  /** Folder for social-sandbox-key.json; null = a key in memory. */
  stateDir: string | null;
  /** How the API reaches the sandbox (its JWKS): real HTTP or the sandbox app in-process. */
  sandboxFetch: 'in-process' | { apiBase: string; fetch: FetchLike };
  /** How the sandbox reaches our deletion callback: real HTTP to this base, or null (not wired). */
  callback: { apiBase: string; fetch: FetchLike } | null;
}

export function createSocialSandbox(o: SocialSandboxOptions): SocialSandboxSetup {
  const { config, now } = o;
  const sandbox = new SocialSandbox({
    origin: config.socialSandboxOrigin,
    appOrigin: config.publicOrigin,
    keyFile: o.stateDir ? path.join(o.stateDir, 'social-sandbox-key.json') : null,
    now,
  });
  const callback = o.callback;
  const app = socialSandboxRoutes(sandbox, {
    deliverDeletion: callback
      ? deletionDelivery(
          callback.fetch,
          (provider) => `${callback.apiBase}${API_PREFIX}${socialDeletionCallbackPath(provider)}`,
        )
      : null,
  });
  const via: { apiBase: string; fetch: FetchLike } =
    o.sandboxFetch === 'in-process'
      ? { apiBase: config.socialSandboxOrigin, fetch: async (url, init) => app.request(url, init) }
      : o.sandboxFetch;
  return {
    providers: {
      jwks: { url: `${via.apiBase}${SOCIAL_SANDBOX_PATHS.jwks}`, fetch: via.fetch },
      issuer: (provider) => sandbox.issuer(provider),
      authorizeUrl: (provider, nonce) =>
        `${config.socialSandboxOrigin}${SOCIAL_SANDBOX_PATHS.authorize(provider)}?${new URLSearchParams({
          client_id: config.socialClientId,
          nonce,
        }).toString()}`,
      origin: config.socialSandboxOrigin,
    },
    sandbox: { app, sandbox },
  };
}
