/**
 * Pay-by-bank purchases and their status checks. A purchase needs the Idempotency-Key header, and
 * a retry after a lost answer resumes the same purchase row (request_key) instead of paying twice.
 * The phone typed must be the account's when it has one; the first one typed becomes the account's.
 */
import { Hono } from 'hono';
import {
  PAYMENTS_API_PATHS,
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
  PayByBankPurchaseRequestSchema,
  phoneDigits,
} from '../../../src/contract/payments.ts';
import type { AppEnv } from '../../http/app-env.ts';
import type { AppDeps } from '../../core/deps.ts';
import { requireAuth } from '../../http/auth.ts';
import { closedAccountError } from './settlement-refusals.ts';
import { idempotent, requestKeyOf } from '../../http/idempotency.ts';
import { check, readJson } from '../../http/validate.ts';
import { PayByBankRequestError } from '../../providers/pay-by-bank/pay-by-bank.ts';
import { paymentCalls } from './provider-calls.ts';
import { setAccountPhone } from './purchase-store.ts';
import {
  findOwnPurchase,
  findPurchaseByRequestKey,
  observeBankPayment,
  paymentError,
  purchaseNotFound,
  reservePurchase,
  toPurchaseResult,
  type Observation,
} from './purchases.ts';
import { recordSharedPhone } from './shared-phones.ts';

export function payByBankRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const { db } = deps;
  const auth = requireAuth(deps);
  // A closed account's purchase meets the closed-account flow (CANT_COMPLETE_PURCHASE sub-codes).
  const purchaseAuth = requireAuth(deps, { closedAccount: closedAccountError });
  const once = idempotent(db, deps.now);
  const { providers, bankCall, observe } = paymentCalls(deps);

  app.post(PAYMENTS_API_PATHS.payByBankPurchases, purchaseAuth, once, async (c) => {
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
        if (!pre.user.phone) await setAccountPhone(tx, userId, digits);
        return { method: 'pay_by_bank', provider: bank.name, requestKey, phone: digits };
      });
    }
    if (!row.provider_reference && row.status === 'processing') {
      let observation: Observation;
      try {
        const payment = await bankCall(() =>
          bank.createPayment({
            // The remainder after the cash balance (pay-by-bank carries no fee).
            amountCents: row!.charge_usd_cents,
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
          amount: row.charge_usd_cents,
          authorization_url: null,
          error_code: error.code === 'invalid_phone' ? 'account_not_supported' : 'bank_unavailable',
          metadata: {},
          bank_account: null,
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

  return app;
}
