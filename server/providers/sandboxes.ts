/**
 * The provider sandboxes' own entry: each outside service the API depends on (card processor and
 * pay-by-bank, identity verification, SMS, game vendor, Google / Facebook sign-in, help center,
 * prize-out payouts, reviews platform)
 * as a sandbox, and the providers (providers.ts) the API reaches them through.
 *
 * - `startSandboxes` serves each sandbox on its own port and origin, as the demo (`npm start`)
 *   runs: state in DATA_DIR, real HTTP between the API and each sandbox, payment webhooks and
 *   deletion requests sent to the API's own listener. A busy port logs an error and leaves the API
 *   up (that provider's calls answer "unavailable" meanwhile).
 * - `inProcessSandboxes` builds the same sandboxes in memory, their apps called in-process, for
 *   the API tests (server/test-support/test-app.ts).
 *
 * The SMS sandbox is the outbox (sms/outbox-sms.ts): nothing to serve.
 */
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Hono } from 'hono';
import { serve } from '@hono/node-server';
import { API_PREFIX } from '../../src/contract/api-paths.ts';
import { WEBHOOK_SIGNATURE_HEADER } from '../../src/contract/payments.ts';
import type { Queryable } from '../db/driver.ts';
import type { Config } from '../platform/config.ts';
import type { Logger } from '../platform/logger.ts';
import type { Secrets } from '../platform/secrets.ts';
import {
  createPaymentsSandbox,
  type PaymentsSandbox,
  type PaymentsSandboxOptions,
} from './card-processor/sandbox/payments-sandbox.ts';
import { createIdentitySandbox, type IdentitySandboxSetup } from './kyc/sandbox/kyc-sandbox-setup.ts';
import {
  createPrizeOutSandbox,
  type PrizeOutSandboxSetup,
} from './prize-out/sandbox/prize-out-sandbox-setup.ts';
import type { Providers } from './providers.ts';
import { reviewsClient } from './reviews/sandbox-client.ts';
import { createReviewsSandbox, REVIEWS_BUSINESS_UNIT } from './reviews/sandbox/reviews-sandbox.ts';
import { createOutboxSms } from './sms/outbox-sms.ts';
import {
  createSocialSandbox,
  type SocialSandboxSetup,
} from './social-identity/sandbox/social-sandbox-setup.ts';
import { createSupportSandbox } from './support-desk/sandbox/support-sandbox.ts';
import { createVendorSandbox, sandboxVendorProvider } from './vendor-games/sandbox/vendor-sandbox.ts';

export interface SandboxSetup {
  config: Config;
  secrets: Secrets;
  now: () => number;
  /** The database the SMS outbox writes its rows to. */
  db: Queryable;
  /** The secret shared with the help center for the support-desk JWT. */
  supportDeskJwtSecret: string;
}

/** The sandboxes built in memory, beside the providers that call them (tests drive them directly). */
export interface InProcessSandboxes {
  providers: Providers;
  payments: PaymentsSandbox['sandbox'];
  identity: IdentitySandboxSetup['sandbox'];
  social: SocialSandboxSetup['sandbox'];
  prizeOut: PrizeOutSandboxSetup['sandbox'];
  /** The reviews platform's app and our key to it (tests add reviews through its API). */
  reviews: { app: Hono; apiKey: string };
}

export interface InProcessOptions {
  /** The payments sandbox's webhook delivery, settle delay and limits (none delivered by default). */
  payments?: Pick<PaymentsSandboxOptions, 'deliverWebhook' | 'settleDelayMs' | 'limitsCents'>;
}

const smsOutbox = (setup: SandboxSetup) =>
  createOutboxSms(setup.db, path.join(setup.config.dataDir, 'outbox'), setup.now);

/**
 * The reviews platform sandbox and our client of it. Its API key is made here for this run: the
 * sandbox and the client are built together.
 */
function reviewsSandbox(setup: SandboxSetup, apiBase: string | null) {
  const apiKey = randomBytes(24).toString('base64url');
  const app = createReviewsSandbox({ origin: setup.config.reviewsSandboxOrigin, apiKey, now: setup.now });
  const provider = reviewsClient({
    // In process: the sandbox's app answers the call itself; else real HTTP to its listener.
    fetch: apiBase ? httpFetch : async (url, init) => app.request(url, init),
    baseUrl: `${apiBase ?? 'http://reviews.sandbox'}/v1`,
    apiKey,
    businessUnit: REVIEWS_BUSINESS_UNIT,
  });
  return { app, apiKey, provider };
}

export function inProcessSandboxes(setup: SandboxSetup, options: InProcessOptions = {}): InProcessSandboxes {
  const { config, secrets, now } = setup;
  const payments = createPaymentsSandbox({
    config,
    secrets,
    now,
    stateDir: null,
    autoDeliver: false,
    sandboxFetch: 'in-process',
    deliverWebhook: options.payments?.deliverWebhook ?? null,
    settleDelayMs: options.payments?.settleDelayMs,
    limitsCents: options.payments?.limitsCents,
  });
  const identity = createIdentitySandbox({
    config,
    secrets,
    now,
    stateDir: null,
    sandboxFetch: 'in-process',
  });
  const social = createSocialSandbox({
    config,
    now,
    stateDir: null,
    sandboxFetch: 'in-process',
    callback: null,
  });
  const prizeOut = createPrizeOutSandbox({
    config,
    secrets,
    now,
    stateDir: null,
    sandboxFetch: 'in-process',
  });
  const reviews = reviewsSandbox(setup, null);
  return {
    providers: {
      card: payments.card,
      bank: payments.bank,
      identity: identity.provider,
      sms: smsOutbox(setup),
      vendorGames: sandboxVendorProvider(config.vendorSandboxOrigin),
      social: social.providers,
      supportDesk: { siteOrigin: config.supportSiteOrigin, jwtSecret: setup.supportDeskJwtSecret },
      prizeOut: prizeOut.provider,
      reviews: reviews.provider,
    },
    reviews: { app: reviews.app, apiKey: reviews.apiKey },
    payments: payments.sandbox,
    identity: identity.sandbox,
    social: social.sandbox,
    prizeOut: prizeOut.sandbox,
  };
}

export interface RunningSandboxes {
  providers: Providers;
  /** Stops the sandboxes' timers and closes their listeners. */
  stop(): void;
}

/** Webhook delivery over HTTP to the API's own listener. */
const httpWebhookDelivery =
  (apiBase: string) =>
  async (apiPath: string, rawBody: string, signature: string): Promise<number> => {
    const res = await fetch(`${apiBase}${API_PREFIX}${apiPath}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', [WEBHOOK_SIGNATURE_HEADER]: signature },
      body: rawBody,
      signal: AbortSignal.timeout(10_000),
    });
    await res.body?.cancel();
    return res.status;
  };

const httpFetch = (url: string, init: RequestInit) => fetch(url, init);

export function startSandboxes(setup: SandboxSetup & { logger: Logger }): RunningSandboxes {
  const { config, secrets, now, logger } = setup;
  const api = `http://127.0.0.1:${config.port}`;
  const local = (port: number) => ({ apiBase: `http://127.0.0.1:${port}`, fetch: httpFetch });

  // A busy sandbox port must not take the API down: that provider answers "unavailable" meanwhile.
  const listen = (name: string, portSetting: string, app: Hono, port: number, origin: string) => {
    const server = serve({ fetch: app.fetch, port }, (info) => {
      logger.info(`${name} listening`, { url: `http://localhost:${info.port}`, origin });
    });
    server.on('error', (error: Error) => {
      logger.error(`${name} could not listen; set ${portSetting} to a free port`, {
        port,
        error: error.message,
      });
    });
    return server;
  };

  // Card processor + pay-by-bank on one origin; webhooks sent to the API in the background.
  const payments = createPaymentsSandbox({
    config,
    secrets,
    now,
    stateDir: config.dataDir,
    autoDeliver: true,
    sandboxFetch: local(config.cardSandboxPort),
    deliverWebhook: httpWebhookDelivery(api),
  });
  // The game vendor: its slot page and backend, which calls our wallet.
  const vendor = createVendorSandbox({
    origin: config.vendorSandboxOrigin,
    appOrigin: config.publicOrigin,
    walletApiBase: api,
    secret: secrets.vendorWalletSecret,
    fetch: httpFetch,
    now,
  });
  // Identity verification: its frame and its server-to-server API.
  const identity = createIdentitySandbox({
    config,
    secrets,
    now,
    stateDir: config.dataDir,
    sandboxFetch: local(config.kycSandboxPort),
  });
  // Google / Facebook: the popup, the keys (JWKS), and the data deletion requests it sends to us.
  const social = createSocialSandbox({
    config,
    now,
    stateDir: config.dataDir,
    sandboxFetch: local(config.socialSandboxPort),
    callback: { apiBase: api, fetch: httpFetch },
  });
  // The help center: JWT sign-in from the app, public pages otherwise.
  const support = createSupportSandbox({
    appOrigin: config.publicOrigin,
    secret: setup.supportDeskJwtSecret,
    now,
  });
  // The prize-out provider: its payout API (idempotency key, status) and its dashboard.
  const prizeOut = createPrizeOutSandbox({
    config,
    secrets,
    now,
    stateDir: config.dataDir,
    sandboxFetch: local(config.prizeoutSandboxPort),
  });
  // The review platform: its API (the footer's rating and count) and its public review page.
  const reviews = reviewsSandbox(setup, `http://127.0.0.1:${config.reviewsSandboxPort}`);

  const servers = [
    listen(
      'payments sandbox',
      'CARD_SANDBOX_PORT',
      payments.sandbox.app,
      config.cardSandboxPort,
      config.cardSandboxOrigin,
    ),
    listen(
      'game vendor sandbox',
      'VENDOR_SANDBOX_PORT',
      vendor.app,
      config.vendorSandboxPort,
      config.vendorSandboxOrigin,
    ),
    listen(
      'identity verification sandbox',
      'KYC_SANDBOX_PORT',
      identity.sandbox.app,
      config.kycSandboxPort,
      config.kycSandboxOrigin,
    ),
    listen(
      'support site sandbox',
      'SUPPORT_SANDBOX_PORT',
      support,
      config.supportSandboxPort,
      config.supportSiteOrigin,
    ),
    listen(
      'social sign-in sandbox',
      'SOCIAL_SANDBOX_PORT',
      social.sandbox.app,
      config.socialSandboxPort,
      config.socialSandboxOrigin,
    ),
    listen(
      'prize-out sandbox',
      'PRIZEOUT_SANDBOX_PORT',
      prizeOut.sandbox.app,
      config.prizeoutSandboxPort,
      config.prizeoutSandboxOrigin,
    ),
    listen(
      'reviews sandbox',
      'REVIEWS_SANDBOX_PORT',
      reviews.app,
      config.reviewsSandboxPort,
      config.reviewsSandboxOrigin,
    ),
  ];
  return {
    providers: {
      card: payments.card,
      bank: payments.bank,
      identity: identity.provider,
      sms: smsOutbox(setup),
      vendorGames: vendor.provider,
      social: social.providers,
      supportDesk: { siteOrigin: config.supportSiteOrigin, jwtSecret: setup.supportDeskJwtSecret },
      prizeOut: prizeOut.provider,
      reviews: reviews.provider,
    },
    stop() {
      payments.sandbox.card.stop();
      payments.sandbox.bank.stop();
      for (const server of servers) server.close();
    },
  };
}
