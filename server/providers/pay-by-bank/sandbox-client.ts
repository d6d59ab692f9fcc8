/**
 * PayByBankProvider that talks to the pay-by-bank sandbox over HTTP with its secret key, like a
 * client of a real provider's API. `fetch` is injectable (tests pass the sandbox app's request).
 */
import type { WebhookEvent } from '../card-processor/card-processor.ts';
import type { FetchLike } from '../card-processor/sandbox-client.ts';
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
  const call = async (
    method: string,
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<BankPayment> => {
    const headers: Record<string, string> = { Authorization: `Bearer ${o.secretKey}` };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    if (idempotencyKey) headers['Idempotency-Key'] = idempotencyKey;
    let res: Response;
    try {
      res = await o.fetch(`${o.apiBase}/bank/v1${path}`, {
        method,
        headers,
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(15_000),
      });
    } catch (error) {
      throw new PayByBankUnavailableError(`pay-by-bank unreachable: ${String(error)}`);
    }
    if (res.status >= 500) throw new PayByBankUnavailableError(`pay-by-bank answered ${res.status}`);
    const json = (await res.json().catch(() => null)) as
      (BankPayment & { error?: { code: string; message: string } }) | null;
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
