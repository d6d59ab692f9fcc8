/**
 * The node:http server of the app (main.ts listens with it, the benchmark measures it): the
 * hottest signed-in reads answered in front of Hono (server/http/fast-reads.ts), every other
 * request through the Hono app's node adapter as `serve()` would.
 */
import http from 'node:http';
import { getRequestListener } from '@hono/node-server';
import { walletFastReads } from './features/wallet/routes.ts';
import type { AppDeps } from './core/deps.ts';
import { fastReadListener } from './http/fast-reads.ts';

/** `fetch`: the app built by createApp (or an app that mounts it). */
export function createAppServer(
  deps: AppDeps,
  fetch: (request: Request, env: never) => Response | Promise<Response>,
): http.Server {
  const { config } = deps;
  const listener = fastReadListener(
    walletFastReads(deps),
    {
      https: config.publicOrigin.startsWith('https://'),
      goldOnly: config.goldOnly,
      countryHeader: config.trustCountryHeader,
      // At debug level the app logs every request, these included.
      enabled: deps.logger.level !== 'debug',
    },
    getRequestListener(fetch as Parameters<typeof getRequestListener>[0]),
  );
  return http.createServer((req, res) => void listener(req, res));
}
