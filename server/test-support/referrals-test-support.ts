/**
 * Test support for the referral suites: players who join (optionally through a referral link)
 * with their own street address, the referrals call, and a first purchase paid with the sandbox
 * success card and settled the way the app does (status check).
 */
import { randomUUID } from 'node:crypto';
import { API_PATHS } from '../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { PAYMENTS_API_PATHS, SANDBOX_TEST_CARDS, type PurchaseResult } from '../../src/contract/payments.ts';
import { REFERRALS_API_PATHS, type ReferralsResponse } from '../../src/contract/referrals.ts';
import { Client, signUpPayload, type TestContext } from './test-app.ts';
import { tokenize, type PaymentsTestContext } from './payments-test-support.ts';

export interface Player {
  client: Client;
  id: string;
}

let street = 100;

/** Joins (201 expected) with `overrides`, then stores a street address of its own (unique per player). */
export async function join(
  ctx: TestContext,
  overrides: Record<string, unknown> = {},
  address: Record<string, unknown> = {},
): Promise<Player> {
  const client = new Client(ctx);
  const res = await client.request<{ token: string }>('POST', API_PATHS.users, {
    body: signUpPayload(overrides),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${JSON.stringify(res.body)}`);
  client.token = res.body.token;
  street += 1;
  const addr = await client.request('PATCH', PAYMENTS_API_PATHS.address, {
    body: {
      address_line_1: `${street} W Madison St`,
      address_line_2: null,
      city: 'Chicago',
      state_or_province: 'IL',
      postal_code: '60602',
      ...address,
    },
  });
  if (addr.status !== 200) throw new Error(`address failed: ${JSON.stringify(addr.body)}`);
  const me = await client.request<{ id: string }>('GET', API_PATHS.me);
  return { client, id: me.body.id };
}

export const referralsOf = async (player: Player): Promise<ReferralsResponse> => {
  const res = await player.client.request<ReferralsResponse>('GET', REFERRALS_API_PATHS.referrals);
  if (res.status !== 200) throw new Error(`referrals: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
};

/** A friend who joins with `referrer`'s code as referral_token. */
export async function joinReferredBy(
  ctx: TestContext,
  referrer: Player,
  overrides: Record<string, unknown> = {},
  address: Record<string, unknown> = {},
): Promise<Player> {
  const { code } = await referralsOf(referrer);
  return join(ctx, { utm_source: 'referral', referral_token: code, ...overrides }, address);
}

/** Starts a card purchase with the success card (not settled yet: the sandbox answers processing). */
export async function startPurchase(ctx: PaymentsTestContext, client: Client, packageId = 'gold-499') {
  const token = await tokenize(ctx, SANDBOX_TEST_CARDS.success);
  const res = await client.request<PurchaseResult>('POST', PAYMENTS_API_PATHS.cardPurchases, {
    body: {
      package_id: packageId,
      payment_method: { type: 'card_token', token: token.body.id },
      confirm_repeat: true,
    },
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
  if (res.status !== 201) throw new Error(`purchase: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

export const checkPurchase = (client: Client, purchaseId: string) =>
  client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(purchaseId));

/** A purchase paid and credited (status check until succeeded). */
export async function buy(ctx: PaymentsTestContext, client: Client): Promise<string> {
  const started = await startPurchase(ctx, client);
  for (let i = 0; i < 5; i++) {
    const res = await checkPurchase(client, started.purchase_id);
    if (res.body.status === 'succeeded') return started.purchase_id;
  }
  throw new Error('purchase did not succeed');
}

export const balancesOf = async (client: Client) =>
  (await client.request<{ balance_total_gld: number; balance_total_ghc: number }>('GET', API_PATHS.balances))
    .body;
