/**
 * Which identity provider the social sign-in routes use. This build has the sandbox only: main.ts
 * builds it with its key in DATA_DIR and reaches its JWKS over HTTP on SOCIAL_SANDBOX_PORT; tests
 * build it in memory and call its app in-process. When nothing was attached (other features'
 * tests), an in-memory sandbox called in-process is created on first use.
 */
import path from 'node:path';
import type { Hono } from 'hono';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import {
  SOCIAL_SANDBOX_PATHS,
  socialDeletionCallbackPath,
  type SocialProvider,
} from '../../../src/contract/social-auth.ts';
import type { AppDeps } from '../../core/deps.ts';
import type { FetchLike } from '../../providers/provider-http.ts';
import { SocialSandbox } from '../../providers/social-identity/sandbox/social-sandbox.ts';
import {
  deletionDelivery,
  socialSandboxRoutes,
} from '../../providers/social-identity/sandbox/social-sandbox-routes.ts';
import { ProviderKeys } from './provider-keys.ts';

export interface SocialProviders {
  /** The keys ID tokens and deletion requests are verified with. */
  keys: ProviderKeys;
  issuer(provider: SocialProvider): string;
  authorizeUrl(provider: SocialProvider, nonce: string): string;
  origin: string;
  /** The sandbox and the app serving it on SOCIAL_SANDBOX_ORIGIN (null with real providers). */
  sandbox: { app: Hono; sandbox: SocialSandbox } | null;
}

export interface SocialSandboxSetup {
  /** Folder for social-sandbox-key.json; null = a key in memory. */
  stateDir: string | null;
  /** How the API reaches the sandbox (its JWKS): real HTTP or the sandbox app in-process. */
  sandboxFetch: 'in-process' | { apiBase: string; fetch: FetchLike };
  /** How the sandbox reaches our deletion callback: real HTTP to this base, or null (not wired). */
  callback: { apiBase: string; fetch: FetchLike } | null;
}

export function createSocialSandboxProviders(deps: AppDeps, o: SocialSandboxSetup): SocialProviders {
  const { config, now } = deps;
  const sandbox = new SocialSandbox({
    origin: config.socialSandboxOrigin,
    appOrigin: config.publicOrigin,
    keyFile: o.stateDir ? path.join(o.stateDir, 'social-sandbox-key.json') : null,
    now,
  });
  const app = socialSandboxRoutes(sandbox, {
    deliverDeletion: o.callback
      ? deletionDelivery(
          o.callback.fetch,
          (provider) => `${o.callback!.apiBase}${API_PREFIX}${socialDeletionCallbackPath(provider)}`,
        )
      : null,
  });
  const via =
    o.sandboxFetch === 'in-process'
      ? {
          apiBase: config.socialSandboxOrigin,
          fetch: (async (url, init) => app.request(url, init)) as FetchLike,
        }
      : o.sandboxFetch;
  return {
    keys: new ProviderKeys(`${via.apiBase}${SOCIAL_SANDBOX_PATHS.jwks}`, via.fetch, now),
    issuer: (provider) => sandbox.issuer(provider),
    authorizeUrl: (provider, nonce) =>
      `${config.socialSandboxOrigin}${SOCIAL_SANDBOX_PATHS.authorize(provider)}?${new URLSearchParams({
        client_id: config.socialClientId,
        nonce,
      }).toString()}`,
    origin: config.socialSandboxOrigin,
    sandbox: { app, sandbox },
  };
}

const attached = new WeakMap<AppDeps, SocialProviders>();

export function attachSocialProviders(deps: AppDeps, providers: SocialProviders): void {
  attached.set(deps, providers);
}

export function socialProviders(deps: AppDeps): SocialProviders {
  let p = attached.get(deps);
  if (!p) {
    p = createSocialSandboxProviders(deps, { stateDir: null, sandboxFetch: 'in-process', callback: null });
    attached.set(deps, p);
  }
  return p;
}
