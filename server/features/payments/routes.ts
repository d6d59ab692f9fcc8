/**
 * Payments API: provider config, card purchases and their status checks, saved cards (setup
 * intents), pay-by-bank purchases and their status checks, and the providers' signed webhooks.
 * Purchases are money-changing: they need the Idempotency-Key header (W's `idempotent()`), and
 * a retry after a lost answer resumes the same purchase row (request_key) instead of paying twice.
 */
import { Hono, type Context } from 'hono';
import {
  AddCardRequestSchema,
  CardPurchaseRequestSchema,
  PAYMENTS_API_PATHS,
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
  PayByBankPurchaseRequestSchema,
  WEBHOOK_SIGNATURE_HEADER,
  phoneDigits,
  type PaymentsConfig,
  type SavedCard,
} from '../../../src/contract/payments.ts';
import { PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import type { Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { idempotent, requestKeyOf } from '../../http/idempotency.ts';
import { check, readJson } from '../../http/validate.ts';
import {
  CardProcessorRequestError,
  CardProcessorUnavailableError,
  type ProcessorPaymentIntent,
  type ProcessorSetupIntent,
  type WebhookEvent,
} from '../../providers/card-processor/card-processor.ts';
import { PayByBankRequestError, PayByBankUnavailableError } from '../../providers/pay-by-bank/pay-by-bank.ts';
import { readProperties } from '../../core/properties.ts';
import { paymentProviders } from './payment-providers.ts';
import { recordSharedPhone } from './shared-phones.ts';
import {
  CHECK_AFTER_MS,
  applyObservation,
  cardPurchaseError,
  findOwnPurchase,
  findPurchaseByRequestKey,
  isUuid,
  observeBankPayment,
  observeIntent,
  paymentError,
  providerUnavailable,
  purchaseNotFound,
  reservePurchase,
  saveCardRow,
  toPurchaseResult,
  type Observation,
  type PurchaseRow,
} from './purchases.ts';

interface CardRow {
  [key: string]: unknown;
  id: string;
  payment_method_id: string;
  brand: string;
  last4: string;
  exp_month: number;
  exp_year: number;
  is_default: boolean;
  created_at: Date | string;
}

const toWireCard = (r: CardRow): SavedCard => ({
  card_id: r.id,
  brand: r.brand,
  last4: r.last4,
  exp_month: Number(r.exp_month),
  exp_year: Number(r.exp_year),
  is_default: r.is_default,
  created_at: new Date(r.created_at).toISOString(),
});

async function listCards(db: Queryable, userId: string): Promise<SavedCard[]> {
  const rows = await db.query<CardRow>(
    'SELECT * FROM saved_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY is_default DESC, created_at DESC',
    [userId],
  );
  return rows.map(toWireCard);
}

const cardNotFound = (field = 'card_id') =>
  paymentError(404, PAYMENT_ERROR_CODES.CARD_NOT_FOUND, 'This card is not on your account.', field);

export function paymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const auth = requireAuth(deps);
  const once = idempotent(db, deps.now);
  const providers = () => paymentProviders(deps);

  /** The processor's customer of this player, created on first need. */
  const customerOf = async (userId: string): Promise<string> => {
    const rows = await db.query<{ customer_id: string }>(
      'SELECT customer_id FROM payment_customers WHERE user_id = $1',
      [userId],
    );
    if (rows[0]) return rows[0].customer_id;
    const user = await db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
    const card = providers().card;
    const created = await card.createCustomer({ userId, email: user[0]?.email ?? '' });
    await db.query(
      'INSERT INTO payment_customers (user_id, provider, customer_id) VALUES ($1, $2, $3) ON CONFLICT (user_id) DO NOTHING',
      [userId, card.name, created.id],
    );
    const again = await db.query<{ customer_id: string }>(
      'SELECT customer_id FROM payment_customers WHERE user_id = $1',
      [userId],
    );
    return again[0]!.customer_id;
  };

  const observe = async (purchaseId: string, o: Observation): Promise<PurchaseRow | null> =>
    transaction(db, (tx) => applyObservation(tx, deps, purchaseId, o));

  const cardCall = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof CardProcessorUnavailableError) {
        deps.logger.warn('card processor unavailable', { error: error.message });
        throw providerUnavailable();
      }
      throw error;
    }
  };

  // ------------------------------------------------------------------ config
  app.get(PAYMENTS_API_PATHS.paymentsConfig, auth, (c) => {
    const card = providers().card.publicConfig();
    const bank = providers().bank.publicConfig();
    const body: PaymentsConfig = {
      card_processor: {
        name: card.name,
        publishable_key: card.publishableKey,
        origin: card.origin,
        hosted_fields_url: card.hostedFieldsUrl,
      },
      pay_by_bank: { name: bank.name, origin: bank.origin },
      check_after_ms: CHECK_AFTER_MS.processing,
    };
    return c.json(body);
  });

  // ------------------------------------------------------------------ card purchases
  app.post(PAYMENTS_API_PATHS.cardPurchases, auth, once, async (c) => {
    const userId = c.get('userId');
    const body = check(await readJson(c), CardPurchaseRequestSchema);
    const requestKey = requestKeyOf(c);
    const card = providers().card;
    let row = await findPurchaseByRequestKey(db, requestKey);
    if (!row) {
      row = await reservePurchase(deps, userId, body, async (tx) => {
        let savedCard: { id: string; pm: string } | null = null;
        if (body.payment_method.type === 'saved_card') {
          const id = body.payment_method.card_id;
          const rows = isUuid(id)
            ? await tx.query<{ id: string; payment_method_id: string }>(
                'SELECT id, payment_method_id FROM saved_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL',
                [id, userId],
              )
            : [];
          if (!rows[0]) throw cardNotFound('payment_method.card_id');
          savedCard = { id: rows[0].id, pm: rows[0].payment_method_id };
        }
        return {
          method: 'card',
          provider: card.name,
          requestKey,
          savedCardId: savedCard?.id ?? null,
          paymentMethodId: savedCard?.pm ?? null,
          saveCard: body.payment_method.type === 'card_token' && body.payment_method.save_card === true,
        };
      });
    }
    if (!row.provider_reference && row.status === 'processing') {
      const customer = await cardCall(() => customerOf(userId));
      const threeDSecure = await threeDSecureMode(db, userId, row.amount_usd_cents);
      let observation: Observation;
      try {
        const pi: ProcessorPaymentIntent = await card.createPaymentIntent({
          amountCents: row.amount_usd_cents,
          customer,
          paymentMethod: row.payment_method_id ?? undefined,
          token: body.payment_method.type === 'card_token' ? body.payment_method.token : undefined,
          savePaymentMethod: row.save_card,
          threeDSecure,
          metadata: { purchase_id: row.id, user_id: userId, package_id: row.package_id },
          idempotencyKey: `purchase:${row.id}`,
        });
        observation = observeIntent(pi);
      } catch (error) {
        if (error instanceof CardProcessorUnavailableError) {
          // Unknown outcome: keep the row; a retry with the same key resumes it, the webhook may settle it.
          deps.logger.warn('card processor unavailable', { purchase_id: row.id, error: error.message });
          throw providerUnavailable();
        }
        if (!(error instanceof CardProcessorRequestError)) throw error;
        observation = { status: 'failed', error: cardPurchaseError(error.error) };
      }
      row = (await observe(row.id, observation)) ?? row;
    }
    deps.logger.info('card purchase', { purchase_id: row.id, status: row.status });
    return c.json(await toPurchaseResult(db, row), 201);
  });

  app.get(PAYMENTS_API_PATHS.cardPurchaseStatusPattern, auth, async (c) => {
    let row = await findOwnPurchase(db, c.get('userId'), c.req.param('purchase_id'), 'card');
    if (!row) throw purchaseNotFound();
    if ((row.status === 'processing' || row.status === 'requires_action') && row.provider_reference) {
      const pi = await cardCall(() => providers().card.retrievePaymentIntent(row!.provider_reference!));
      row = (await observe(row.id, observeIntent(pi))) ?? row;
    }
    return c.json(await toPurchaseResult(db, row));
  });

  // ------------------------------------------------------------------ saved cards
  app.post(PAYMENTS_API_PATHS.setupIntents, auth, async (c) => {
    const customer = await cardCall(() => customerOf(c.get('userId')));
    const si = await cardCall(() => providers().card.createSetupIntent(customer));
    return c.json({ setup_intent_id: si.id, client_secret: si.client_secret }, 201);
  });

  app.get(PAYMENTS_API_PATHS.cards, auth, async (c) =>
    c.json({ results: await listCards(db, c.get('userId')) }),
  );

  app.post(PAYMENTS_API_PATHS.cards, auth, async (c) => {
    const userId = c.get('userId');
    const body = check(await readJson(c), AddCardRequestSchema);
    const customer = await db.query<{ customer_id: string }>(
      'SELECT customer_id FROM payment_customers WHERE user_id = $1',
      [userId],
    );
    let si: ProcessorSetupIntent | null = null;
    try {
      si = customer[0]
        ? await cardCall(() => providers().card.retrieveSetupIntent(body.setup_intent_id))
        : null;
    } catch (error) {
      if (!(error instanceof CardProcessorRequestError)) throw error;
    }
    // Another player's setup intent answers the same as an unknown one.
    if (!si || si.customer !== customer[0]?.customer_id)
      throw paymentError(
        404,
        PAYMENT_ERROR_CODES.SETUP_INTENT_NOT_SUCCEEDED,
        'This card setup is not known. Please add the card again.',
        'setup_intent_id',
      );
    if (si.status !== 'succeeded' || !si.payment_method)
      throw paymentError(
        409,
        PAYMENT_ERROR_CODES.SETUP_INTENT_NOT_SUCCEEDED,
        'The card was not saved yet. Please enter the card and try again.',
        'setup_intent_id',
      );
    const pm = si.payment_method;
    const id = await transaction(db, (tx) =>
      saveCardRow(tx, userId, providers().card.name, pm.id, pm.card, body.make_default === true),
    );
    const cards = await listCards(db, userId);
    return c.json(cards.find((x) => x.card_id === id) ?? cards[0], 201);
  });

  app.post(PAYMENTS_API_PATHS.cardDefaultPattern, auth, async (c) => {
    const userId = c.get('userId');
    const cardId = c.req.param('card_id');
    if (!isUuid(cardId)) throw cardNotFound();
    await transaction(db, async (tx) => {
      const found = await tx.query(
        'SELECT 1 FROM saved_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL FOR UPDATE',
        [cardId, userId],
      );
      if (found.length === 0) throw cardNotFound();
      await tx.query(
        'UPDATE saved_cards SET is_default = false WHERE user_id = $1 AND is_default AND id <> $2',
        [userId, cardId],
      );
      await tx.query('UPDATE saved_cards SET is_default = true WHERE id = $1', [cardId]);
    });
    return c.json({ results: await listCards(db, userId) });
  });

  app.delete(PAYMENTS_API_PATHS.cardPattern, auth, async (c) => {
    const userId = c.get('userId');
    const cardId = c.req.param('card_id');
    if (!isUuid(cardId)) throw cardNotFound();
    const rows = await db.query<CardRow>(
      'SELECT * FROM saved_cards WHERE id = $1 AND user_id = $2 AND deleted_at IS NULL',
      [cardId, userId],
    );
    const card = rows[0];
    if (!card) throw cardNotFound();
    try {
      await cardCall(() => providers().card.detachPaymentMethod(card.payment_method_id));
    } catch (error) {
      // Already gone at the processor: removing it here is still right.
      if (!(error instanceof CardProcessorRequestError)) throw error;
    }
    await transaction(db, async (tx) => {
      await tx.query('UPDATE saved_cards SET deleted_at = $2, is_default = false WHERE id = $1', [
        cardId,
        new Date(deps.now()).toISOString(),
      ]);
      if (card.is_default) {
        // The newest remaining card becomes the default, so paying keeps a preselected card.
        await tx.query(
          `UPDATE saved_cards SET is_default = true WHERE id = (
             SELECT id FROM saved_cards WHERE user_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC LIMIT 1)`,
          [userId],
        );
      }
    });
    return c.json({ results: await listCards(db, userId) });
  });

  // ------------------------------------------------------------------ pay-by-bank
  const bankCall = async <T>(fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (error) {
      if (error instanceof PayByBankUnavailableError) {
        deps.logger.warn('pay-by-bank unavailable', { error: error.message });
        throw providerUnavailable();
      }
      throw error;
    }
  };

  app.post(PAYMENTS_API_PATHS.payByBankPurchases, auth, once, async (c) => {
    const userId = c.get('userId');
    const body = check(await readJson(c), PayByBankPurchaseRequestSchema);
    const requestKey = requestKeyOf(c);
    const bank = providers().bank;
    let row = await findPurchaseByRequestKey(db, requestKey);
    if (!row) {
      const digits = phoneDigits(body.phone);
      if (!digits)
        throw paymentError(400, PAYMENT_ERROR_CODES.INVALID_PHONE, PAYMENT_TEXTS.phoneInvalid, 'phone');
      row = await reservePurchase(deps, userId, body, async (tx, pre) => {
        if (pre.user.phone && pre.user.phone.replace(/\D/g, '') !== digits)
          throw paymentError(
            400,
            PAYMENT_ERROR_CODES.INVALID_PHONE,
            'Please use the phone number on your account.',
            'phone',
            {
              account_phone_last4: pre.user.phone.slice(-4),
            },
          );
        await recordSharedPhone(tx, deps, userId, digits);
        if (!pre.user.phone) await tx.query('UPDATE users SET phone = $2 WHERE id = $1', [userId, digits]);
        return { method: 'pay_by_bank', provider: bank.name, requestKey, phone: digits };
      });
    }
    if (!row.provider_reference && row.status === 'processing') {
      let observation: Observation;
      try {
        const payment = await bankCall(() =>
          bank.createPayment({
            amountCents: row!.amount_usd_cents,
            phone: row!.phone ?? '',
            metadata: { purchase_id: row!.id, user_id: userId, package_id: row!.package_id },
            idempotencyKey: `purchase:${row!.id}`,
          }),
        );
        observation = observeBankPayment(payment);
      } catch (error) {
        if (!(error instanceof PayByBankRequestError)) throw error;
        observation = observeBankPayment({
          id: '',
          status: 'failed',
          amount: row.amount_usd_cents,
          authorization_url: null,
          error_code: error.code === 'invalid_phone' ? 'account_not_supported' : 'bank_unavailable',
          metadata: {},
        });
        delete observation.providerReference;
      }
      row = (await observe(row.id, observation)) ?? row;
    }
    deps.logger.info('pay-by-bank purchase', { purchase_id: row.id, status: row.status });
    return c.json(await toPurchaseResult(db, row), 201);
  });

  app.get(PAYMENTS_API_PATHS.payByBankPurchaseStatusPattern, auth, async (c) => {
    let row = await findOwnPurchase(db, c.get('userId'), c.req.param('purchase_id'), 'pay_by_bank');
    if (!row) throw purchaseNotFound();
    if ((row.status === 'processing' || row.status === 'requires_action') && row.provider_reference) {
      const payment = await bankCall(() => providers().bank.retrievePayment(row!.provider_reference!));
      row = (await observe(row.id, observeBankPayment(payment))) ?? row;
    }
    return c.json(await toPurchaseResult(db, row));
  });

  // ------------------------------------------------------------------ webhooks (signature instead of JWT/CSRF)
  /**
   * A signed event is only a hint that something changed. Its handler finds the purchase (by the
   * stored provider reference; by metadata only while the purchase has none), refuses a body that
   * names another payment, amount or currency, and asks the provider for its own copy of the
   * object before anything is credited (outside the transaction: a network call must not hold
   * row locks). The returned step runs in the transaction that records the event id.
   */
  type WebhookStep = (tx: Queryable) => Promise<void>;
  const nothing: WebhookStep = async () => undefined;
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
      const seen = await db.query(
        'SELECT 1 FROM payment_webhook_events WHERE provider = $1 AND event_id = $2',
        [source, event.id],
      );
      if (seen.length > 0) return c.json({ received: true, duplicate: true });
      const step = await prepare(event);
      const fresh = await transaction(db, async (tx) => {
        const inserted = await tx.query(
          `INSERT INTO payment_webhook_events (provider, event_id, type, received_at) VALUES ($1, $2, $3, $4)
           ON CONFLICT (provider, event_id) DO NOTHING RETURNING event_id`,
          [source, event.id, event.type, new Date(deps.now()).toISOString()],
        );
        if (inserted.length === 0) return false;
        await step(tx);
        return true;
      });
      return c.json({ received: true, duplicate: !fresh });
    };

  /** The purchase an event is about, or null (unknown, or naming another payment than the stored one). */
  const purchaseForEvent = async (
    method: 'card' | 'pay_by_bank',
    claimed: { id?: unknown; metadata?: unknown },
  ): Promise<PurchaseRow | null> => {
    if (typeof claimed.id !== 'string' || claimed.id === '') return null;
    const byReference = await db.query<PurchaseRow>(
      'SELECT * FROM purchases WHERE provider_reference = $1 AND method = $2',
      [claimed.id, method],
    );
    if (byReference[0]) return byReference[0];
    const metadata = (claimed.metadata ?? {}) as Record<string, unknown>;
    const purchaseId = metadata.purchase_id;
    if (typeof purchaseId !== 'string' || !isUuid(purchaseId)) return null;
    const rows = await db.query<PurchaseRow>('SELECT * FROM purchases WHERE id = $1 AND method = $2', [
      purchaseId,
      method,
    ]);
    const row = rows[0];
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
    const amountOk = body.amount === row.amount_usd_cents;
    const currencyOk = typeof body.currency === 'string' && body.currency.toLowerCase() === 'usd';
    if (amountOk && currencyOk) return true;
    deps.logger.warn('payment webhook amount or currency differs from its purchase: ignored', {
      purchase_id: row.id,
      event_amount: typeof body.amount === 'number' ? body.amount : null,
      event_currency: typeof body.currency === 'string' ? body.currency : null,
    });
    return false;
  };

  /** Fetches the provider's copy; a provider that no longer knows the object answers null. */
  const refetch = async <T>(fetchIt: () => Promise<T>, isRequestError: (e: unknown) => boolean) => {
    try {
      return await fetchIt();
    } catch (error) {
      if (isRequestError(error)) return null;
      throw error;
    }
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
          const owner = await tx.query<{ user_id: string }>(
            'SELECT user_id FROM payment_customers WHERE customer_id = $1',
            [si.customer],
          );
          if (owner[0]) await saveCardRow(tx, owner[0].user_id, providers().card.name, pm.id, pm.card);
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

/**
 * 3-D Secure policy from the named properties: with payments_3ds_enabled, a challenge is shown
 * whenever the card's issuer asks for one; with first_purchase_3ds_enabled as well, we ask for
 * a challenge on a player's first purchase at or above first_purchase_3ds_minimum_amount (USD).
 * payments_3ds_enabled = false turns our own request off (issuer-required challenges still apply).
 */
async function threeDSecureMode(
  db: Queryable,
  userId: string,
  amountCents: number,
): Promise<'automatic' | 'any'> {
  const names = [
    PROPERTY_NAMES.payments3dsEnabled,
    PROPERTY_NAMES.firstPurchase3dsEnabled,
    PROPERTY_NAMES.firstPurchase3dsMinimumAmount,
  ];
  const props = await readProperties(db, names, {});
  const get = (k: string) => props.find((p) => p.key === k)?.value;
  if (
    get(PROPERTY_NAMES.payments3dsEnabled) !== 'true' ||
    get(PROPERTY_NAMES.firstPurchase3dsEnabled) !== 'true'
  )
    return 'automatic';
  const minimum = Number(get(PROPERTY_NAMES.firstPurchase3dsMinimumAmount) ?? '0');
  if (!Number.isFinite(minimum) || amountCents < Math.round(minimum * 100)) return 'automatic';
  const before = await db.query(
    `SELECT 1 FROM purchases WHERE user_id = $1 AND status = 'succeeded' LIMIT 1`,
    [userId],
  );
  return before.length === 0 ? 'any' : 'automatic';
}
