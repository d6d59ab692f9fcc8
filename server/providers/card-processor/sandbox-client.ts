/**
 * CardProcessor implementation that talks to the card sandbox over HTTP with the secret key,
 * exactly as a client of a real processor's REST API would. `fetch` is injectable: the server
 * passes the global fetch (the sandbox listens on CARD_SANDBOX_PORT); tests pass the sandbox
 * app's `request` so no socket is needed.
 */
import { providerCall, type FetchLike } from '../provider-http.ts';
import {
  CardProcessorRequestError,
  CardProcessorUnavailableError,
  type CardProcessor,
  type CardProcessorPublicConfig,
  type CreatePaymentIntentInput,
  type ProcessorError,
  type ProcessorPaymentIntent,
  type ProcessorSetupIntent,
  type WebhookEvent,
} from './card-processor.ts';
import { isValidWebhookSignature } from './webhook-signature.ts';

export type { FetchLike };

export interface SandboxClientOptions {
  /** Base URL the server reaches the sandbox API at (may differ from the browser-facing origin). */
  apiBase: string;
  /** Browser-facing origin of the hosted fields and challenge pages. */
  origin: string;
  publishableKey: string;
  secretKey: string;
  webhookSecret: string;
  fetch: FetchLike;
  timeoutMs?: number;
}

export function createSandboxCardProcessor(o: SandboxClientOptions): CardProcessor {
  const http = {
    fetch: o.fetch,
    baseUrl: `${o.apiBase}/card/v1`,
    secretKey: o.secretKey,
    timeoutMs: o.timeoutMs,
    unavailable: (detail: string) => new CardProcessorUnavailableError(`card processor ${detail}`),
  };
  const call = async <T>(
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<T> => {
    const res = await providerCall(http, method, path, body, idempotencyKey);
    const json = res.json as { error?: ProcessorError } | null;
    if (!res.ok) {
      throw new CardProcessorRequestError(
        res.status,
        json?.error ?? { code: 'api_error', decline_code: null, message: `HTTP ${res.status}` },
      );
    }
    return json as T;
  };

  const publicConfig: CardProcessorPublicConfig = {
    name: 'sandbox',
    publishableKey: o.publishableKey,
    origin: o.origin,
    hostedFieldsUrl: `${o.origin}/card/hosted-fields`,
  };

  return {
    name: 'sandbox',
    publicConfig: () => publicConfig,
    createCustomer: ({ userId, email }) =>
      call('POST', '/customers', { metadata: { user_id: userId, email } }),
    createSetupIntent: (customer) => call<ProcessorSetupIntent>('POST', '/setup_intents', { customer }),
    retrieveSetupIntent: (id) =>
      call<ProcessorSetupIntent>('GET', `/setup_intents/${encodeURIComponent(id)}`),
    detachPaymentMethod: async (id) => {
      await call('POST', `/payment_methods/${encodeURIComponent(id)}/detach`, {});
    },
    createPaymentIntent: (input: CreatePaymentIntentInput) =>
      call<ProcessorPaymentIntent>(
        'POST',
        '/payment_intents',
        {
          amount: input.amountCents,
          currency: 'usd',
          customer: input.customer,
          payment_method: input.paymentMethod,
          token: input.token,
          save_payment_method: input.savePaymentMethod ?? false,
          request_three_d_secure: input.threeDSecure,
          metadata: input.metadata,
        },
        input.idempotencyKey,
      ),
    retrievePaymentIntent: (id) =>
      call<ProcessorPaymentIntent>('GET', `/payment_intents/${encodeURIComponent(id)}`),
    findPaymentIntentByMetadata: async (key, value) => {
      const query = `metadata[${encodeURIComponent(key)}]=${encodeURIComponent(value)}`;
      const list = await call<{ data: ProcessorPaymentIntent[] }>('GET', `/payment_intents?${query}`);
      return list.data[0] ?? null;
    },
    cancelPaymentIntent: (id) =>
      call<ProcessorPaymentIntent>('POST', `/payment_intents/${encodeURIComponent(id)}/cancel`, {}),
    refundPaymentIntent: (id, idempotencyKey) =>
      call<ProcessorPaymentIntent>(
        'POST',
        `/payment_intents/${encodeURIComponent(id)}/refund`,
        {},
        idempotencyKey,
      ),
    verifyWebhook: (rawBody, header, nowMs) => {
      if (!isValidWebhookSignature(o.webhookSecret, rawBody, header, nowMs)) return null;
      try {
        const event = JSON.parse(rawBody) as WebhookEvent;
        return typeof event.id === 'string' && typeof event.type === 'string' && event.data ? event : null;
      } catch {
        return null;
      }
    },
  };
}
