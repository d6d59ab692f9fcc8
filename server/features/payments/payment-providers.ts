/**
 * Which card processor and pay-by-bank provider the API uses. This build has the sandboxes only;
 * a real provider would be chosen here from configuration (its client implementing the
 * CardProcessor / PayByBankProvider interfaces, its keys from the environment).
 *
 * Providers are attached to the app's dependencies object: main.ts builds the sandboxes with a
 * data-folder state file, background webhooks and real HTTP between API and sandbox listener;
 * tests build them in memory with manual webhook delivery. When nothing was attached (other
 * features' tests), an in-memory sandbox called in-process is created on first use.
 */
import { createHmac } from 'node:crypto';
import path from 'node:path';
import { Hono } from 'hono';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { PAYMENTS_API_PATHS, WEBHOOK_SIGNATURE_HEADER } from '../../../src/contract/payments.ts';
import type { AppDeps } from '../../core/deps.ts';
import type { CardProcessor } from '../../providers/card-processor/card-processor.ts';
import {
  CardSandbox,
  DEFAULT_SANDBOX_LIMITS_CENTS,
} from '../../providers/card-processor/sandbox/card-sandbox.ts';
import { cardSandboxRoutes } from '../../providers/card-processor/sandbox/card-sandbox-routes.ts';
import { createSandboxCardProcessor, type FetchLike } from '../../providers/card-processor/sandbox-client.ts';
import type { PayByBankProvider } from '../../providers/pay-by-bank/pay-by-bank.ts';
import { BankSandbox } from '../../providers/pay-by-bank/sandbox/bank-sandbox.ts';
import { bankSandboxRoutes } from '../../providers/pay-by-bank/sandbox/bank-sandbox-routes.ts';
import { createSandboxPayByBank } from '../../providers/pay-by-bank/sandbox-client.ts';

export interface PaymentProviders {
  card: CardProcessor;
  bank: PayByBankProvider;
  /** The sandboxes and the app serving them on the sandbox origin (null with real providers). */
  sandbox: { app: Hono; card: CardSandbox; bank: BankSandbox } | null;
}

export interface SandboxProviderOptions {
  /** Folder for card-sandbox.json / bank-sandbox.json; null = in memory. */
  stateDir: string | null;
  autoDeliver: boolean;
  /** How the API reaches the sandbox API: real HTTP (server) or the sandbox app in-process (tests). */
  sandboxFetch: 'in-process' | { apiBase: string; fetch: FetchLike };
  /** Delivers a signed webhook to our API path (relative to /api/v1); answers the HTTP status. */
  deliverWebhook:
    ((apiPath: string, rawBody: string, signature: string, header: string) => Promise<number>) | null;
  settleDelayMs?: number;
  limitsCents?: { daily: number; weekly: number; monthly: number };
}

/** Sandbox keys derived from the server's payments secret: stable across restarts, never configured by hand. */
const derive = (secret: string, label: string): string =>
  createHmac('sha256', secret).update(`payments-sandbox:${label}`).digest('hex').slice(0, 32);

export function createSandboxProviders(deps: AppDeps, o: SandboxProviderOptions): PaymentProviders {
  const { config, secrets, now } = deps;
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

const attached = new WeakMap<AppDeps, PaymentProviders>();

export function attachPaymentProviders(deps: AppDeps, providers: PaymentProviders): void {
  attached.set(deps, providers);
}

/** The providers of this app (created in memory on first use when none were attached). */
export function paymentProviders(deps: AppDeps): PaymentProviders {
  let p = attached.get(deps);
  if (!p) {
    p = createSandboxProviders(deps, {
      stateDir: null,
      autoDeliver: false,
      sandboxFetch: 'in-process',
      deliverWebhook: null,
    });
    attached.set(deps, p);
  }
  return p;
}

/** Webhook delivery over HTTP to this server's own listener (main.ts). */
export const httpWebhookDelivery =
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
