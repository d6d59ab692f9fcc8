/**
 * The operator's steps on a redemption: every legal step moves the coins it should (paid settles
 * the hold, a rejection returns it with its reason, a returned ACH costs $15), every illegal one
 * answers 409 and changes nothing, and the ledger stays equal to its entries throughout.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDEMPTION_STATUSES, type RedemptionStatus } from '../../../src/contract/redemption.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import {
  approveRedemption,
  listRedemptionsForReview,
  markRedemptionPaid,
  markRedemptionSent,
  rejectRedemption,
} from './redemption-review.ts';
import { ALLOWED_TRANSITIONS } from './redemption-store.ts';
import {
  type Loose,
  cancel,
  cashOut,
  paypal,
  redeem,
  redemptionPlayer,
  sweeps,
} from '../../test-support/redemption-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => {
  await ctx?.close();
});

const now = () => ctx.clock.now;
const inTx = <T>(fn: Parameters<typeof transaction<T>>[1]) => transaction(ctx.db, fn);

const STEPS = {
  approved: (id: string) => inTx((tx) => approveRedemption(tx, id, now())),
  sent: (id: string) => inTx((tx) => markRedemptionSent(tx, id, now())),
  paid: (id: string) => inTx((tx) => markRedemptionPaid(tx, id, now())),
  rejected: (id: string) =>
    inTx((tx) => rejectRedemption(tx, id, 'Payout details could not be verified', now())),
} as const;

/** A redemption of 30.00 by a fresh player, moved to `status` through the legal steps. */
async function redemptionIn(status: RedemptionStatus, body: Record<string, unknown> = paypal(30)) {
  const player = await redemptionPlayer(ctx, { wonCents: 100_00 });
  const res = await redeem(player.client, { ...body, paypal_email: `p.${player.id}@example.com` });
  expect(res.status).toBe(201);
  const id = res.body.redemption.id as string;
  const path: Record<RedemptionStatus, Array<keyof typeof STEPS>> = {
    pending: [],
    approved: ['approved'],
    sent: ['approved', 'sent'],
    paid: ['approved', 'sent', 'paid'],
    rejected: ['rejected'],
    cancelled: [],
  };
  if (status === 'cancelled') expect((await cancel(player.client, id)).status).toBe(200);
  for (const step of path[status]) await STEPS[step](id);
  return { player, id };
}

describe('operator steps', () => {
  it('approve → sent → paid: the hold leaves the account, the timeline has every step with its time', async () => {
    const { player, id } = await redemptionIn('pending');
    expect(await sweeps(ctx.db, player.id)).toMatchObject({ redeemable: 70_00, pending_redemption: 30_00 });
    const approved = await STEPS.approved(id);
    expect(approved.before.status).toBe('pending');
    expect(approved.after.status).toBe('approved');
    await STEPS.sent(id);
    const paid = await STEPS.paid(id);
    expect(paid.after.status).toBe('paid');
    expect(await sweeps(ctx.db, player.id)).toMatchObject({ redeemable: 70_00, pending_redemption: 0 });
    const entries = await ctx.db.query<{ kind: string; bucket: string; amount_minor: string | number }>(
      `SELECT kind, bucket, amount_minor FROM ledger_entries WHERE reference = $1 ORDER BY id`,
      [`redemption:${id}`],
    );
    expect(entries.map((e) => [e.kind, e.bucket, Number(e.amount_minor)])).toEqual([
      ['redemption', 'redeemable', -30_00],
      ['redemption', 'pending_redemption', 30_00],
      ['redemption', 'pending_redemption', -30_00],
    ]);
    const list = await player.client.request<{ redemptions: Array<{ status: string; timeline: Loose[] }> }>(
      'GET',
      '/redemptions',
    );
    const steps = list.body.redemptions[0]!.timeline.map((t) => t.step);
    expect(steps).toEqual(['requested', 'identity_checked', 'approved', 'sent', 'paid']);
    expect(list.body.redemptions[0]!.timeline.at(-1).expected_next_at).toBeNull();
    expect(list.body.redemptions[0]!.timeline[2].expected_next_at).not.toBeNull();
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('reject returns the held coins with the reason the player sees', async () => {
    const { player, id } = await redemptionIn('approved');
    const step = await STEPS.rejected(id);
    expect(step.after.status).toBe('rejected');
    expect(step.after.rejection_reason).toBe('Payout details could not be verified');
    expect(await sweeps(ctx.db, player.id)).toMatchObject({ redeemable: 100_00, pending_redemption: 0 });
    const list = await player.client.request<{ redemptions: Loose[] }>('GET', '/redemptions');
    expect(list.body.redemptions[0].rejection_reason).toBe('Payout details could not be verified');
    expect(list.body.redemptions[0].timeline.at(-1)).toMatchObject({
      step: 'rejected',
      note: 'Payout details could not be verified',
    });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('an ACH payout returned after it was sent costs the rejected ACH fee of $15 (kind fee)', async () => {
    const { player, id } = await redemptionIn('sent', {
      method: 'ach',
      amount: 60,
      bank: {
        account_holder: 'Alex Rivera',
        routing_number: '021000021',
        account_number: '000123456789',
        account_type: 'checking',
      },
    });
    const step = await STEPS.rejected(id);
    expect(Number(step.after.fee_usd_cents)).toBe(1500);
    expect(await sweeps(ctx.db, player.id)).toMatchObject({ redeemable: 85_00, pending_redemption: 0 });
    const fees = await ctx.db.query<{ amount_minor: string | number }>(
      `SELECT amount_minor FROM ledger_entries WHERE user_id = $1 AND kind = 'fee'`,
      [player.id],
    );
    expect(fees.map((f) => Number(f.amount_minor))).toEqual([-15_00]);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('an ACH rejected before it was sent costs nothing', async () => {
    const { player, id } = await redemptionIn('approved', {
      method: 'ach',
      amount: 60,
      bank: {
        account_holder: 'Alex Rivera',
        routing_number: '021000021',
        account_number: '000123456789',
        account_type: 'savings',
      },
    });
    await STEPS.rejected(id);
    expect(await sweeps(ctx.db, player.id)).toMatchObject({ redeemable: 100_00, pending_redemption: 0 });
  });

  it('a rejection needs a readable reason', async () => {
    const { id } = await redemptionIn('pending');
    for (const reason of ['', '   ', 'x'.repeat(501), 'a\u0000b'])
      await expect(inTx((tx) => rejectRedemption(tx, id, reason, now()))).rejects.toMatchObject({
        status: 400,
        field: 'reason',
      });
  });

  it('an unknown or malformed id answers 404', async () => {
    for (const id of ['not-a-uuid', '00000000-0000-4000-8000-000000000000'])
      await expect(STEPS.approved(id)).rejects.toMatchObject({ status: 404, code: 'REDEMPTION_NOT_FOUND' });
  });

  // Every status × every operator step that the table forbids: 409, nothing moves.
  const forbidden = REDEMPTION_STATUSES.flatMap((from) =>
    (Object.keys(STEPS) as Array<keyof typeof STEPS>)
      .filter((to) => !ALLOWED_TRANSITIONS[from].includes(to))
      .map((to) => [from, to] as const),
  );
  it.each(forbidden)('%s → %s is refused with 409 and moves no coins', async (from, to) => {
    const { player, id } = await redemptionIn(from);
    const before = await sweeps(ctx.db, player.id);
    const error = await STEPS[to](id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'REDEMPTION_ILLEGAL_TRANSITION',
      extra: { status: from, to },
    });
    expect(await sweeps(ctx.db, player.id)).toEqual(before);
  });

  it.each(['approved', 'sent', 'paid', 'rejected'] as const)(
    'the player cannot cancel a %s redemption (409, nothing moves)',
    async (status) => {
      const { player, id } = await redemptionIn(status);
      const before = await sweeps(ctx.db, player.id);
      const res = await cancel(player.client, id);
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: 'REDEMPTION_NOT_CANCELLABLE', extra: { status } });
      expect(await sweeps(ctx.db, player.id)).toEqual(before);
    },
  );

  it('two operators approving at once: one wins, the other gets 409', async () => {
    const { id } = await redemptionIn('pending');
    const results = await Promise.allSettled([STEPS.approved(id), STEPS.approved(id), STEPS.approved(id)]);
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    for (const r of results.filter((r) => r.status === 'rejected'))
      expect((r as PromiseRejectedResult).reason).toMatchObject({ status: 409 });
  });

  it('paying twice at once settles once', async () => {
    const { player, id } = await redemptionIn('sent');
    await Promise.allSettled([STEPS.paid(id), STEPS.paid(id), STEPS.paid(id)]);
    expect(await sweeps(ctx.db, player.id)).toMatchObject({ redeemable: 70_00, pending_redemption: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('the review list filters by status, oldest first, with the player email', async () => {
    const { id } = await redemptionIn('pending');
    const list = await listRedemptionsForReview(ctx.db, { status: 'pending', limit: 500 });
    expect(list.every((r) => r.status === 'pending')).toBe(true);
    expect(list.some((r) => r.id === id && r.user_email.includes('@'))).toBe(true);
    await expect(listRedemptionsForReview(ctx.db, { status: 'bogus' })).rejects.toMatchObject({
      status: 400,
    });
    expect((await listRedemptionsForReview(ctx.db, { limit: 1 })).length).toBe(1);
  });

  it('the worked example of docs/redemption.md, figure by figure', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 200_00, freeCents: 20_00 });
    const first = await redeem(p.client, paypal(30, `worked.${p.id}@example.com`));
    expect(first.status).toBe(201);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({
      redeemable: 170_00,
      pending_redemption: 30_00,
      free: 20_00,
    });
    expect(first.body.balances.balance_total_ghc).toBe(190);
    const out = await cashOut(p.client, 50);
    expect(out.body.amount_ghc).toBe(52);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 118_00, pending_redemption: 80_00 });
    await cancel(p.client, out.body.redemption.id);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 170_00, pending_redemption: 30_00 });
    const id = first.body.redemption.id as string;
    await STEPS.approved(id);
    await STEPS.sent(id);
    await STEPS.paid(id);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 170_00, pending_redemption: 0 });
    const ach = await redeem(p.client, {
      method: 'ach',
      amount: 100,
      bank: {
        account_holder: 'A R',
        routing_number: '021000021',
        account_number: '12345678',
        account_type: 'checking',
      },
    });
    expect(ach.status).toBe(201);
    await STEPS.approved(ach.body.redemption.id);
    await STEPS.sent(ach.body.redemption.id);
    await STEPS.rejected(ach.body.redemption.id);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 155_00, pending_redemption: 0 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
