/**
 * PayByBankProvider that talks to the pay-by-bank sandbox over HTTP with its secret key, like a
 * client of a real provider's API. `fetch` is injectable (tests pass the sandbox app's request).
 */
import type { WebhookEvent } from '../card-processor/card-processor.ts';
import { providerCall, type FetchLike } from '../provider-http.ts';
import { isValidWebhookSignature } from '../card-processor/webhook-signature.ts';
import {
  PayByBankRequestError,
  PayByBankUnavailableError,
  type BankPayment,
  type PayByBankProvider,
} from './pay-by-bank.ts';

export function createSandboxPayByBank(o: {
  apiBase: string;
  origin: string;
  secretKey: string;
  webhookSecret: string;
  fetch: FetchLike;
}): PayByBankProvider {
  const http = {
    fetch: o.fetch,
    baseUrl: `${o.apiBase}/bank/v1`,
    secretKey: o.secretKey,
    unavailable: (detail: string) => new PayByBankUnavailableError(`pay-by-bank ${detail}`),
  };
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<BankPayment> => {
    const res = await providerCall(http, method, path, body, idempotencyKey);
    const json = res.json as (BankPayment & { error?: { code: string; message: string } }) | null;
    if (!res.ok || !json)
      throw new PayByBankRequestError(
        res.status,
        json?.error?.code ?? 'api_error',
        json?.error?.message ?? `HTTP ${res.status}`,
      );
    return json;
  };
  return {
    name: 'sandbox',
    publicConfig: () => ({ name: 'sandbox', origin: o.origin }),
    createPayment: (input) =>
      call(
        'POST',
        '/payments',
        { amount: input.amountCents, phone: input.phone, metadata: input.metadata },
        input.idempotencyKey,
      ),
    retrievePayment: (id) => call('GET', `/payments/${encodeURIComponent(id)}`),
    refundPayment: (id, idempotencyKey) =>
      call('POST', `/payments/${encodeURIComponent(id)}/refund`, {}, idempotencyKey),
    findPaymentByMetadata: async (key, value) => {
      const query = `metadata[${encodeURIComponent(key)}]=${encodeURIComponent(value)}`;
      const res = await providerCall(http, 'GET', `/payments?${query}`);
      const json = res.json as { data?: BankPayment[]; error?: { code: string; message: string } } | null;
      if (!res.ok || !json?.data)
        throw new PayByBankRequestError(
          res.status,
          json?.error?.code ?? 'api_error',
          json?.error?.message ?? `HTTP ${res.status}`,
        );
      return json.data[0] ?? null;
    },
    verifyWebhook: (rawBody, header, nowMs): WebhookEvent | null => {
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
