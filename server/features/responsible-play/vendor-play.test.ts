/**
 * The vendor game under the same rules as the house games: a pending terms version and a break
 * stop new vendor bets, a break or self-exclusion stops its launch (the house games' refusal, word
 * for word), and the reality check counts vendor bets, wins and rollbacks.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAMES_API_PATHS, HOUSE_GAME_IDS, VENDOR_GAME_ID } from '../../../src/contract/games.ts';
import { LEGAL_ACCEPTANCE_PATHS } from '../../../src/contract/legal-acceptance.ts';
import { RESPONSIBLE_PLAY_PATHS, type SessionSummary } from '../../../src/contract/responsible-play.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { moneyCall } from '../../test-support/games-test-support.ts';
import { publishRevision } from '../../test-support/legal-publish-routes.ts';
import {
  bet,
  fund,
  launchedPlayer,
  PATHS,
  rollback,
  txId,
  vendorCall,
  win,
} from '../../test-support/vendor-wallet-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

describe('vendor game and responsible play', () => {
  it('counts vendor bets, wins and rollbacks in the session figures', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 5_000 });
    const first = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, first, 300, 'r1'))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.win, win(token, txId('win'), first, 450, 'r1'))).status).toBe(200);
    const second = txId('bet');
    expect((await vendorCall(ctx, PATHS.bet, bet(token, second, 200, 'r2'))).status).toBe(200);
    expect((await vendorCall(ctx, PATHS.rollback, rollback(token, txId('rb'), second))).status).toBe(200);
    const summary = await player.client.request<SessionSummary>('GET', RESPONSIBLE_PLAY_PATHS.session);
    expect(summary.body.results).toEqual([{ currency: 'gold', bets: 300, wins: 450, net: 150 }]);
  });

  it('refuses new vendor bets while a new terms version is pending, and during a break', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 5_000 });
    const published = await publishRevision(ctx.db, 'terms_conditions', ctx.clock.now);
    const pending = await vendorCall(ctx, PATHS.bet, bet(token, txId('bet'), 100));
    expect(pending.status).toBe(403);
    expect(pending.body).toMatchObject({ code: 'TERMS_ACCEPTANCE_REQUIRED' });
    const accepted = await player.client.request('POST', LEGAL_ACCEPTANCE_PATHS.accept, {
      body: { documents: [{ type: 'terms_conditions', version: published.version }] },
    });
    expect(accepted.status).toBe(200);
    expect((await vendorCall(ctx, PATHS.bet, bet(token, txId('bet'), 100))).status).toBe(200);

    const onBreak = await player.client.request('POST', RESPONSIBLE_PLAY_PATHS.restriction, {
      body: { restriction: 'break', hours: 24 },
    });
    expect(onBreak.status).toBe(201);
    const refused = await vendorCall(ctx, PATHS.bet, bet(token, txId('bet'), 100));
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'PLAY_RESTRICTED', extra: { restriction: 'break' } });
  });

  it('does not launch during a break or a self-exclusion: 403 PLAY_RESTRICTED, as a house game refuses its round', async () => {
    for (const restriction of [
      { restriction: 'break', hours: 72 },
      { restriction: 'self_exclusion', months: 6 },
    ] as const) {
      const { player } = await launchedPlayer(ctx, 'gold');
      await fund(ctx, player.id, { gold: 5_000 });
      const set = await player.client.request('POST', RESPONSIBLE_PLAY_PATHS.restriction, {
        body: restriction,
      });
      expect(set.status).toBe(201);
      const sessionsBefore = await ctx.db.query('SELECT 1 FROM vendor_sessions WHERE user_id = $1', [
        player.id,
      ]);
      const launch = await player.client.request('POST', GAMES_API_PATHS.vendorLaunch(VENDOR_GAME_ID), {
        body: { currency: 'gold' },
      });
      const house = await moneyCall(player.client, 'POST', GAMES_API_PATHS.startRound(HOUSE_GAME_IDS.slots), {
        betValue: 100,
        currency: 'gold',
      });
      expect(launch.status).toBe(403);
      expect(launch.body).toMatchObject({
        code: 'PLAY_RESTRICTED',
        extra: { restriction: restriction.restriction },
      });
      expect(house.status).toBe(403);
      expect(launch.body).toEqual(house.body);
      // No new session: nothing for the vendor to bet with.
      expect(
        await ctx.db.query('SELECT 1 FROM vendor_sessions WHERE user_id = $1', [player.id]),
      ).toHaveLength(sessionsBefore.length);
    }
  });
});
