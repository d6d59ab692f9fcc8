/**
 * temp_withdrawal_data through the API (docs/redemption.md, "The form kept between
 * visits"): kept, returned (its route and the user answer), cleared when a redemption is requested,
 * never a bank account number, bad input answered with a 4xx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDEMPTION_API_PATHS } from '../../../src/contract/redemption.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { redeem, redemptionPlayer, type Loose } from '../../test-support/redemption-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const PATH = REDEMPTION_API_PATHS.withdrawalData;
const keep = (client: Client, body: unknown) => client.request<Loose>('PUT', PATH, { body });
const kept = async (client: Client) => (await client.request<Loose>('GET', PATH)).body.temp_withdrawal_data;
const column = async (userId: string) =>
  (
    await ctx.db.query<{ t: unknown }>('SELECT temp_withdrawal_data AS t FROM users WHERE id = $1', [userId])
  )[0]!.t;

describe('temp_withdrawal_data', () => {
  it('is kept and returned by its route and in the user answer; a new save replaces it', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    expect(await kept(p.client)).toBeNull();
    const saved = await keep(p.client, {
      method: 'ach',
      amount: '12.5',
      bank: { account_holder: 'Alex Rivera', routing_number: '021000021', account_type: 'savings' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.temp_withdrawal_data).toMatchObject({
      method: 'ach',
      amount: '12.5',
      bank: { account_holder: 'Alex Rivera', routing_number: '021000021', account_type: 'savings' },
    });
    const again = await p.client.request<Loose>('GET', PATH);
    expect(again.headers.get('Cache-Control')).toBe('no-store');
    expect(again.body.temp_withdrawal_data).toEqual(saved.body.temp_withdrawal_data);
    // The spec's user field: the user answer carries it too.
    const me = await p.client.request<Loose>('GET', '/users/me');
    expect(me.status).toBe(200);
    expect(me.body.temp_withdrawal_data).toEqual(saved.body.temp_withdrawal_data);

    // Another method replaces it, and only that method's fields are kept.
    await keep(p.client, {
      method: 'paypal',
      amount: '30',
      paypal_email: ' me@example.com ',
      gift_card_brand: 'amazon',
    });
    expect(await kept(p.client)).toMatchObject({
      method: 'paypal',
      amount: '30',
      paypal_email: 'me@example.com',
    });
    expect((await kept(p.client)).gift_card_brand).toBeUndefined();
  });

  it('is cleared when a redemption is requested, and by DELETE', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    await keep(p.client, { method: 'gift_card', amount: '20', gift_card_brand: 'target' });
    expect(await kept(p.client)).toMatchObject({ gift_card_brand: 'target' });
    const res = await redeem(p.client, { method: 'gift_card', amount: 20, gift_card_brand: 'target' });
    expect(res.status).toBe(201);
    expect(await kept(p.client)).toBeNull();
    expect(await column(p.id)).toBeNull();

    await keep(p.client, { method: 'paper_check', amount: '5' });
    expect(await kept(p.client)).toMatchObject({ method: 'paper_check' });
    const gone = await p.client.request('DELETE', PATH);
    expect(gone.status).toBe(204);
    expect(await kept(p.client)).toBeNull();
  });

  it('a refused request keeps the form (the player corrects it and tries again)', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 10_00 });
    await keep(p.client, { method: 'gift_card', amount: '50', gift_card_brand: 'walmart' });
    const res = await redeem(p.client, { method: 'gift_card', amount: 50, gift_card_brand: 'walmart' });
    expect(res.status).toBe(400);
    expect(await kept(p.client)).toMatchObject({ amount: '50', gift_card_brand: 'walmart' });
  });

  it('never keeps a bank account number, nor one typed in the name box', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const withNumber = await keep(p.client, {
      method: 'ach',
      bank: { account_holder: 'Alex', routing_number: '021000021', account_number: '000123456789' },
    });
    expect(withNumber.status).toBe(400);
    expect(withNumber.body).toMatchObject({ code: 'WITHDRAWAL_DATA_SECRET', field: 'bank.account_number' });
    const inName = await keep(p.client, { method: 'ach', bank: { account_holder: 'Alex 000123456789' } });
    expect(inName.status).toBe(400);
    expect(inName.body).toMatchObject({ code: 'WITHDRAWAL_DATA_SECRET', field: 'bank.account_holder' });
    expect(await column(p.id)).toBeNull();
    // Whatever was kept before stays as it was.
    await keep(p.client, { method: 'ach', bank: { account_holder: 'Alex Rivera' } });
    await keep(p.client, { method: 'ach', bank: { account_number: '123456' } });
    expect(JSON.stringify(await column(p.id))).not.toMatch(/account_number|123456/);
  });

  it('answers bad input with a 4xx and keeps nothing', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const bodies: unknown[] = [
      {},
      { method: 'bitcoin' },
      { method: 'paypal', amount: 'ten' },
      { method: 'paypal', paypal_email: 'x'.repeat(300) },
      { method: 'ach', bank: { routing_number: '1234567890' } },
      { method: 'ach', bank: { account_type: 'brokerage' } },
      { method: 'paypal', extra: 1 },
      { method: 'paypal', amount: '1\u0000' },
      [],
      'paypal',
    ];
    for (const body of bodies) {
      const res = await keep(p.client, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.code).toBeTruthy();
    }
    const notJson = await p.client.raw('PUT', PATH, { rawBody: '{"method":' });
    expect(notJson.status).toBe(400);
    expect(await column(p.id)).toBeNull();
  });

  it('needs a signed-in player', async () => {
    const anonymous = new Client(ctx);
    expect((await anonymous.request('GET', PATH)).status).toBe(401);
    expect((await anonymous.request('PUT', PATH, { body: { method: 'paypal' } })).status).toBe(401);
  });
});
