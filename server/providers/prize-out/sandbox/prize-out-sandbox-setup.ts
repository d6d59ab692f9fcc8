/**
 * The prize-out sandbox (docs/redemption.md, "Prize-out payouts") and the API's client of it.
 * server.ts serves it with a data-folder state file on PRIZEOUT_SANDBOX_PORT and reaches its API
 * over HTTP (sandboxes.ts); the API tests build it in memory and call its app in-process.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import type { Hono } from 'hono';
import type { Config } from '../../../platform/config.ts';
import type { Secrets } from '../../../platform/secrets.ts';
import type { FetchLike } from '../../provider-http.ts';
import type { PrizeOutProvider } from '../prize-out-provider.ts';
import { createSandboxPrizeOutProvider } from '../sandbox-client.ts';
import { PrizeOutSandbox } from './prize-out-sandbox.ts';
import { prizeOutSandboxRoutes } from './prize-out-sandbox-routes.ts';

export interface PrizeOutSandboxSetup {
  provider: PrizeOutProvider;
  /** The sandbox and the app serving it on PRIZEOUT_SANDBOX_ORIGIN. */
  sandbox: { app: Hono; sandbox: PrizeOutSandbox };
}

export interface PrizeOutSandboxSetupOptions {
  config: Config;
  secrets: Secrets;
  now: () => number;
  /** Folder for prizeout-sandbox.json; null = in memory. */
  stateDir: string | null;
  /** How the API reaches the sandbox API: real HTTP (server) or the sandbox app in-process (tests). */
  sandboxFetch: 'in-process' | { apiBase: string; fetch: FetchLike };
  /** How long a "+pending" payout stays processing (default 2 s). */
  settleMs?: number;
}

/** The sandbox's API key, derived from the server's provider secret: stable across restarts. */
const sandboxKey = (secret: string): string =>
  `sk_prizeout_${createHmac('sha256', secret).update('prizeout-sandbox:secret').digest('hex').slice(0, 32)}`;

export function createPrizeOutSandbox(o: PrizeOutSandboxSetupOptions): PrizeOutSandboxSetup {
  const secretKey = sandboxKey(o.secrets.paymentsSecret);
  const sandbox = new PrizeOutSandbox({
    secretKey,
    stateFile: o.stateDir ? path.join(o.stateDir, 'prizeout-sandbox.json') : null,
    now: o.now,
    settleMs: o.settleMs ?? 2_000,
  });
  const app = prizeOutSandboxRoutes(sandbox);
  const via: { apiBase: string; fetch: FetchLike } =
    o.sandboxFetch === 'in-process'
      ? { apiBase: o.config.prizeoutSandboxOrigin, fetch: async (url, init) => app.request(url, init) }
      : o.sandboxFetch;
  return {
    provider: createSandboxPrizeOutProvider({ apiBase: via.apiBase, secretKey, fetch: via.fetch }),
    sandbox: { app, sandbox },
  };
}
