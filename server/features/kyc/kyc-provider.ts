/**
 * Which identity verification provider the KYC routes use. This build has the sandbox only: main.ts
 * builds it with a data-folder state file and reaches its API over HTTP on KYC_SANDBOX_PORT; tests
 * build it in memory and call its app in-process. When nothing was attached (other features'
 * tests), an in-memory sandbox called in-process is created on first use.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Hono } from 'hono';
import type { AppDeps } from '../../core/deps.ts';
import type { FetchLike } from '../../providers/provider-http.ts';
import type { IdentityProvider } from '../../providers/identity/identity-provider.ts';
import { createSandboxIdentityProvider } from '../../providers/identity/sandbox-client.ts';
import { IdentitySandbox } from '../../providers/identity/sandbox/identity-sandbox.ts';
import { identitySandboxRoutes } from '../../providers/identity/sandbox/identity-sandbox-routes.ts';

export interface IdentityProviders {
  provider: IdentityProvider;
  /** The sandbox and the app serving it on KYC_SANDBOX_ORIGIN (null with a real provider). */
  sandbox: { app: Hono; sandbox: IdentitySandbox } | null;
}

export interface IdentitySandboxOptions {
  /** Folder for identity-sandbox.json; null = in memory. */
  stateDir: string | null;
  /** How the API reaches the sandbox API: real HTTP (server) or the sandbox app in-process (tests). */
  sandboxFetch: 'in-process' | { apiBase: string; fetch: FetchLike };
}

/** The sandbox's API key, derived from the server's provider secret: stable across restarts. */
const sandboxKey = (secret: string): string =>
  `sk_kyc_${createHmac('sha256', secret).update('identity-sandbox:secret').digest('hex').slice(0, 32)}`;

export function createIdentitySandboxProviders(deps: AppDeps, o: IdentitySandboxOptions): IdentityProviders {
  const { config, secrets, now } = deps;
  const secretKey = sandboxKey(secrets.paymentsSecret);
  const sandbox = new IdentitySandbox({
    origin: config.kycSandboxOrigin,
    appOrigin: config.publicOrigin,
    secretKey,
    stateFile: o.stateDir ? path.join(o.stateDir, 'identity-sandbox.json') : null,
    now,
    pendingSeconds: config.kycSandboxPendingSeconds,
  });
  const app = identitySandboxRoutes(sandbox);
  const via: { apiBase: string; fetch: FetchLike } =
    o.sandboxFetch === 'in-process'
      ? { apiBase: config.kycSandboxOrigin, fetch: async (url, init) => app.request(url, init) }
      : o.sandboxFetch;
  return {
    provider: createSandboxIdentityProvider({
      apiBase: via.apiBase,
      origin: config.kycSandboxOrigin,
      secretKey,
      fetch: via.fetch,
    }),
    sandbox: { app, sandbox },
  };
}

const attached = new WeakMap<AppDeps, IdentityProviders>();

export function attachIdentityProviders(deps: AppDeps, providers: IdentityProviders): void {
  attached.set(deps, providers);
}

export function identityProviders(deps: AppDeps): IdentityProviders {
  let p = attached.get(deps);
  if (!p) {
    p = createIdentitySandboxProviders(deps, { stateDir: null, sandboxFetch: 'in-process' });
    attached.set(deps, p);
  }
  return p;
}
