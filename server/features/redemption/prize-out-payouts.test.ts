/**
 * Prize-out payouts through the operator API and the prize-out sandbox (
 * docs/redemption.md, "Prize-out payouts"): the operator approves, the server sends the prize to
 * the provider with an idempotency key and the redemption reaches paid; a refusal rejects it and
 * gives the Sweeps back; a lost answer leaves it approved and sending again pays once (also in a
 * parallel burst); a processing payout is polled to paid; it cannot be marked sent or paid by hand.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_API_PATHS } from '../../../src/contract/operator.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signedInOperator } from '../../test-support/operator-test-support.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { redeem, redemptionPlayer, sweeps, type Loose } from '../../test-support/redemption-test-support.ts';
import { markRedemptionPaid, markRedemptionSent } from './redemption-review.ts';
import { pollPrizeOuts, PRIZE_OUT_RESEND_AFTER_MS } from './prize-out-payouts.ts';
import { transaction } from '../../db/transaction.ts';

let ctx: TestContext;
let op: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  ctx = await createTestContext();
  op = await signedInOperator(ctx);
});
afterAll(async () => {
  await ctx?.close();
});

const step = (id: string, action: 'approve' | 'reject' | 'mark-sent' | 'mark-paid', body: unknown = {}) =>
  op.client.request<Loose>('POST', OPERATOR_API_PATHS.redemptionAction(id, action), { body });
const sandbox = () => ctx.sandboxes.prizeOut.sandbox;
const payoutsOf = (redemptionId: string) =>
  sandbox()
    .list()
    .filter((p) => p.reference === redemptionId);
const rowOf = async (id: string) =>
  (await ctx.db.query<Loose>('SELECT * FROM redemptions WHERE id = $1', [id]))[0];
const auditActions = async (id: string) =>
  (
    await ctx.db.query<{ action: string }>(
      'SELECT action FROM operator_audit WHERE subject = $1 ORDER BY id',
      [id],
    )
  ).map((r) => r.action);

/** A verified player whose account email carries the sandbox's test data, with a pending prize-out. */
async function pendingPrizeOut(
  tag: string,
  amount = 30,
): Promise<{ id: string; userId: string; email: string }> {
  const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
  const email = `winner.${randomUUID().slice(0, 8)}${tag}@example.com`;
  await ctx.db.query('UPDATE users SET email = $2 WHERE id = $1', [p.id, email]);
  const res = await redeem(p.client, { method: 'prizeout', amount, email_confirmed: true });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { id: res.body.redemption.id as string, userId: p.id, email };
}

describe('prize-out payouts', () => {
  it('approving sends the prize to the provider, which records it; the redemption reaches paid', async () => {
    const r = await pendingPrizeOut('');
    expect(await sweeps(ctx.db, r.userId)).toMatchObject({ redeemable: 70_00, pending_redemption: 30_00 });
    const res = await step(r.id, 'approve');
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ after: { status: 'approved' }, redemption: { status: 'paid' } });
    const payouts = payoutsOf(r.id);
    expect(payouts).toHaveLength(1);
    expect(payouts[0]).toMatchObject({
      email: r.email,
      amount_cents: 30_00,
      status: 'paid',
      create_calls: 1,
    });
    const row = await rowOf(r.id);
    expect(row).toMatchObject({ status: 'paid', payout_reference: payouts[0]!.id });
    expect(await sweeps(ctx.db, r.userId)).toMatchObject({ redeemable: 70_00, pending_redemption: 0 });
    expect(await auditActions(r.id)).toEqual([
      'redemption_approve',
      'redemption_mark_sent',
      'redemption_mark_paid',
    ]);
    // The player's timeline: every step done, the payout named.
    const list = await ctx.db.query<{ step: string; note: string | null }>(
      'SELECT step, note FROM redemption_events WHERE redemption_id = $1 ORDER BY at, id',
      [r.id],
    );
    expect(list.map((e) => e.step)).toEqual(['requested', 'identity_checked', 'approved', 'sent', 'paid']);
    expect(list.find((e) => e.step === 'sent')!.note).toContain(payouts[0]!.id);
    // Sending a paid one again changes nothing and asks the provider nothing.
    expect((await step(r.id, 'mark-sent')).body).toMatchObject({ redemption: { status: 'paid' } });
    expect(payoutsOf(r.id)[0]!.create_calls).toBe(1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a refusal by the provider rejects the redemption with its reason and gives the Sweeps back', async () => {
    const r = await pendingPrizeOut('+refuse');
    const res = await step(r.id, 'approve');
    expect(res.status).toBe(200);
    expect(res.body.redemption).toMatchObject({ status: 'rejected' });
    expect(res.body.redemption.rejection_reason).toContain('this email cannot receive prizes');
    expect(payoutsOf(r.id)).toMatchObject([{ status: 'refused' }]);
    expect(await sweeps(ctx.db, r.userId)).toMatchObject({ redeemable: 100_00, pending_redemption: 0 });
    expect(await auditActions(r.id)).toEqual(['redemption_approve', 'redemption_reject']);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a lost answer leaves it approved (503); sending again pays once, even in a parallel burst', async () => {
    const r = await pendingPrizeOut('+lost');
    const first = await step(r.id, 'approve');
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ code: 'PRIZEOUT_PROVIDER_UNAVAILABLE' });
    // The approval committed; the provider made the payout but we never heard of it.
    expect(await rowOf(r.id)).toMatchObject({ status: 'approved', payout_reference: null });
    expect(payoutsOf(r.id)).toMatchObject([{ status: 'paid', create_calls: 1 }]);
    expect(await sweeps(ctx.db, r.userId)).toMatchObject({ pending_redemption: 30_00 });

    const burst = await Promise.all(Array.from({ length: 6 }, () => step(r.id, 'mark-sent')));
    for (const res of burst) expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(burst.map((res) => res.body.redemption.status)).toEqual(Array(6).fill('paid'));
    const payouts = payoutsOf(r.id);
    expect(payouts).toHaveLength(1);
    expect(await rowOf(r.id)).toMatchObject({ status: 'paid', payout_reference: payouts[0]!.id });
    // Paid once: the held coins left once, the redeemable ones are untouched.
    expect(await sweeps(ctx.db, r.userId)).toMatchObject({ redeemable: 70_00, pending_redemption: 0 });
    expect((await auditActions(r.id)).filter((a) => a === 'redemption_mark_paid')).toHaveLength(1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a burst of approvals of one prize-out approves it once and sends one payout', async () => {
    const r = await pendingPrizeOut('');
    const burst = await Promise.all(Array.from({ length: 5 }, () => step(r.id, 'approve')));
    expect(burst.filter((res) => res.status === 200)).toHaveLength(1);
    expect(burst.filter((res) => res.status === 409)).toHaveLength(4);
    expect(payoutsOf(r.id)).toMatchObject([{ status: 'paid', create_calls: 1 }]);
    expect(await rowOf(r.id)).toMatchObject({ status: 'paid' });
    expect(await sweeps(ctx.db, r.userId)).toMatchObject({ redeemable: 70_00, pending_redemption: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('a processing payout is sent, then polled to paid once the provider has delivered it', async () => {
    const r = await pendingPrizeOut('+pending');
    const res = await step(r.id, 'approve');
    expect(res.body.redemption).toMatchObject({ status: 'sent' });
    expect((await step(r.id, 'mark-paid')).body.redemption).toMatchObject({ status: 'sent' });
    ctx.clock.advance(5);
    expect((await step(r.id, 'mark-paid')).body.redemption).toMatchObject({ status: 'paid' });
    expect(payoutsOf(r.id)).toMatchObject([{ status: 'paid', create_calls: 1 }]);
    expect(await sweeps(ctx.db, r.userId)).toMatchObject({ pending_redemption: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('the poll job sends again one left without an answer (after a minute) and settles a processing one', async () => {
    const lost = await pendingPrizeOut('+lost');
    expect((await step(lost.id, 'approve')).status).toBe(503);
    const slow = await pendingPrizeOut('+pending');
    expect((await step(slow.id, 'approve')).body.redemption).toMatchObject({ status: 'sent' });
    // Too early: the lost one is not sent again yet, the processing one is still processing.
    await pollPrizeOuts(ctx.deps);
    expect(await rowOf(lost.id)).toMatchObject({ status: 'approved' });
    expect(await rowOf(slow.id)).toMatchObject({ status: 'sent' });
    ctx.clock.advance(PRIZE_OUT_RESEND_AFTER_MS / 1000 + 1);
    const report = await pollPrizeOuts(ctx.deps);
    expect(report.paid).toBeGreaterThanOrEqual(2);
    expect(await rowOf(lost.id)).toMatchObject({ status: 'paid' });
    expect(await rowOf(slow.id)).toMatchObject({ status: 'paid' });
    expect(payoutsOf(lost.id)).toMatchObject([{ status: 'paid', create_calls: 2 }]);
    expect(payoutsOf(slow.id)).toHaveLength(1);
    // The server's own audit rows (no operator).
    const rows = await ctx.db.query<{ action: string; operator_id: string | null }>(
      'SELECT action, operator_id FROM operator_audit WHERE subject = $1 ORDER BY id',
      [lost.id],
    );
    expect(rows.map((r) => [r.action, r.operator_id === null])).toEqual([
      ['redemption_approve', false],
      ['redemption_mark_sent', true],
      ['redemption_mark_paid', true],
    ]);
    expect(await sweeps(ctx.db, lost.userId)).toMatchObject({ redeemable: 70_00, pending_redemption: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('cannot be marked sent or paid by hand (the CLI path), nor sent before approval', async () => {
    const r = await pendingPrizeOut('');
    const early = await step(r.id, 'mark-sent');
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('REDEMPTION_ILLEGAL_TRANSITION');
    await ctx.db.query(`UPDATE redemptions SET status = 'approved' WHERE id = $1`, [r.id]);
    await expect(
      transaction(ctx.db, (tx) => markRedemptionSent(tx, r.id, ctx.clock.now)),
    ).rejects.toMatchObject({
      status: 409,
      code: 'PRIZEOUT_SENT_BY_PROVIDER',
    });
    await expect(
      transaction(ctx.db, (tx) => markRedemptionPaid(tx, r.id, ctx.clock.now)),
    ).rejects.toMatchObject({
      code: 'PRIZEOUT_SENT_BY_PROVIDER',
    });
    expect(payoutsOf(r.id)).toHaveLength(0);
  });

  it('the sandbox API wants its key and an idempotency key, and refuses a key reused with another body', async () => {
    const app = ctx.sandboxes.prizeOut.app;
    const body = JSON.stringify({
      reference: 'r1',
      email: 'a@example.com',
      amount_cents: 100,
      currency: 'USD',
    });
    const post = (headers: Record<string, string>, b = body) =>
      app.request('http://sandbox/prizeout/v1/payouts', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...headers },
        body: b,
      });
    const auth = { Authorization: `Bearer ${sandbox().secretKey}` };
    expect((await post({})).status).toBe(401);
    expect((await post({ Authorization: 'Bearer wrong' })).status).toBe(401);
    expect((await post(auth)).status).toBe(400);
    const key = { ...auth, 'Idempotency-Key': `key-${randomUUID()}` };
    expect((await post(key)).status).toBe(201);
    expect((await post(key)).status).toBe(200);
    const other = JSON.stringify({
      reference: 'r1',
      email: 'a@example.com',
      amount_cents: 200,
      currency: 'USD',
    });
    expect((await post(key, other)).status).toBe(409);
    expect(
      (await post({ ...auth, 'Idempotency-Key': `key-${randomUUID()}` }, '{"amount_cents":-1}')).status,
    ).toBe(400);
  });
});
