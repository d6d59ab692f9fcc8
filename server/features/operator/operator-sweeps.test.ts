/**
 * Operator console on the Sweeps side: redemption review steps and AMOE codes for mailed
 * requests, each with exactly one audit row in the step's transaction; a parallel burst of
 * approvals of one redemption approves it once; refused steps write no row.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_API_PATHS } from '../../../src/contract/operator.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { bucketBalances, signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';
import {
  auditCount,
  pendingRedemption,
  postalRequest,
  signedInOperator,
} from '../../test-support/operator-test-support.ts';

let ctx: TestContext;
let op: Awaited<ReturnType<typeof signedInOperator>>;
let player: TestPlayer;

beforeAll(async () => {
  ctx = await createTestContext();
  op = await signedInOperator(ctx);
  player = await signUpPlayer(ctx);
});
afterAll(() => ctx.close());

const step = (id: string, action: 'approve' | 'reject' | 'mark-sent' | 'mark-paid', body: unknown = {}) =>
  op.client.request<{
    before: { status: string };
    after: { status: string };
    audit_id: string;
    code?: string;
  }>('POST', OPERATOR_API_PATHS.redemptionAction(id, action), { body });

const auditOf = (subject: string) =>
  ctx.db.query<{
    action: string;
    player_id: string;
    before: { status: string };
    after: { status: string };
    reason: string | null;
  }>('SELECT action, player_id, before, after, reason FROM operator_audit WHERE subject = $1 ORDER BY id', [
    subject,
  ]);

describe('redemptions', () => {
  it('lists, approves, marks sent and paid: one audit row a step, the coins leave at paid', async () => {
    const id = await pendingRedemption(ctx, player.id, 60_00);
    const list = await op.client.request<{ results: Array<{ id: string; user_email: string }> }>(
      'GET',
      `${OPERATOR_API_PATHS.redemptions}?status=pending`,
    );
    expect(list.status).toBe(200);
    expect(list.body.results.map((r) => r.id)).toContain(id);
    const before = await auditCount(ctx);
    expect((await step(id, 'approve')).body).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'approved' },
    });
    expect((await step(id, 'mark-sent')).body).toMatchObject({ after: { status: 'sent' } });
    expect((await step(id, 'mark-paid')).body).toMatchObject({ after: { status: 'paid' } });
    expect(await auditCount(ctx)).toBe(before + 3);
    const rows = await auditOf(id);
    expect(rows.map((r) => r.action)).toEqual([
      'redemption_approve',
      'redemption_mark_sent',
      'redemption_mark_paid',
    ]);
    expect(rows.every((r) => r.player_id === player.id)).toBe(true);
    expect((await bucketBalances(ctx.db, player.id))['sweeps:pending_redemption'] ?? 0).toBe(0);
    // A paid redemption takes no further step, and the refusal writes no row.
    expect((await step(id, 'approve')).status).toBe(409);
    expect(await auditCount(ctx)).toBe(before + 3);
  });

  it('reject needs a reason; with one the coins go back and the audit keeps the reason', async () => {
    const id = await pendingRedemption(ctx, player.id, 30_00);
    const before = await auditCount(ctx);
    expect((await step(id, 'reject')).status).toBe(400);
    expect((await step(id, 'reject', { reason: '   ' })).status).toBe(400);
    expect(await auditCount(ctx)).toBe(before);
    const redeemableBefore = (await bucketBalances(ctx.db, player.id))['sweeps:redeemable'] ?? 0;
    const res = await step(id, 'reject', { reason: 'PayPal account name does not match' });
    expect(res.status).toBe(200);
    expect((await bucketBalances(ctx.db, player.id))['sweeps:redeemable']).toBe(redeemableBefore + 30_00);
    const rows = await auditOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      action: 'redemption_reject',
      reason: 'PayPal account name does not match',
    });
  });

  it('unknown or malformed ids and actions: 4xx, no row', async () => {
    const before = await auditCount(ctx);
    expect((await step('00000000-0000-4000-8000-000000000000', 'approve')).status).toBe(404);
    expect((await step('not-a-uuid', 'approve')).status).toBe(400);
    const id = await pendingRedemption(ctx, player.id, 10_00);
    const res = await op.client.request('POST', `/operator/redemptions/${id}/delete`, { body: {} });
    expect(res.status).toBe(404);
    expect((await step(id, 'mark-paid')).status).toBe(409);
    expect(await auditCount(ctx)).toBe(before);
  });

  it('a parallel burst of 8 approvals of one redemption approves it once (one 200, one audit row)', async () => {
    const id = await pendingRedemption(ctx, player.id, 20_00);
    const answers = await Promise.all(Array.from({ length: 8 }, () => step(id, 'approve')));
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(7);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('approvals sent one after another while earlier ones are in flight: one approval', async () => {
    const id = await pendingRedemption(ctx, player.id, 20_00);
    const inFlight: Promise<number>[] = [];
    for (let i = 0; i < 6; i++) {
      inFlight.push(step(id, 'approve').then((r) => r.status));
      await new Promise((r) => setTimeout(r, 1));
    }
    const statuses = await Promise.all(inFlight);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
  });
});

describe('AMOE codes for mailed requests', () => {
  it('lists open requests and issues one code bound to the player, once', async () => {
    const code = await postalRequest(ctx, player.id, 5_00);
    const list = await op.client.request<{ results: Array<{ postalRequestCode: string }> }>(
      'GET',
      `${OPERATOR_API_PATHS.amoeRequests}?status=open`,
    );
    expect(list.body.results.map((r) => r.postalRequestCode)).toContain(code);
    const before = await auditCount(ctx);
    const issued = await op.client.request<{ code: string; user_id: string; amount_cents: number }>(
      'POST',
      OPERATOR_API_PATHS.amoeCodes,
      { body: { postal_request_code: code.toLowerCase() } },
    );
    expect(issued.status).toBe(200);
    expect(issued.body).toMatchObject({ user_id: player.id, amount_cents: 5_00 });
    expect(issued.body.code).toMatch(/^[A-Z0-9]{12}$/);
    const again = await op.client.request('POST', OPERATOR_API_PATHS.amoeCodes, {
      body: { postal_request_code: code },
    });
    expect(again.status).toBe(409);
    expect(await auditCount(ctx)).toBe(before + 1);
    const rows = await auditOf(code);
    expect(rows[0]).toMatchObject({ action: 'amoe_code_issued', player_id: player.id });
    // The audit keeps only the last four characters of the code.
    expect(JSON.stringify(rows[0])).not.toContain(issued.body.code);
  });

  it('a parallel burst of 6 issues of one request: one code, one audit row', async () => {
    const code = await postalRequest(ctx, player.id);
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        op.client.request('POST', OPERATOR_API_PATHS.amoeCodes, { body: { postal_request_code: code } }),
      ),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(5);
    expect(await auditOf(code)).toHaveLength(1);
  });

  it('an unknown postal request code: 404, no row', async () => {
    const before = await auditCount(ctx);
    const res = await op.client.request('POST', OPERATOR_API_PATHS.amoeCodes, {
      body: { postal_request_code: 'PR-ZZZZ-ZZZZ' },
    });
    expect(res.status).toBe(404);
    expect(await auditCount(ctx)).toBe(before);
  });
});

describe('gold-only mode', () => {
  it('has no redemption or mail-in routes for the operator (404); the rest of the console works', async () => {
    const gold = await createTestContext({ GOLD_ONLY: 'true' });
    try {
      const o = await signedInOperator(gold);
      expect((await o.client.request('GET', OPERATOR_API_PATHS.redemptions)).status).toBe(404);
      expect((await o.client.request('GET', OPERATOR_API_PATHS.amoeRequests)).status).toBe(404);
      expect((await o.client.request('POST', OPERATOR_API_PATHS.amoeCodes, { body: {} })).status).toBe(404);
      expect((await o.client.request('GET', OPERATOR_API_PATHS.games)).status).toBe(200);
    } finally {
      await gold.close();
    }
  });
});
