import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import {
  PAYMENTS_API_PATHS,
  SANDBOX_TEST_CARDS as CARDS,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import type { Client } from '../../test-support/test-app.ts';
import {
  buyWithCard,
  createPaymentsContext,
  playerWithAddress,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';
import {
  askResult,
  identityStateOf,
  setProperty,
  stateChanges,
  verifyInFrame,
} from '../../test-support/kyc-test-support.ts';

let ctx: PaymentsTestContext;
beforeAll(async () => {
  ctx = await createPaymentsContext();
  await setProperty(ctx, 'monthly_purchase_threshold_for_idv', '10');
});
afterAll(async () => ctx?.close());

const settle = async (client: Client, id: string) =>
  (await client.request<PurchaseResult>('GET', PAYMENTS_API_PATHS.cardPurchaseStatus(id))).body;

async function playerAtThreshold(): Promise<{ client: Client; userId: string }> {
  const client = await playerWithAddress(ctx);
  const userId = (await client.request<{ id: string }>('GET', API_PATHS.me)).body.id;
  const first = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' });
  expect((await settle(client, first.body.purchase_id)).status).toBe('succeeded');
  return { client, userId };
}

describe('the monthly purchase threshold for identity verification', () => {
  it('a refusal marks the player required (kept after the purchase rolled back) and says so in extra', async () => {
    const { client, userId } = await playerAtThreshold();
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'IDENTITY_VERIFICATION_REQUIRED',
      extra: { threshold_usd: 10, purchased_usd: 9.99, identity_state: 'required' },
    });
    expect((await identityStateOf(ctx, userId)).identity_state).toBe('required');
    expect((await client.request<{ identity_state: string }>('GET', API_PATHS.me)).body.identity_state).toBe(
      'required',
    );
    // A second refusal changes nothing more.
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })).status).toBe(403);
    expect(await stateChanges(ctx, userId)).toHaveLength(1);
  });

  it('a parallel burst of refused purchases records required once', async () => {
    const { client, userId } = await playerAtThreshold();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })),
    );
    for (const a of answers) expect(a.body).toMatchObject({ code: 'IDENTITY_VERIFICATION_REQUIRED' });
    expect(await stateChanges(ctx, userId)).toEqual([
      { from_state: 'none', to_state: 'required', reason: 'verification required' },
    ]);
  });

  it('a player verified through the provider passes the threshold again', async () => {
    const { client, userId } = await playerAtThreshold();
    expect((await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' })).status).toBe(403);
    const result = await askResult(client, await verifyInFrame(ctx, client, 'Approve'));
    expect(result.body).toMatchObject({ identity_state: 'verified' });
    const after = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    expect(after.status).toBe(201);
    expect(await stateChanges(ctx, userId)).toHaveLength(2);
  });

  it('a pending player is still refused, and the refusal tells the app it is pending', async () => {
    const { client } = await playerAtThreshold();
    await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    await askResult(client, await verifyInFrame(ctx, client, 'Pending'));
    const res = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199' });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ extra: { identity_state: 'pending' } });
  });
});
