/**
 * Payments API: provider config, then card purchases and saved cards (card-routes.ts), pay-by-bank
 * purchases (bank-routes.ts) and the providers' signed webhooks (webhook-routes.ts). Purchases are
 * money-changing: they need the Idempotency-Key header (`idempotent()`), and a retry after a lost
 * answer resumes the same purchase row (request_key) instead of paying twice. The handlers reach
 * the database through the feature's stores (card-store.ts, purchase-store.ts, purchases.ts).
 */
import { Hono } from 'hono';
import { PAYMENTS_API_PATHS, type PaymentsConfig } from '../../../src/contract/payments.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { payByBankRoutes } from './bank-routes.ts';
import { cardRoutes } from './card-routes.ts';
import { paymentProviders } from './payment-providers.ts';
import { CHECK_AFTER_MS } from './purchases.ts';
import { quoteRoutes } from './quote-routes.ts';
import { webhookRoutes } from './webhook-routes.ts';

export function paymentRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const providers = () => paymentProviders(deps);

  app.get(PAYMENTS_API_PATHS.paymentsConfig, requireAuth(deps), (c) => {
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

  app.route('/', quoteRoutes(deps));
  app.route('/', cardRoutes(deps));
  app.route('/', payByBankRoutes(deps));
  app.route('/', webhookRoutes(deps));
  return app;
}
