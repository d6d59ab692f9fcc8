/**
 * Card purchases and their status checks, and saved cards (setup intents, list, add, default,
 * remove). A purchase needs the Idempotency-Key header, and a retry after a lost answer resumes
 * the same purchase row (request_key) instead of paying twice.
 */
import { Hono } from 'hono';
import {
  AddCardRequestSchema,
  CardPurchaseRequestSchema,
  PAYMENTS_API_PATHS,
  PAYMENT_ERROR_CODES,
} from '../../../src/contract/payments.ts';
import { PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import type { Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { closedAccountError } from './settlement-refusals.ts';
import { idempotent, requestKeyOf } from '../../http/idempotency.ts';
import { check, readJson } from '../../http/validate.ts';
import {
  CardProcessorRequestError,
  CardProcessorUnavailableError,
  type ProcessorPaymentIntent,
  type ProcessorSetupIntent,
} from '../../providers/card-processor/card-processor.ts';
import { readProperties } from '../../core/properties.ts';
import {
  cardForPurchase,
  customerIdOf,
  findCard,
  listCards,
  makeDefaultCard,
  removeCard,
} from './card-store.ts';
import { paymentCalls } from './provider-calls.ts';
import { hasSucceededPurchase } from './purchase-store.ts';
import {
  cardPurchaseError,
  findOwnPurchase,
  findPurchaseByRequestKey,
  isUuid,
  observeIntent,
  paymentError,
  providerUnavailable,
  purchaseNotFound,
  reservePurchase,
  saveCardRow,
  toPurchaseResult,
  type Observation,
} from './purchases.ts';

const cardNotFound = (field = 'card_id') =>
  paymentError(404, PAYMENT_ERROR_CODES.CARD_NOT_FOUND, 'This card is not on your account.', field);

export function cardRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const auth = requireAuth(deps);
  // A closed account's purchase meets the closed-account flow (CANT_COMPLETE_PURCHASE sub-codes).
  const purchaseAuth = requireAuth(deps, { closedAccount: closedAccountError });
  const once = idempotent(db, deps.now);
  const { providers, cardCall, customerOf, observe } = paymentCalls(deps);

  // ------------------------------------------------------------------ card purchases
  app.post(PAYMENTS_API_PATHS.cardPurchases, purchaseAuth, once, async (c) => {
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
          const found = isUuid(id) ? await cardForPurchase(tx, userId, id) : null;
          if (!found) throw cardNotFound('payment_method.card_id');
          savedCard = { id: found.id, pm: found.payment_method_id };
        }
        return {
          method: 'card',
          provider: card.name,
          requestKey,
          savedCardId: savedCard?.id ?? null,
          paymentMethodId: savedCard?.pm ?? null,
          saveCard: body.payment_method.type === 'card_token' && body.payment_method.save_card === true,
          balanceOnly: body.payment_method.type === 'cash_balance',
        };
      });
    }
    if (!row.provider_reference && row.status === 'processing') {
      const customer = await cardCall(() => customerOf(userId));
      const threeDSecure = await threeDSecureMode(db, userId, row.charge_usd_cents);
      let observation: Observation;
      try {
        const pi: ProcessorPaymentIntent = await card.createPaymentIntent({
          // The remainder after the cash balance, plus the card fee (docs/payments.md).
          amountCents: row.charge_usd_cents,
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
    const customer = await customerIdOf(db, userId);
    let si: ProcessorSetupIntent | null = null;
    try {
      si = customer ? await cardCall(() => providers().card.retrieveSetupIntent(body.setup_intent_id)) : null;
    } catch (error) {
      if (!(error instanceof CardProcessorRequestError)) throw error;
    }
    // Another player's setup intent answers the same as an unknown one.
    if (!si || si.customer !== customer)
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
    if (!(await makeDefaultCard(db, userId, cardId))) throw cardNotFound();
    return c.json({ results: await listCards(db, userId) });
  });

  app.delete(PAYMENTS_API_PATHS.cardPattern, auth, async (c) => {
    const userId = c.get('userId');
    const cardId = c.req.param('card_id');
    if (!isUuid(cardId)) throw cardNotFound();
    const card = await findCard(db, userId, cardId);
    if (!card) throw cardNotFound();
    try {
      await cardCall(() => providers().card.detachPaymentMethod(card.payment_method_id));
    } catch (error) {
      // Already gone at the processor: removing it here is still right.
      if (!(error instanceof CardProcessorRequestError)) throw error;
    }
    await removeCard(db, userId, card, deps.now());
    return c.json({ results: await listCards(db, userId) });
  });

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
  return (await hasSucceededPurchase(db, userId)) ? 'automatic' : 'any';
}
