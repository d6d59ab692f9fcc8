/**
 * The card-processor and pay-by-bank sandboxes (docs/payments.md) on one origin
 * (CARD_SANDBOX_ORIGIN), and the API's clients of them. server.ts serves them with a data-folder
 * state file, background webhooks and real HTTP between API and sandbox (sandboxes.ts); the API
 * tests build them in memory, called in-process, with webhooks delivered when a test flushes them.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { Hono } from 'hono';
import { PAYMENTS_API_PATHS } from '../../../../src/contract/payments.ts';
import type { Config } from '../../../platform/config.ts';
import type { Secrets } from '../../../platform/secrets.ts';
import type { FetchLike } from '../../provider-http.ts';
import type { CardProcessor } from '../card-processor.ts';
import { createSandboxCardProcessor } from '../sandbox-client.ts';
import type { PayByBankProvider } from '../../pay-by-bank/pay-by-bank.ts';
import { BankSandbox } from '../../pay-by-bank/sandbox/bank-sandbox.ts';
import { bankSandboxRoutes } from '../../pay-by-bank/sandbox/bank-sandbox-routes.ts';
import { createSandboxPayByBank } from '../../pay-by-bank/sandbox-client.ts';
import { CardSandbox, DEFAULT_SANDBOX_LIMITS_CENTS } from './card-sandbox.ts';
import { cardSandboxRoutes } from './card-sandbox-routes.ts';

export interface PaymentsSandbox {
  card: CardProcessor;
  bank: PayByBankProvider;
  /** The sandboxes and the app serving them on the sandbox origin. */
  sandbox: { app: Hono; card: CardSandbox; bank: BankSandbox };
}

/** Delivers a signed webhook to our API path (relative to /api/v1); answers the HTTP status. */
export type WebhookDelivery = (
  apiPath: string,
  rawBody: string,
  signature: string,
  header: string,
) => Promise<number>;

export interface PaymentsSandboxOptions {
  config: Config;
  secrets: Secrets;
  now: () => number;
  /** Folder for card-sandbox.json / bank-sandbox.json; null = in memory. */
  stateDir: string | null;
  autoDeliver: boolean;
  /** How the API reaches the sandbox API: real HTTP (server) or the sandbox app in-process (tests). */
  sandboxFetch: 'in-process' | { apiBase: string; fetch: FetchLike };
  deliverWebhook: WebhookDelivery | null;
  /** PAYMENTS_SANDBOX_SETTLE_MS unless given. */
  settleDelayMs?: number;
  limitsCents?: { daily: number; weekly: number; monthly: number };
}

/** Sandbox keys derived from the server's payments secret: stable across restarts, never configured by hand. */
const derive = (secret: string, label: string): string =>
  createHmac('sha256', secret).update(`payments-sandbox:${label}`).digest('hex').slice(0, 32);

export function createPaymentsSandbox(o: PaymentsSandboxOptions): PaymentsSandbox {
  const { config, secrets, now } = o;
  const origin = config.cardSandboxOrigin;
  const keys = {
    publishable: `pk_sandbox_${derive(secrets.paymentsSecret, 'publishable')}`,
    secret: `sk_sandbox_${derive(secrets.paymentsSecret, 'secret')}`,
    cardWebhook: `whsec_${derive(secrets.paymentsSecret, 'card-webhook')}`,
    bankSecret: `sk_bank_${derive(secrets.paymentsSecret, 'bank-secret')}`,
    bankWebhook: `whsec_${derive(secrets.paymentsSecret, 'bank-webhook')}`,
  };
  const settleDelayMs = o.settleDelayMs ?? config.paymentsSandboxSettleMs;
  const card = new CardSandbox({
    origin,
    merchantOrigin: config.publicOrigin,
    publishableKey: keys.publishable,
    secretKey: keys.secret,
    webhookSecret: keys.cardWebhook,
    stateFile: o.stateDir ? path.join(o.stateDir, 'card-sandbox.json') : null,
    now,
    settleDelayMs,
    autoDeliver: o.autoDeliver,
    limitsCents: o.limitsCents ?? DEFAULT_SANDBOX_LIMITS_CENTS,
  });
  const bank = new BankSandbox({
    origin,
    merchantOrigin: config.publicOrigin,
    secretKey: keys.bankSecret,
    webhookSecret: keys.bankWebhook,
    stateFile: o.stateDir ? path.join(o.stateDir, 'bank-sandbox.json') : null,
    now,
    settleDelayMs,
    autoDeliver: o.autoDeliver,
  });
  if (o.deliverWebhook) {
    const deliver = o.deliverWebhook;
    card.webhooks.transport = (raw, sig) =>
      deliver(PAYMENTS_API_PATHS.cardProcessorWebhook, raw, sig, 'card');
    bank.webhooks.transport = (raw, sig) => deliver(PAYMENTS_API_PATHS.payByBankWebhook, raw, sig, 'bank');
  }
  const app = new Hono();
  app.route('/', cardSandboxRoutes(card));
  app.route('/', bankSandboxRoutes(bank));
  app.get('/', (c) =>
    c.text('Lucky Crown payments sandbox (card processor and pay-by-bank). See docs/payments.md.'),
  );

  const fetchVia: { apiBase: string; fetch: FetchLike } =
    o.sandboxFetch === 'in-process'
      ? { apiBase: origin, fetch: async (url, init) => app.request(url, init) }
      : o.sandboxFetch;
  return {
    card: createSandboxCardProcessor({
      apiBase: fetchVia.apiBase,
      origin,
      publishableKey: keys.publishable,
      secretKey: keys.secret,
      webhookSecret: keys.cardWebhook,
      fetch: fetchVia.fetch,
    }),
    bank: createSandboxPayByBank({
      apiBase: fetchVia.apiBase,
      origin,
      secretKey: keys.bankSecret,
      webhookSecret: keys.bankWebhook,
      fetch: fetchVia.fetch,
    }),
    sandbox: { app, card, bank },
  };
}
