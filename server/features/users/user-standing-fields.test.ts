/**
 * User fields and error extras the spec lists: acceptedUpdatedTermsAndConditions (the legal
 * documents acceptance, docs/legal-acceptance.md) and `extra.account_status` on every refusal the
 * account's own state causes (closed, suspended, on a break, self-excluded; docs/account.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { ACCOUNT_API_PATHS } from '../../../src/contract/account.ts';
import { LEGAL_ACCEPTANCE_PATHS } from '../../../src/contract/legal-acceptance.ts';
import { RESPONSIBLE_PLAY_PATHS } from '../../../src/contract/responsible-play.ts';
import { Client, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { createGamesContext, fund, startCoinFlip } from '../../test-support/games-test-support.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import { publishRevision } from '../../test-support/legal-publish-routes.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createGamesContext();
});
afterAll(async () => ctx?.close());

type Body = Record<string, unknown>;
const me = async (client: Client) => (await client.request<Body>('GET', API_PATHS.me)).body;
const login = (email: string, password: string) =>
  new Client(ctx).request<Body & { user?: Body; token?: string }>('POST', API_PATHS.login, {
    body: { email, password },
  });

describe('acceptedUpdatedTermsAndConditions', () => {
  it('is true after sign-up, false once a required document has a new version, true again once accepted', async () => {
    const payload = signUpPayload();
    const player = await signUpPlayer(ctx, payload);
    expect(await me(player.client)).toMatchObject({ acceptedUpdatedTermsAndConditions: true });

    const published = await publishRevision(ctx.db, 'privacy_policy', ctx.clock.now);
    expect(await me(player.client)).toMatchObject({ acceptedUpdatedTermsAndConditions: false });
    // The sign-in answer says the same.
    const signedIn = await login(payload.email as string, payload.password1 as string);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user).toMatchObject({ acceptedUpdatedTermsAndConditions: false });

    const accepted = await player.client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, {
      body: { documents: [{ type: 'privacy_policy', version: published.version }] },
    });
    expect(accepted.status).toBe(200);
    expect(await me(player.client)).toMatchObject({ acceptedUpdatedTermsAndConditions: true });
  });
});

describe('extra.account_status', () => {
  it('closed: sign-in of a closed account, with the reason it was closed for', async () => {
    const payload = signUpPayload();
    const player = await signUpPlayer(ctx, payload);
    expect((await player.client.request('POST', ACCOUNT_API_PATHS.close, { body: {} })).status).toBe(204);
    const refused = await login(payload.email as string, payload.password1 as string);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'ACCOUNT_CLOSED',
      extra: { account_status: 'closed', closed_reason: 'player_request' },
    });
    await ctx.db.query(`UPDATE users SET closed_reason = 'age_requirement' WHERE id = $1`, [player.id]);
    expect((await login(payload.email as string, payload.password1 as string)).body).toMatchObject({
      code: 'ACCOUNT_CLOSED',
      extra: { account_status: 'closed', closed_reason: 'age_requirement' },
    });
  });

  it('suspended: play is refused with the suspension reason', async () => {
    const player = await signUpPlayer(ctx);
    await fund(ctx, player.id, { gold: 10_000 });
    await ctx.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'support' WHERE id = $1`, [
      player.id,
    ]);
    const refused = await startCoinFlip(player.client);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({
      code: 'ACCOUNT_SUSPENDED',
      extra: { account_status: 'suspended', reason: 'support' },
    });
  });

  it('on a break and self-excluded: play is refused, and so is shortening the restriction', async () => {
    for (const [restriction, accountStatus] of [
      [{ restriction: 'break', hours: 72 }, 'on_break'],
      [{ restriction: 'self_exclusion', months: 6 }, 'self_excluded'],
    ] as const) {
      const player = await signUpPlayer(ctx);
      await fund(ctx, player.id, { gold: 10_000 });
      const set = await player.client.request('POST', RESPONSIBLE_PLAY_PATHS.restriction, {
        body: restriction,
      });
      expect(set.status).toBe(201);
      const play = await startCoinFlip(player.client);
      expect(play.status).toBe(403);
      expect(play.body).toMatchObject({
        code: 'PLAY_RESTRICTED',
        extra: { account_status: accountStatus, restriction: restriction.restriction },
      });
      const shorter = await player.client.request('POST', RESPONSIBLE_PLAY_PATHS.restriction, {
        body: { restriction: 'break', hours: 24 },
      });
      expect(shorter.status).toBe(409);
      expect(shorter.body).toMatchObject({
        code: 'RESTRICTION_CANNOT_BE_SHORTENED',
        extra: { account_status: accountStatus },
      });
    }
  });

  it('is not added to refusals that are not about the account', async () => {
    const player = await signUpPlayer(ctx);
    const poor = await startCoinFlip(player.client, { betValue: 10_000_000, currency: 'gold' });
    expect(poor.status).toBeGreaterThanOrEqual(400);
    expect((poor.body as Body).extra ?? {}).not.toHaveProperty('account_status');
  });
});
