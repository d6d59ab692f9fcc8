/**
 * The identity verification sandbox (docs/kyc.md) and the API's client of it. server.ts serves it
 * with a data-folder state file on KYC_SANDBOX_PORT and reaches its API over HTTP (sandboxes.ts);
 * the API tests build it in memory and call its app in-process.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Hono } from 'hono';
import type { Config } from '../../../platform/config.ts';
import type { Secrets } from '../../../platform/secrets.ts';
import type { FetchLike } from '../../provider-http.ts';
import type { IdentityProvider } from '../kyc-provider.ts';
import { createSandboxIdentityProvider } from '../sandbox-client.ts';
import { IdentitySandbox } from './kyc-sandbox.ts';
import { identitySandboxRoutes } from './kyc-sandbox-routes.ts';

export interface IdentitySandboxSetup {
  provider: IdentityProvider;
  /** The sandbox and the app serving it on KYC_SANDBOX_ORIGIN. */
  sandbox: { app: Hono; sandbox: IdentitySandbox };
}

export interface IdentitySandboxOptions {
  config: Config;
  secrets: Secrets;
  now: () => number;
  /** Folder for identity-sandbox.json; null = in memory. */
  stateDir: string | null;
  /** How the API reaches the sandbox API: real HTTP (server) or the sandbox app in-process (tests). */
  sandboxFetch: 'in-process' | { apiBase: string; fetch: FetchLike };
}

/** The sandbox's API key, derived from the server's provider secret: stable across restarts. */
const sandboxKey = (secret: string): string =>
  `sk_kyc_${createHmac('sha256', secret).update('identity-sandbox:secret').digest('hex').slice(0, 32)}`;

export function createIdentitySandbox(o: IdentitySandboxOptions): IdentitySandboxSetup {
  const { config, secrets, now } = o;
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
