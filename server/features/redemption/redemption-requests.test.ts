/**
 * Every rule of a redemption request, cash out and cancel through the API (docs/redemption.md):
 * guards (identity, W-9, address, excluded state, play gate), only redeemable Sweeps, minimums per
 * method and tier with the 2-decimal message, the rate of the redemption values property, the
 * e-wallet errors, the prize-out confirmation, the period limit, the cash-out fee, idempotent
 * retries, the list and cancel, and bad input answered with a 4xx.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import { REDEMPTION_API_PATHS } from '../../../src/contract/redemption.ts';
import { SweepsTransactionsPageSchema } from '../../../src/contract/wallet.ts';
import { is } from 'superstruct';
import { transaction } from '../../db/transaction.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { approveRedemption } from './redemption-review.ts';
import { openAccountNumber } from './bank-account.ts';
import {
  cancel,
  cashOut,
  giveWon,
  paypal,
  redeem,
  redemptionPlayer,
  sweeps,
  type Loose,
} from '../../test-support/redemption-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ REDEMPTION_LIMIT_PER_PERIOD_USD: '400', CASH_OUT_FEE_USD: '2' });
});
afterAll(async () => {
  await ctx?.close();
});

const email = () => `pp.${randomUUID().slice(0, 8)}@example.com`;
const bank = (overrides: Record<string, unknown> = {}) => ({
  account_holder: 'Alex Rivera',
  routing_number: '021000021',
  account_number: '000123456789',
  account_type: 'checking',
  ...overrides,
});

async function setRate(values: Record<string, number> | null) {
  const base = {
    redeemable_sweeps_coins_per_usd: 1,
    ach_minimum_redemption_usd: 100,
    paper_check_minimum_redemption_usd: 100,
    paypal_minimum_redemption_usd: 50,
    prizeout_minimum_redemption_usd: 25,
    ach_low_minimum_redemption_usd: 50,
    paper_check_low_minimum_redemption_usd: 50,
    paypal_low_minimum_redemption_usd: 25,
    prizeout_low_minimum_redemption_usd: 10,
  };
  await ctx.db.query(`UPDATE named_properties SET value = $1 WHERE key = 'redemption_values'`, [
    JSON.stringify({ ...base, ...values }),
  ]);
}

describe('a request', () => {
  it('moves the amount from redeemable to the held bucket, with its timeline, and answers amount_ghc', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 80_00 });
    const res = await redeem(p.client, paypal(30.5, email()));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount_ghc: 30.5,
      balances: { balance_redeemable_ghc: 49.5, balance_total_ghc: 49.5 },
      redemption: { method: 'paypal', status: 'pending', amount_ghc: 30.5, usd: 30.5, fee_usd: 0 },
    });
    expect(res.body.redemption.destination).toMatch(/^PayPal p\*\*\*@example\.com$/);
    expect(res.body.redemption.timeline.map((t: { step: string }) => t.step)).toEqual([
      'requested',
      'identity_checked',
    ]);
    const review = res.body.redemption.timeline[1];
    expect(Date.parse(review.expected_next_at) - Date.parse(review.at)).toBe(24 * 3600_000);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 49_50, pending_redemption: 30_50 });
    const balances = await p.client.request('GET', '/wallet/balances');
    expect(balances.body).toMatchObject({ balance_redeemable_ghc: 49.5, balance_total_ghc: 49.5 });
    const list = await p.client.request<{ redemptions: Loose[] }>('GET', REDEMPTION_API_PATHS.redemptions);
    expect(list.status).toBe(200);
    expect(list.headers.get('Cache-Control')).toBe('no-store');
    expect(list.body.redemptions).toHaveLength(1);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('takes only redeemable Sweeps: unplayed (free) coins are never redeemed', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 30_00, freeCents: 500_00 });
    const res = await redeem(p.client, paypal(40, email()));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INSUFFICIENT_REDEEMABLE', field: 'amount' });
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 30_00, free: 500_00 });
  });

  it('a retry with the same key answers the same redemption once; another body with it is refused', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const key = randomUUID();
    const body = paypal(30, email());
    const first = await redeem(p.client, body, key);
    const again = await redeem(p.client, body, key);
    expect(again.status).toBe(201);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect(again.body.redemption.id).toBe(first.body.redemption.id);
    const other = await redeem(p.client, { ...body, amount: 31 }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    const missing = await p.client.request('POST', REDEMPTION_API_PATHS.create, { body });
    expect(missing.status).toBe(400);
    expect(missing.body.code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 70_00, pending_redemption: 30_00 });
  });

  it('a retry after a lost answer (the stored answer released) finds the same row', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const key = randomUUID();
    const first = await redeem(p.client, paypal(30, email()), key);
    // As if the first answer had been a 5xx: the idempotency claim is released, the request runs again.
    await ctx.db.query('DELETE FROM idempotency_requests WHERE scope = $1 AND key = $2', [p.id, key]);
    const again = await redeem(p.client, paypal(30, 'x' + email()), key);
    expect(again.status).toBe(201);
    expect(again.body.redemption.id).toBe(first.body.redemption.id);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 70_00, pending_redemption: 30_00 });
  });
});

describe('guards', () => {
  it('identity not verified: 403 IDENTITY_VERIFICATION_REQUIRED (reason redemption) and the player is asked to verify', async () => {
    const p = await redemptionPlayer(ctx, { identity: 'none' });
    const res = await redeem(p.client, paypal(30, email()));
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'IDENTITY_VERIFICATION_REQUIRED',
      extra: { reason: 'redemption', identity_state: 'required' },
    });
    const state = await ctx.db.query<{ identity_state: string }>(
      'SELECT identity_state FROM users WHERE id = $1',
      [p.id],
    );
    expect(state[0]!.identity_state).toBe('required');
    for (const identity of ['pending', 'rejected'] as const) {
      const q = await redemptionPlayer(ctx, { identity });
      const r = await redeem(q.client, paypal(30, email()));
      expect(r.body).toMatchObject({
        code: 'IDENTITY_VERIFICATION_REQUIRED',
        extra: { identity_state: identity },
      });
    }
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 100_00 });
  });

  it('no billing address: 409 ADDRESS_REQUIRED', async () => {
    const p = await redemptionPlayer(ctx, { address: false });
    const res = await redeem(p.client, paypal(30, email()));
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('ADDRESS_REQUIRED');
  });

  it('an excluded state: 403 REDEMPTION_STATE_EXCLUDED', async () => {
    const p = await redemptionPlayer(ctx, {});
    await ctx.db.query(`UPDATE users SET state_or_province = 'WA' WHERE id = $1`, [p.id]);
    const res = await redeem(p.client, paypal(30, email()));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('REDEMPTION_STATE_EXCLUDED');
  });

  it('a suspended player is stopped by the play gate', async () => {
    const p = await redemptionPlayer(ctx, {});
    await ctx.db.query(`UPDATE users SET suspended_at = now(), suspension_reason = 'support' WHERE id = $1`, [
      p.id,
    ]);
    const res = await redeem(p.client, paypal(30, email()));
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('ACCOUNT_SUSPENDED');
  });

  it('W-9: a redemption bringing the year to $600 is refused with 403 W9_REQUIRED and marks the W-9 required', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 1000_00 });
    expect((await redeem(p.client, paypal(300, email()))).status).toBe(201);
    const res = await redeem(p.client, { method: 'paper_check', amount: 300 });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('W9_REQUIRED');
    const rows = await ctx.db.query<{ w9_state: string }>('SELECT w9_state FROM users WHERE id = $1', [p.id]);
    expect(rows[0]!.w9_state).toBe('required');
  });

  it('needs a signed-in player', async () => {
    const anon = new Client(ctx);
    expect((await anon.request('GET', REDEMPTION_API_PATHS.redemptions)).status).toBe(401);
    expect((await redeem(anon, paypal(30))).status).toBe(401);
  });
});

describe('minimums and the rate', () => {
  it('a first redemption uses the low tier, later ones the regular; the message shows 2 decimals', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 300_00 });
    const low = await redeem(p.client, paypal(24.99, email()));
    expect(low.status).toBe(400);
    expect(low.body).toMatchObject({
      code: 'REDEMPTION_BELOW_MINIMUM',
      field: 'amount',
      message: 'The minimum redemption for PayPal is 25.00 redeemable Sweeps Coins.',
      extra: { tier: 'low', minimum: 25, method: 'paypal' },
    });
    const mail = email();
    expect((await redeem(p.client, paypal(25, mail))).status).toBe(201);
    const regular = await redeem(p.client, paypal(49.99, mail));
    expect(regular.body).toMatchObject({
      code: 'REDEMPTION_BELOW_MINIMUM',
      message: 'The minimum redemption for PayPal is 50.00 redeemable Sweeps Coins.',
      extra: { tier: 'regular' },
    });
    const options = await p.client.request<Record<string, Loose>>('GET', REDEMPTION_API_PATHS.options);
    expect(options.body).toMatchObject({
      tier: 'regular',
      minimums_ghc: { paypal: 50, ach: 100, paper_check: 100, prizeout: 25, gift_card: 25 },
      ewallet_email: mail,
      cash_out_fee_usd: 2,
      rejected_ach_fee_usd: 15,
    });
  });

  it('a cancelled first redemption leaves the player on the low tier', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 300_00 });
    const first = await redeem(p.client, { method: 'gift_card', amount: 10, gift_card_brand: 'amazon' });
    expect(first.status).toBe(201);
    expect((await cancel(p.client, first.body.redemption.id)).status).toBe(200);
    const options = await p.client.request<Record<string, Loose>>('GET', REDEMPTION_API_PATHS.options);
    expect(options.body.tier).toBe('low');
  });

  it('the redemption values rate: 2 Sweeps per USD doubles the minimum and halves the value', async () => {
    await setRate({ redeemable_sweeps_coins_per_usd: 2 });
    try {
      const p = await redemptionPlayer(ctx, { wonCents: 300_00 });
      const below = await redeem(p.client, paypal(49.99, email()));
      expect(below.body.message).toBe('The minimum redemption for PayPal is 50.00 redeemable Sweeps Coins.');
      const ok = await redeem(p.client, paypal(60.01, email()));
      expect(ok.status).toBe(201);
      expect(ok.body.redemption).toMatchObject({ amount_ghc: 60.01, usd: 30 });
    } finally {
      await setRate(null);
    }
  });
});

describe('methods', () => {
  it('ACH keeps only the last 4 digits in clear; the full number is sealed and opens with the key', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const res = await redeem(p.client, { method: 'ach', amount: 50, bank: bank() });
    expect(res.status).toBe(201);
    expect(res.body.redemption.destination).toBe('Bank account ••6789');
    const rows = await ctx.db.query<Record<string, string>>('SELECT * FROM redemptions WHERE id = $1', [
      res.body.redemption.id,
    ]);
    const text = JSON.stringify(rows[0]);
    expect(text).not.toContain('000123456789');
    expect(openAccountNumber(rows[0]!.bank_account_encrypted!, ctx.deps.secrets.paymentsSecret)).toBe(
      '000123456789',
    );
    const bad = await redeem(p.client, {
      method: 'ach',
      amount: 50,
      bank: bank({ routing_number: '021000022' }),
    });
    expect(bad.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'bank.routing_number' });
    const none = await redeem(p.client, { method: 'ach', amount: 50 });
    expect(none.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'bank' });
  });

  it('a paper check goes to the billing address; a gift card needs a brand', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 200_00 });
    const check = await redeem(p.client, { method: 'paper_check', amount: 50 });
    expect(check.status).toBe(201);
    expect(check.body.redemption.destination).toBe('Check mailed to 1 Main St, Chicago, IL');
    const noBrand = await redeem(p.client, { method: 'gift_card', amount: 30 });
    expect(noBrand.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'gift_card_brand' });
    const gift = await redeem(p.client, { method: 'gift_card', amount: 30, gift_card_brand: 'target' });
    expect(gift.body.redemption.destination).toBe('Target gift card');
  });

  it('a prize-out needs the email confirmed {emailConfirmed} and goes to the account email', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const missing = await redeem(p.client, { method: 'prizeout', amount: 30 });
    expect(missing.body).toMatchObject({ code: 'PRIZEOUT_EMAIL_NOT_CONFIRMED', field: 'email_confirmed' });
    const no = await redeem(p.client, { method: 'prizeout', amount: 30, email_confirmed: false });
    expect(no.body.code).toBe('PRIZEOUT_EMAIL_NOT_CONFIRMED');
    const yes = await redeem(p.client, { method: 'prizeout', amount: 30, email_confirmed: true });
    expect(yes.status).toBe(201);
    expect(yes.body.redemption.destination).toMatch(/^Prize-out to p\*\*\*@example\.com$/);
  });
});

describe('e-wallet', () => {
  it('a PayPal email already used by another account is refused', async () => {
    const shared = email();
    const a = await redemptionPlayer(ctx, {});
    const b = await redemptionPlayer(ctx, {});
    expect((await redeem(a.client, paypal(30, shared))).status).toBe(201);
    const res = await redeem(b.client, paypal(30, shared.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EWALLET_EMAIL_IN_USE', field: 'paypal_email' });
    expect(await sweeps(ctx.db, b.id)).toMatchObject({ redeemable: 100_00 });
  });

  it('two accounts racing for one email: exactly one gets it', async () => {
    const shared = email();
    const players = await Promise.all([1, 2, 3, 4].map(() => redemptionPlayer(ctx, {})));
    const results = await Promise.all(players.map((p) => redeem(p.client, paypal(30, shared))));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.body.code === 'EWALLET_EMAIL_IN_USE')).toHaveLength(3);
  });

  it("once set, an email other than the account's e-wallet is refused (case does not matter)", async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 200_00 });
    const mine = email();
    expect((await redeem(p.client, paypal(30, mine))).status).toBe(201);
    expect((await redeem(p.client, paypal(50, mine.toUpperCase()))).status).toBe(201);
    const res = await redeem(p.client, paypal(50, email()));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EWALLET_EMAIL_MISMATCH', extra: { ewallet_email: mine } });
  });
});

describe('cash out', () => {
  it('needs an e-wallet on file', async () => {
    const p = await redemptionPlayer(ctx, {});
    const res = await cashOut(p.client, 30);
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('EWALLET_NOT_SET');
  });

  it('pays to the e-wallet for the fee (kind fee) and answers amount_ghc = amount + fee; a cancel refunds the fee', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 200_00 });
    expect((await redeem(p.client, paypal(30, email()))).status).toBe(201);
    const res = await cashOut(p.client, 50);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      amount_ghc: 52,
      fee_ghc: 2,
      redemption: { cash_out: true, fee_usd: 2 },
    });
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 118_00, pending_redemption: 80_00 });
    const fees = await ctx.db.query(`SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind = 'fee'`, [
      p.id,
    ]);
    expect(fees).toHaveLength(1);
    // Cash out has its own, shorter review service level (4 hours).
    const t = res.body.redemption.timeline[1];
    expect(Date.parse(t.expected_next_at) - Date.parse(t.at)).toBe(4 * 3600_000);
    const cancelled = await cancel(p.client, res.body.redemption.id);
    expect(cancelled.body.redemption).toMatchObject({ status: 'cancelled', fee_usd: 0 });
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 170_00, pending_redemption: 30_00 });
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('the Sweeps history shows the fee and the held coins, in the shape the app validates', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 200_00 });
    expect((await redeem(p.client, paypal(30, email()))).status).toBe(201);
    expect((await cashOut(p.client, 50)).status).toBe(201);
    const page = await p.client.request<Loose>('GET', '/wallet/transactions/sweeps');
    expect(page.status).toBe(200);
    expect(is(page.body, SweepsTransactionsPageSchema)).toBe(true);
    const kinds = page.body.transactions.map((t: { kind: string }) => t.kind);
    expect(kinds).toContain('fee');
    expect(kinds).toContain('redemption');
    const filters = await p.client.request<Loose>('GET', '/wallet/transaction-filters');
    expect(filters.body.filters.find((f: { value: string }) => f.value === 'fee')?.currencies).toEqual([
      'sweeps',
    ]);
  });

  it('the fee counts against the redeemable balance', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 81_00 });
    expect((await redeem(p.client, paypal(30, email()))).status).toBe(201);
    const res = await cashOut(p.client, 50);
    expect(res.body.code).toBe('INSUFFICIENT_REDEEMABLE');
  });
});

describe('the limit per sweepstakes entry period (the Eastern Time day)', () => {
  it('refuses what would pass the limit, counts cancelled ones out, and opens again the next day', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 1000_00 });
    await ctx.db.query(`UPDATE users SET w9_state = 'confirmed' WHERE id = $1`, [p.id]);
    const mail = email();
    const first = await redeem(p.client, paypal(300, mail));
    expect(first.status).toBe(201);
    const over = await redeem(p.client, paypal(100.01, mail));
    expect(over.status).toBe(409);
    expect(over.body).toMatchObject({
      code: 'REDEMPTION_LIMIT_REACHED',
      extra: { limit_usd: 400, used_usd: 300, remaining_usd: 100 },
    });
    expect(over.body.message).toMatch(
      /^You have reached the redemption limit for this sweepstakes entry period/,
    );
    expect((await redeem(p.client, paypal(100, mail))).status).toBe(201);
    const full = await redeem(p.client, paypal(50, mail));
    expect(full.body.code).toBe('REDEMPTION_LIMIT_REACHED');
    expect((await cancel(p.client, first.body.redemption.id)).status).toBe(200);
    expect((await redeem(p.client, paypal(50, mail))).status).toBe(201);
    const endsAt = Date.parse(full.body.extra.period_ends_at);
    const saved = ctx.clock.now;
    ctx.clock.now = endsAt + 1000;
    try {
      expect((await redeem(p.client, paypal(250, mail))).status).toBe(201);
    } finally {
      ctx.clock.now = saved;
    }
  });
});

describe('cancel', () => {
  it('a pending redemption returns its coins; the second cancel changes nothing', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const r = await redeem(p.client, paypal(40, email()));
    const res = await cancel(p.client, r.body.redemption.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      redemption: { status: 'cancelled' },
      balances: { balance_redeemable_ghc: 100 },
    });
    expect(res.body.redemption.timeline.at(-1)).toMatchObject({ step: 'cancelled', expected_next_at: null });
    const again = await cancel(p.client, r.body.redemption.id);
    expect(again.status).toBe(200);
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 100_00, pending_redemption: 0 });
    const reversals = await ctx.db.query(
      `SELECT 1 FROM ledger_entries WHERE user_id = $1 AND kind = 'reversal'`,
      [p.id],
    );
    expect(reversals).toHaveLength(2);
  });

  it('only while pending: an approved one answers 409 REDEMPTION_NOT_CANCELLABLE', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 100_00 });
    const r = await redeem(p.client, paypal(40, email()));
    await transaction(ctx.db, (tx) => approveRedemption(tx, r.body.redemption.id, ctx.clock.now));
    const res = await cancel(p.client, r.body.redemption.id);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'REDEMPTION_NOT_CANCELLABLE', extra: { status: 'approved' } });
    expect(res.body.message).toBe('Only a pending redemption can be cancelled. This one is approved.');
  });

  it("another player's or an unknown redemption: 404", async () => {
    const a = await redemptionPlayer(ctx, {});
    const b = await redemptionPlayer(ctx, {});
    const r = await redeem(a.client, paypal(30, email()));
    for (const id of [r.body.redemption.id, randomUUID(), 'nope']) {
      const res = await cancel(b.client, id);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'REDEMPTION_NOT_FOUND', field: 'redemption_id' });
    }
    expect(await sweeps(ctx.db, a.id)).toMatchObject({ pending_redemption: 30_00 });
  });
});

describe('bad input answers 4xx, never 5xx', () => {
  const cases: Array<[string, unknown]> = [
    ['unknown method', { method: 'bitcoin', amount: 30 }],
    ['no amount', { method: 'paypal', paypal_email: 'a@example.com' }],
    ['amount as text', { method: 'paypal', amount: '30', paypal_email: 'a@example.com' }],
    ['negative amount', paypal(-30)],
    ['zero amount', paypal(0)],
    ['three decimals', paypal(30.001)],
    ['huge amount', paypal(1e300)],
    ['NUL in the email', paypal(30, 'a\u0000b@example.com')],
    ['not an email', paypal(30, 'not-an-email')],
    ['an extra field', { ...paypal(30), admin: true }],
    ['bank number too long', { method: 'ach', amount: 60, bank: bank({ account_number: '1'.repeat(18) }) }],
    ['bank as a string', { method: 'ach', amount: 60, bank: 'x' }],
    ['array body', [1, 2, 3]],
    ['null body', null],
  ];
  it.each(cases)('%s', async (_name, body) => {
    const p = await redemptionPlayer(ctx, {});
    const res = await redeem(p.client, body as Record<string, unknown>);
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(res.body).toHaveProperty('code');
    expect(await sweeps(ctx.db, p.id)).toMatchObject({ redeemable: 100_00 });
  });

  it('malformed JSON, a huge body and a NUL redemption id', async () => {
    const p = await redemptionPlayer(ctx, {});
    const headers = { [IDEMPOTENCY_HEADER]: randomUUID(), 'Content-Type': 'application/json' };
    const broken = await p.client.request('POST', REDEMPTION_API_PATHS.create, {
      rawBody: '{"method":',
      headers,
    });
    expect(broken.status).toBe(400);
    const huge = await p.client.request('POST', REDEMPTION_API_PATHS.create, {
      rawBody: JSON.stringify({ ...paypal(30), pad: 'x'.repeat(2_000_000) }),
      headers: { ...headers, [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(huge.status).toBe(413);
    const overflow = await p.client.request('POST', REDEMPTION_API_PATHS.create, {
      rawBody: '{"method":"paypal","amount":1e400,"paypal_email":"a@example.com"}',
      headers: { ...headers, [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(overflow.status).toBe(400);
    const nul = await cancel(p.client, 'abc\u0000def');
    expect(nul.status).toBe(400);
    const cashOutBad = await cashOut(p.client, -1);
    expect(cashOutBad.status).toBe(400);
  });
});

describe('gold-only mode', () => {
  it('has no redemption routes', async () => {
    const gold = await createTestContext({ GOLD_ONLY: 'true' });
    try {
      const client = new Client(gold);
      const res = await client.request('GET', REDEMPTION_API_PATHS.redemptions);
      expect(res.status).toBe(404);
    } finally {
      await gold.close();
    }
  });
});

describe('after many movements', () => {
  it('balances equal the sum of their entries', async () => {
    const p = await redemptionPlayer(ctx, { wonCents: 500_00 });
    await giveWon(ctx, p.id, 12_34);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
