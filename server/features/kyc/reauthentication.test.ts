/**
 * The re-authentication the server asks for (reauthentication.ts, docs/kyc.md "Re-authentication"):
 * after a verified player's name change and before a large redemption, the redemption waits for a
 * verified `reauthentication` flow; a verified one settles it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { KYC_TEXTS, LARGE_REDEMPTION_REAUTH_USD } from '../../../src/contract/kyc.ts';
import { askResult, verifyInFrame } from '../../test-support/kyc-test-support.ts';
import { paypal, redeem, redemptionPlayer } from '../../test-support/redemption-test-support.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ REDEMPTION_LIMIT_PER_PERIOD_USD: '5000' });
});
afterAll(async () => ctx?.close());

const email = () => `pp.${randomUUID().slice(0, 8)}@example.com`;
const me = async (client: Parameters<typeof redeem>[0]) =>
  (await client.request<{ reauthentication_required?: boolean }>('GET', API_PATHS.me)).body;

async function reauthenticate(client: Parameters<typeof redeem>[0], lastName: string) {
  const auth = await verifyInFrame(ctx, client, lastName, 'reauthentication');
  return askResult(client, auth, 'reauthentication');
}

describe('re-authentication the server asks for', () => {
  it('after a verified player changes name: asked on My Account, the redemption waits until it is verified', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    expect((await me(p.client)).reauthentication_required).toBe(false);
    const renamed = await p.client.request('PATCH', API_PATHS.me, { body: { last_name: 'Newname' } });
    expect(renamed.status).toBe(200);
    expect((await me(p.client)).reauthentication_required).toBe(true);

    const refused = await redeem(p.client, paypal(30, email()));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'KYC_REAUTHENTICATION_REQUIRED',
      message: KYC_TEXTS.reauthenticationNameChange,
      extra: { reason: 'name_change' },
    });

    // A rejected re-authentication settles nothing.
    expect((await reauthenticate(p.client, 'Reject')).body).toMatchObject({ outcome: 'rejected' });
    expect((await me(p.client)).reauthentication_required).toBe(true);
    // A verified one does; the identity state never moves.
    expect((await reauthenticate(p.client, 'Approve')).body).toMatchObject({
      outcome: 'verified',
      identity_state: 'verified',
    });
    expect((await me(p.client)).reauthentication_required).toBe(false);
    expect((await redeem(p.client, paypal(30, email()))).status).toBe(201);
  });

  it('a name change of a player not verified asks nothing (verification comes first)', async () => {
    const p = await redemptionPlayer(ctx, { identity: 'none' });
    await p.client.request('PATCH', API_PATHS.me, { body: { last_name: 'Othername' } });
    expect((await me(p.client)).reauthentication_required).toBe(false);
  });

  it(`a redemption of $${LARGE_REDEMPTION_REAUTH_USD} or more needs a re-authentication of the last 24 hours`, async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 1_200_00 });
    // One PayPal address per account (the e-wallet on file).
    const wallet = email();
    const small = await redeem(p.client, paypal(30, wallet));
    expect(small.status).toBe(201);
    const large = await redeem(p.client, paypal(LARGE_REDEMPTION_REAUTH_USD, wallet));
    expect(large.status).toBe(403);
    expect(large.body).toMatchObject({
      code: 'KYC_REAUTHENTICATION_REQUIRED',
      extra: { reason: 'large_redemption' },
    });
    expect((await reauthenticate(p.client, 'Approve')).status).toBe(200);
    const allowed = await redeem(p.client, paypal(LARGE_REDEMPTION_REAUTH_USD, wallet));
    expect(allowed.status, JSON.stringify(allowed.body)).toBe(201);
    // A day later the re-authentication is no longer fresh (the W-9 those prizes call for is on file).
    await ctx.db.query("UPDATE users SET w9_state = 'confirmed' WHERE id = $1", [p.id]);
    ctx.clock.advance(25 * 3600);
    const later = await redeem(p.client, paypal(LARGE_REDEMPTION_REAUTH_USD, wallet));
    expect(later.body).toMatchObject({ code: 'KYC_REAUTHENTICATION_REQUIRED' });
  });
});
