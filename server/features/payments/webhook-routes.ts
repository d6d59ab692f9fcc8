/**
 * The card processor's and the bank's signed webhooks (a signature instead of a session and CSRF).
 * A signed event is only a hint that something changed. Its handler finds the purchase (by the
 * stored provider reference; by metadata only while the purchase has none), refuses a body that
 * names another payment, amount or currency, and asks the provider for its own copy of the
 * object before anything is credited (outside the transaction: a network call must not hold
 * row locks). The returned step runs in the transaction that records the event id.
 */
import { Hono, type Context } from 'hono';
import {
  PAYMENTS_API_PATHS,
  PAYMENT_ERROR_CODES,
  WEBHOOK_SIGNATURE_HEADER,
} from '../../../src/contract/payments.ts';
import type { Queryable } from '../../db/driver.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import {
  CardProcessorRequestError,
  type WebhookEvent,
} from '../../providers/card-processor/card-processor.ts';
import { PayByBankRequestError } from '../../providers/pay-by-bank/pay-by-bank.ts';
import { userOfCustomer } from './card-store.ts';
import { paymentCalls } from './provider-calls.ts';
import {
  purchaseById,
  purchaseByProviderReference,
  recordWebhookEvent,
  webhookEventSeen,
  type PurchaseMethod,
} from './purchase-store.ts';
import {
  applyObservation,
  isUuid,
  observeBankPayment,
  observeIntent,
  paymentError,
  saveCardRow,
  type PurchaseRow,
} from './purchases.ts';

type WebhookStep = (tx: Queryable) => Promise<void>;
const nothing: WebhookStep = async () => undefined;

/** Fetches the provider's copy; a provider that no longer knows the object answers null. */
const refetch = async <T>(fetchIt: () => Promise<T>, isRequestError: (e: unknown) => boolean) => {
  try {
    return await fetchIt();
  } catch (error) {
    if (isRequestError(error)) return null;
    throw error;
  }
};

export function webhookRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const { providers, cardCall, bankCall } = paymentCalls(deps);

  const webhook =
    (provider: 'card' | 'bank', prepare: (event: WebhookEvent) => Promise<WebhookStep>) =>
    async (c: Context<AppEnv>) => {
      const raw = await c.req.text();
      const p = providers();
      const verifier = provider === 'card' ? p.card : p.bank;
      const event = verifier.verifyWebhook(raw, c.req.header(WEBHOOK_SIGNATURE_HEADER), deps.now());
      if (!event)
        throw paymentError(
          400,
          PAYMENT_ERROR_CODES.WEBHOOK_SIGNATURE_INVALID,
          'Webhook signature is missing, wrong or too old.',
        );
      const source = `${provider}:${verifier.name}`;
      if (await webhookEventSeen(db, source, event.id)) return c.json({ received: true, duplicate: true });
      const step = await prepare(event);
      const fresh = await recordWebhookEvent(
        db,
        { source, id: event.id, type: event.type, nowMs: deps.now() },
        step,
      );
      return c.json({ received: true, duplicate: !fresh });
    };

  /** The purchase an event is about, or null (unknown, or naming another payment than the stored one). */
  const purchaseForEvent = async (
    method: PurchaseMethod,
    claimed: { id?: unknown; metadata?: unknown },
  ): Promise<PurchaseRow | null> => {
    if (typeof claimed.id !== 'string' || claimed.id === '') return null;
    const byReference = await purchaseByProviderReference(db, claimed.id, method);
    if (byReference) return byReference;
    const metadata = (claimed.metadata ?? {}) as Record<string, unknown>;
    const purchaseId = metadata.purchase_id;
    if (typeof purchaseId !== 'string' || !isUuid(purchaseId)) return null;
    const row = await purchaseById(db, purchaseId, method);
    if (!row) return null;
    if (row.provider_reference !== null) {
      deps.logger.warn('payment webhook names another payment than its purchase: ignored', {
        purchase_id: row.id,
        event_reference: claimed.id,
      });
      return null;
    }
    return row;
  };

  /** Refuses an event body whose amount or currency differs from the purchase's (logged). */
  const bodyMatches = (row: PurchaseRow, body: { amount?: unknown; currency?: unknown }): boolean => {
    const amountOk = body.amount === row.charge_usd_cents;
    const currencyOk = typeof body.currency === 'string' && body.currency.toLowerCase() === 'usd';
    if (amountOk && currencyOk) return true;
    deps.logger.warn('payment webhook amount or currency differs from its purchase: ignored', {
      purchase_id: row.id,
      event_amount: typeof body.amount === 'number' ? body.amount : null,
      event_currency: typeof body.currency === 'string' ? body.currency : null,
    });
    return false;
  };

  app.post(
    PAYMENTS_API_PATHS.cardProcessorWebhook,
    webhook('card', async (event) => {
      const object = (event.data.object ?? {}) as Record<string, unknown>;
      if (event.type.startsWith('payment_intent.')) {
        const row = await purchaseForEvent('card', object);
        if (!row || !bodyMatches(row, object)) return nothing;
        const pi = await refetch(
          () => cardCall(() => providers().card.retrievePaymentIntent(String(object.id))),
          (e) => e instanceof CardProcessorRequestError,
        );
        if (!pi) return nothing;
        return async (tx) => void (await applyObservation(tx, deps, row.id, observeIntent(pi)));
      }
      if (event.type === 'setup_intent.succeeded' && typeof object.id === 'string') {
        const si = await refetch(
          () => cardCall(() => providers().card.retrieveSetupIntent(String(object.id))),
          (e) => e instanceof CardProcessorRequestError,
        );
        const pm = si?.status === 'succeeded' ? si.payment_method : null;
        if (!si || !pm) return nothing;
        return async (tx) => {
          const owner = await userOfCustomer(tx, si.customer);
          if (owner) await saveCardRow(tx, owner, providers().card.name, pm.id, pm.card);
        };
      }
      return nothing;
    }),
  );

  app.post(
    PAYMENTS_API_PATHS.payByBankWebhook,
    webhook('bank', async (event) => {
      const object = (event.data.object ?? {}) as Record<string, unknown>;
      if (!event.type.startsWith('payment.')) return nothing;
      const row = await purchaseForEvent('pay_by_bank', object);
      // Pay-by-bank objects carry no currency: the bank pays USD only.
      if (!row || !bodyMatches(row, { amount: object.amount, currency: 'usd' })) return nothing;
      const payment = await refetch(
        () => bankCall(() => providers().bank.retrievePayment(String(object.id))),
        (e) => e instanceof PayByBankRequestError,
      );
      if (!payment) return nothing;
      return async (tx) => void (await applyObservation(tx, deps, row.id, observeBankPayment(payment)));
    }),
  );

  return app;
}
