import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetApiClientState } from '../lib/api-client.ts';
import { resetStore, store } from './store.ts';
import { apiError, stubApi } from '../test-support/stub-api.ts';
import { PAYMENT_TEXTS, type PurchaseResult } from '../contract/payments.ts';
import {
  beginPurchaseAttempt,
  resumePendingPurchase,
  checkUntilFinal,
  classifyFailedResult,
  classifyPurchaseFailure,
  completePurchase,
  declineMessage,
  isRepeatPurchase,
  recordPurchaseError,
  retryableAttempt,
  sendPurchase,
  type PurchaseRequest,
} from './payment-actions.ts';

const result = (over: Partial<PurchaseResult> = {}): PurchaseResult => ({
  purchase_id: 'pur-1',
  method: 'card',
  status: 'succeeded',
  package_id: 'gold-499',
  amount_usd: 4.99,
  quantity_gld: 50_000,
  quantity_ghc: 5,
  promo_code: null,
  three_d_secure_url: null,
  authorization_url: null,
  check_after_ms: 1000,
  error: null,
  balances: {
    balance_paid_ghc: 5,
    balance_free_ghc: 25,
    balance_redeemable_ghc: 0,
    balance_redeemable_available_ghc: 0,
    balance_total_ghc: 30,
    balance_total_gld: 300_000,
  },
  is_first_purchase: true,
  card: { brand: 'visa', last4: '4242' },
  created_at: '2026-03-01T12:00:00Z',
  ...over,
});

const cardRequest: PurchaseRequest = {
  method: 'card',
  body: {
    package_id: 'gold-499',
    payment_method: { type: 'saved_card', card_id: 'card-1' },
    promo_code: null,
  },
};

describe('repeat-purchase rule (5 minutes)', () => {
  const at = Date.parse('2026-03-01T12:00:00Z');
  it('asks again only for the same package inside the window', () => {
    expect(isRepeatPurchase(null, 'a', at)).toBe(false);
    expect(isRepeatPurchase({ packageId: 'a', at }, 'a', at + 60_000)).toBe(true);
    expect(isRepeatPurchase({ packageId: 'a', at }, 'a', at + 5 * 60_000 - 1)).toBe(true);
    expect(isRepeatPurchase({ packageId: 'a', at }, 'a', at + 5 * 60_000)).toBe(false);
    expect(isRepeatPurchase({ packageId: 'a', at }, 'b', at + 1000)).toBe(false);
  });
});

describe('decline and error mapping (spec section 8)', () => {
  it('maps decline sub-codes first, then codes, then the server text', () => {
    expect(declineMessage(null, 'generic_decline')).toBe(
      'Your card was declined. Please try another card or contact your bank.',
    );
    expect(declineMessage(null, 'insufficient_funds')).toBe(
      'Your card has insufficient funds. Please use another card.',
    );
    expect(declineMessage('expired_card', null)).toBe('Your card has expired. Please use another card.');
    expect(declineMessage(null, 'unheard_of', 'Bank says no')).toBe('Bank says no');
  });

  it('turns a failed card purchase into the payment error dialog content', () => {
    expect(
      classifyFailedResult({ code: 'PAYMENT_DECLINED', sub_code: 'generic_decline', message: 'declined' }),
    ).toEqual({
      kind: 'declined',
      title: 'Payment Declined',
      message: 'Your card was declined. Please try another card or contact your bank.',
      code: 'PAYMENT_DECLINED',
      subCode: 'generic_decline',
      supportLink: false,
    });
    expect(classifyFailedResult({ code: 'PAYMENT_DECLINED', sub_code: 'fraudulent', message: 'x' })).toEqual({
      kind: 'fraud',
    });
    expect(classifyFailedResult({ code: 'PAYMENT_FRAUD', sub_code: null, message: 'x' })).toEqual({
      kind: 'fraud',
    });
  });

  it('recognises user limits, provider limits 71/82/93 and the promo time lock', () => {
    expect(
      classifyPurchaseFailure({ status: 409, code: 'PURCHASE_LIMIT_WEEKLY', subCode: null, message: '' }),
    ).toEqual({ kind: 'user-limit', code: 'PURCHASE_LIMIT_WEEKLY' });
    expect(classifyPurchaseFailure({ code: 'PAYMENT_DECLINED', subCode: '82', message: '' })).toEqual({
      kind: 'provider-limit',
      code: '82',
    });
    expect(
      classifyPurchaseFailure({ code: 'PROVIDER_LIMIT_DAILY', subCode: null, message: '' }),
    ).toMatchObject({ kind: 'provider-limit' });
    expect(
      classifyPurchaseFailure({
        status: 409,
        code: 'PROMO_PURCHASE_TIME_LOCKED',
        subCode: null,
        message: 'x',
      }),
    ).toEqual({
      kind: 'promo-locked',
      message: 'Please wait a moment before attempting a purchase with a promotion again.',
    });
  });

  it('a closed-account refusal marks the session closed (nothing more is asked of the server); a bank account in use does not', () => {
    resetStore();
    const ccp = (subCode: string) =>
      classifyPurchaseFailure({ status: 403, code: 'CANT_COMPLETE_PURCHASE', subCode, message: '' });
    recordPurchaseError(ccp('ach_account_in_use'));
    expect(store.session.accountClosed).toBe(false);
    expect(store.payment.purchaseError).toMatchObject({ subCode: 'ach_account_in_use' });
    recordPurchaseError(ccp('account_closed'));
    expect(store.session.accountClosed).toBe(true);
    expect(store.payment.purchaseError).toEqual({
      message: PAYMENT_TEXTS.accountClosed,
      code: 'CANT_COMPLETE_PURCHASE',
      subCode: 'account_closed',
    });
  });

  it('routes CANT_COMPLETE_PURCHASE by sub-code', () => {
    const ccp = (subCode: string | null) =>
      classifyPurchaseFailure({ status: 403, code: 'CANT_COMPLETE_PURCHASE', subCode, message: 'Closed.' });
    expect(ccp('account_closed').kind).toBe('closed-account');
    expect(ccp('account_closed_age_requirement').kind).toBe('closed-account');
    expect(ccp('ach_account_in_use').kind).toBe('closed-account');
    // The sub-code travels with the outcome (the dialog's title and sign-out depend on it), and a
    // missing message takes the catalogue's text of that sub-code.
    expect(
      classifyPurchaseFailure({
        status: 403,
        code: 'CANT_COMPLETE_PURCHASE',
        subCode: 'account_closed_age_requirement',
        message: '',
      }),
    ).toEqual({
      kind: 'closed-account',
      subCode: 'account_closed_age_requirement',
      message: PAYMENT_TEXTS.accountClosedAgeRequirement,
    });
    expect(ccp('account_locked').kind).toBe('user-error');
    expect(ccp('excluded_state').kind).toBe('user-error');
    expect(ccp('something_new').kind).toBe('generic');
    expect(ccp(null).kind).toBe('generic');
  });

  it('gives pay-by-bank errors their own dialog, with the duplicate-phone lock', () => {
    expect(
      classifyPurchaseFailure({ code: 'PAY_BY_BANK_ERROR', subCode: 'user_declined', message: '' }),
    ).toEqual({
      kind: 'pay-by-bank',
      message: 'You cancelled the payment at your bank. Nothing was charged.',
      code: 'user_declined',
      phoneInUse: false,
    });
    expect(
      classifyPurchaseFailure({ status: 409, code: 'PAY_BY_BANK_PHONE_IN_USE', subCode: null, message: '' }),
    ).toMatchObject({ kind: 'pay-by-bank', phoneInUse: true });
  });

  it('treats lost answers as retryable, not as declines', () => {
    expect(
      classifyPurchaseFailure({ status: 0, code: 'NETWORK_ERROR', subCode: null, message: 'x' }).kind,
    ).toBe('network');
    expect(classifyPurchaseFailure({ status: 503, code: 'HTTP_503', subCode: null, message: 'x' }).kind).toBe(
      'network',
    );
  });
});

describe('Idempotency-Key per Buy click', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.token = 'tok';
    store.session.status = 'signed-in';
  });
  afterEach(() => vi.unstubAllGlobals());

  function keysSent(): string[] {
    const fetchMock = globalThis.fetch as unknown as { mock: { calls: [string, RequestInit][] } };
    return fetchMock.mock.calls
      .filter(([url]) => String(url).includes('/payments/purchases'))
      .map(([, init]) => (init.headers as Record<string, string>)['Idempotency-Key'] ?? '');
  }

  it('reuses the key (and body) when a lost answer is retried, and uses a new key for the next click', async () => {
    const calls = stubApi({
      '/payments/purchases': [
        apiError(503, 'HTTP_503', 'down'),
        { status: 200, body: result() },
        { status: 200, body: result({ purchase_id: 'pur-2' }) },
      ],
    });
    const first = await beginPurchaseAttempt(cardRequest);
    await expect(sendPurchase(first, { retryDelayMs: 1 })).resolves.toMatchObject({ purchase_id: 'pur-1' });
    expect(retryableAttempt()).toBe(first);
    const second = await beginPurchaseAttempt(cardRequest);
    await sendPurchase(second, { retryDelayMs: 1 });
    const keys = keysSent();
    expect(keys).toHaveLength(3);
    expect(keys[0]).toBe(first.key);
    expect(keys[1]).toBe(first.key);
    expect(keys[2]).toBe(second.key);
    expect(second.key).not.toBe(first.key);
    expect(calls[0]?.body).toEqual(calls[1]?.body);
  });

  it('keeps a purchase whose answers were all lost: Buy pressed again, or a reload, sends it with its key and body', async () => {
    stubApi({
      '/payments/purchases': [
        apiError(503, 'HTTP_503', 'down'),
        apiError(503, 'HTTP_503', 'down'),
        { status: 200, body: result() },
      ],
    });
    const first = await beginPurchaseAttempt(cardRequest);
    await expect(sendPurchase(first, { tries: 2, retryDelayMs: 1 })).rejects.toMatchObject({ status: 503 });
    // The page was reloaded: the pending purchase is the one Try again sends.
    expect((await resumePendingPurchase())?.key).toBe(first.key);
    const again = await beginPurchaseAttempt({
      method: 'card',
      body: { ...cardRequest.body, payment_method: { type: 'saved_card', card_id: 'card-2' } },
    });
    expect(again.key).toBe(first.key);
    expect(again.request).toEqual(first.request);
    await sendPurchase(again, { retryDelayMs: 1 });
    expect(new Set(keysSent())).toEqual(new Set([first.key]));
    expect(await resumePendingPurchase()).toBeNull();
  });

  it('does not retry a refusal', async () => {
    stubApi({
      '/payments/purchases': [
        apiError(409, 'PROMO_PURCHASE_TIME_LOCKED', 'wait'),
        { status: 200, body: result() },
      ],
    });
    await expect(
      sendPurchase(await beginPurchaseAttempt(cardRequest), { retryDelayMs: 1 }),
    ).rejects.toMatchObject({
      code: 'PROMO_PURCHASE_TIME_LOCKED',
    });
    expect(keysSent()).toHaveLength(1);
  });
});

describe('status checks and success', () => {
  beforeEach(() => {
    resetStore();
    resetApiClientState();
    store.session.token = 'tok';
    store.session.status = 'signed-in';
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('waits the server-supplied check_after_ms between status checks', async () => {
    vi.useFakeTimers();
    const calls = stubApi({
      '/payments/purchases/pur-1': [
        { status: 200, body: result({ status: 'processing', check_after_ms: 2000 }) },
        { status: 200, body: result() },
      ],
    });
    const done = checkUntilFinal(result({ status: 'processing', check_after_ms: 3000 }));
    await vi.advanceTimersByTimeAsync(2999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    expect(store.payment.checkStatusWaitMs).toBe(2000);
    await vi.advanceTimersByTimeAsync(2000);
    await expect(done).resolves.toMatchObject({ status: 'succeeded' });
    expect(calls).toHaveLength(2);
  });

  it('animates to the new balance and pushes purchase and first_purchase events', () => {
    vi.useFakeTimers();
    const w = globalThis as { dataLayer?: unknown[] };
    w.dataLayer = [];
    store.balances.current = { ...result().balances!, balance_total_gld: 250_000 };
    completePurchase(result(), 1000);
    expect(store.balances.current.balance_total_gld).toBe(250_000);
    expect(store.balances.delayed?.balance_total_gld).toBe(300_000);
    vi.advanceTimersByTime(1200);
    expect(store.balances.current?.balance_total_gld).toBe(300_000);
    expect(store.payment.lastPurchase).toEqual({ packageId: 'gold-499', at: 1000 });
    expect(w.dataLayer.map((e) => (e as { event: string }).event)).toEqual(['purchase', 'first_purchase']);
  });
});
