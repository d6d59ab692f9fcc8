/**
 * Who may pay (spec section 8, CANT_COMPLETE_PURCHASE sub-codes that open the closed-account
 * flow): a closed account, or one closed for the age requirement, is refused with its sub-code and
 * the extra account_status, even with the token of the session its close ended, and even when the
 * close races a burst of purchases; a payment that settles after the close is given back instead
 * of credited; one bank account funds one player (ach_account_in_use), the first keeps it.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { ACCOUNT_API_PATHS } from '../../../src/contract/account.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  PAYMENTS_API_PATHS,
  SANDBOX_TEST_CARDS as CARDS,
  type PurchaseResult,
} from '../../../src/contract/payments.ts';
import { Client, signUpPayload } from '../../test-support/test-app.ts';
import {
  answerBank,
  answerChallenge,
  buyWithCard,
  createPaymentsContext,
  VALID_ADDRESS,
  type PaymentsTestContext,
} from '../../test-support/payments-test-support.ts';
import { closeAccount } from '../account/close-account.ts';
import { refundDuePurchases } from './refunds.ts';

let ctx: PaymentsTestContext;

beforeAll(async () => {
  ctx = await createPaymentsContext();
});
afterAll(async () => {
  await ctx?.close();
});

type Answer = PurchaseResult & {
  code?: string;
  message?: string;
  extra?: { sub_code?: string; account_status?: string; closed_reason?: string };
};

let seq = 0;

/** A signed-up player with a billing address of their own (one household each). */
async function playerWithAddress(c: PaymentsTestContext): Promise<Client> {
  const client = new Client(c);
  const res = await client.request<{ token: string }>('POST', API_PATHS.users, { body: signUpPayload({}) });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  client.token = res.body.token;
  const address = { ...VALID_ADDRESS, address_line_1: `${100 + ++seq} S. Wacker Dr` };
  const addr = await client.request('PATCH', PAYMENTS_API_PATHS.address, { body: address });
  if (addr.status !== 200) throw new Error(`address failed: ${JSON.stringify(addr.body)}`);
  return client;
}

let phoneSeq = 0;
/** Phones of this file only: the sandbox bank's checking account is the phone's. */
const newPhone = () => `(773) 555-${String(2000 + ++phoneSeq).padStart(4, '0')}`;

const userIdOf = async (client: Client) =>
  (await client.request<{ id: string }>('GET', API_PATHS.me)).body.id;

const startBank = (client: Client, phone: string, packageId = 'gold-199') =>
  client.request<Answer>('POST', PAYMENTS_API_PATHS.payByBankPurchases, {
    body: { package_id: packageId, phone, confirm_repeat: true },
    headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
  });
const checkBank = (client: Client, id: string) =>
  client.request<Answer>('GET', PAYMENTS_API_PATHS.payByBankPurchaseStatus(id));

async function purchaseRows(userId: string) {
  return ctx.db.query<{
    id: string;
    status: string;
    created_at: Date;
    credited_at: Date | null;
    error_sub_code: string | null;
    refund_due_at: Date | null;
    refunded_at: Date | null;
    provider_reference: string | null;
  }>(
    `SELECT id, status, created_at, credited_at, error_sub_code, refund_due_at, refunded_at, provider_reference
       FROM purchases WHERE user_id = $1 ORDER BY created_at`,
    [userId],
  );
}

const goldOf = async (userId: string) =>
  Number(
    (
      await ctx.db.query<{ total: string | number | null }>(
        `SELECT COALESCE(sum(amount_minor), 0) AS total FROM ledger_entries WHERE user_id = $1 AND currency = 'gold'`,
        [userId],
      )
    )[0]?.total ?? 0,
  );

describe('a closed account cannot buy', () => {
  it('closed by the player: card and pay-by-bank purchases answer CANT_COMPLETE_PURCHASE account_closed with account_status, nothing stored', async () => {
    const client = await playerWithAddress(ctx);
    const id = await userIdOf(client);
    expect((await client.request('POST', ACCOUNT_API_PATHS.close, { body: {} })).status).toBe(204);
    // The close ended the session: any other route answers 401, the purchase routes the closed-account flow.
    expect((await client.request('GET', API_PATHS.me)).status).toBe(401);
    const card = await buyWithCard(ctx, client, CARDS.success);
    expect(card.status).toBe(403);
    expect(card.body).toMatchObject({
      code: 'CANT_COMPLETE_PURCHASE',
      extra: { sub_code: 'account_closed', account_status: 'closed', closed_reason: 'player_request' },
    });
    expect((card.body as Answer).message).toMatch(/closed/);
    const bank = await startBank(client, newPhone());
    expect(bank.status).toBe(403);
    expect(bank.body.extra).toMatchObject({ sub_code: 'account_closed', account_status: 'closed' });
    expect(await purchaseRows(id)).toEqual([]);
  });

  it('closed for the age requirement: sub-code account_closed_age_requirement', async () => {
    const client = await playerWithAddress(ctx);
    const id = await userIdOf(client);
    await closeAccount(ctx.db, id, 'age_requirement', Date.now());
    const card = await buyWithCard(ctx, client, CARDS.success);
    expect(card.status).toBe(403);
    expect(card.body).toMatchObject({
      code: 'CANT_COMPLETE_PURCHASE',
      extra: {
        sub_code: 'account_closed_age_requirement',
        account_status: 'closed',
        closed_reason: 'age_requirement',
      },
    });
    expect((card.body as Answer).message).toMatch(/minimum age/);
    expect(await purchaseRows(id)).toEqual([]);
  });

  it('a token of another account, or a forged one, still answers 401 (the closed-account answer needs a valid token)', async () => {
    const client = await playerWithAddress(ctx);
    const saved = client.token;
    client.token = `${saved}x`;
    expect((await buyWithCard(ctx, client, CARDS.success)).status).toBe(401);
  });

  it('a close racing a burst of purchases: nothing is stored after the close, nothing credited after it', async () => {
    const client = await playerWithAddress(ctx);
    const id = await userIdOf(client);
    const burst = Array.from({ length: 8 }, () =>
      buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-199', confirm_repeat: true }),
    );
    const close = client.request('POST', ACCOUNT_API_PATHS.close, { body: {} });
    const answers = await Promise.all(burst);
    expect((await close).status).toBe(204);
    for (const a of answers) {
      if (a.status === 201) continue;
      expect(a.status).toBe(403);
      expect((a.body as Answer).extra).toMatchObject({
        sub_code: 'account_closed',
        account_status: 'closed',
      });
    }
    const closedAt = (
      await ctx.db.query<{ closed_at: Date }>('SELECT closed_at FROM users WHERE id = $1', [id])
    )[0]!.closed_at;
    const rows = await purchaseRows(id);
    expect(rows.length).toBe(answers.filter((a) => a.status === 201).length);
    for (const row of rows) {
      expect(new Date(row.created_at).getTime()).toBeLessThanOrEqual(new Date(closedAt).getTime());
      if (row.status === 'succeeded')
        expect(new Date(row.credited_at!).getTime()).toBeLessThanOrEqual(new Date(closedAt).getTime());
    }
    // After the close, every purchase route answers the closed-account flow.
    const after = await buyWithCard(ctx, client, CARDS.success, { package_id: 'gold-999' });
    expect((after.body as Answer).extra?.sub_code).toBe('account_closed');
  });

  it('a card payment that settles after the close is not credited: it fails as account_closed and is refunded', async () => {
    const client = await playerWithAddress(ctx);
    const id = await userIdOf(client);
    const goldBefore = await goldOf(id);
    const res = await buyWithCard(ctx, client, CARDS.threeDSecure, { package_id: 'gold-999' });
    expect(res.body.status).toBe('requires_action');
    expect((await client.request('POST', ACCOUNT_API_PATHS.close, { body: {} })).status).toBe(204);
    // The card holder completes 3-D Secure after the close; the processor's webhook reports it paid.
    await answerChallenge(ctx, res.body.three_d_secure_url!, 'completed');
    const reference = (await purchaseRows(id))[0]!.provider_reference!;
    await ctx.deps.providers.card.retrievePaymentIntent(reference); // settles, queues the webhook
    await ctx.flushWebhooks();
    const [row] = await purchaseRows(id);
    expect(row).toMatchObject({ status: 'failed', error_sub_code: 'account_closed', refunded_at: null });
    expect(row!.refund_due_at).not.toBeNull();
    expect(await goldOf(id)).toBe(goldBefore);
    // The reconciliation job's refund pass gives it back, once.
    expect(await refundDuePurchases(ctx.deps)).toMatchObject({ refunded: 1, errors: 0 });
    expect(await refundDuePurchases(ctx.deps)).toMatchObject({ refunded: 0, errors: 0 });
    const pi = await ctx.deps.providers.card.retrievePaymentIntent(row!.provider_reference!);
    expect(pi.amount_refunded).toBe(pi.amount);
    expect((await purchaseRows(id))[0]!.refunded_at).not.toBeNull();
  });
});

describe('one bank account funds one player (ach_account_in_use)', () => {
  it('the first player keeps the account and reuses it; a second player paying from it is refused and given back', async () => {
    const phone = newPhone();
    const first = await playerWithAddress(ctx);
    const firstId = await userIdOf(first);
    const a = await startBank(first, phone);
    await answerBank(ctx, a.body.authorization_url!, 'approved');
    expect((await checkBank(first, a.body.purchase_id)).body.status).toBe('succeeded');

    // Another player who signs in to the same bank login pays from the same checking account.
    const second = await playerWithAddress(ctx);
    const secondId = await userIdOf(second);
    const goldBefore = await goldOf(secondId);
    const b = await startBank(second, phone, 'gold-499');
    expect(b.status).toBe(201);
    await answerBank(ctx, b.body.authorization_url!, 'approved');
    const refused = await checkBank(second, b.body.purchase_id);
    expect(refused.body).toMatchObject({
      status: 'failed',
      error: { code: 'CANT_COMPLETE_PURCHASE', sub_code: 'ach_account_in_use' },
    });
    expect(refused.body.error!.message).toMatch(/one bank account can fund only one player/);
    expect(await goldOf(secondId)).toBe(goldBefore);
    // Given back at once by the status check that refused it: the bank shows it refunded.
    const [row] = await purchaseRows(secondId);
    expect(row!.refunded_at).not.toBeNull();
    expect((await ctx.deps.providers.bank.retrievePayment(row!.provider_reference!)).status).toBe('refunded');
    const owner = await ctx.db.query<{ user_id: string }>(
      'SELECT user_id FROM bank_account_owners WHERE bank_account_id = $1',
      [
        row!.provider_reference &&
          (await ctx.deps.providers.bank.retrievePayment(row!.provider_reference)).bank_account!.id,
      ],
    );
    expect(owner).toEqual([{ user_id: firstId }]);

    // The first player pays from it again: no refusal.
    const again = await startBank(first, phone, 'gold-999');
    await answerBank(ctx, again.body.authorization_url!, 'approved');
    expect((await checkBank(first, again.body.purchase_id)).body.status).toBe('succeeded');
    // The second player's own account still works.
    const own = await playerWithAddress(ctx);
    const ownPurchase = await startBank(own, newPhone());
    await answerBank(ctx, ownPurchase.body.authorization_url!, 'approved');
    expect((await checkBank(own, ownPurchase.body.purchase_id)).body.status).toBe('succeeded');
  });

  it('two players paying from one joint account at the same moment: exactly one is credited', async () => {
    const players = await Promise.all([
      playerWithAddress(ctx),
      playerWithAddress(ctx),
      playerWithAddress(ctx),
    ]);
    const started = await Promise.all(players.map((p) => startBank(p, newPhone(), 'gold-499')));
    for (const s of started) expect(s.status).toBe(201);
    await Promise.all(started.map((s) => answerBank(ctx, s.body.authorization_url!, 'approved', 'joint')));
    // Status checks and webhooks race over the three payments.
    const [checks] = await Promise.all([
      Promise.all(started.map((s, i) => checkBank(players[i]!, s.body.purchase_id))),
      ctx.flushWebhooks(),
    ]);
    const finals = await Promise.all(
      started.map(async (s, i) => (await checkBank(players[i]!, s.body.purchase_id)).body),
    );
    expect(checks.length).toBe(3);
    expect(finals.filter((f) => f.status === 'succeeded')).toHaveLength(1);
    const refusedOnes = finals.filter((f) => f.status === 'failed');
    expect(refusedOnes).toHaveLength(2);
    for (const f of refusedOnes) expect(f.error?.sub_code).toBe('ach_account_in_use');
    const owners = await ctx.db.query('SELECT user_id FROM bank_account_owners WHERE bank_account_id = $1', [
      'ba_joint_4321',
    ]);
    expect(owners).toHaveLength(1);
    await refundDuePurchases(ctx.deps);
    const due = await ctx.db.query(
      'SELECT 1 FROM purchases WHERE refund_due_at IS NOT NULL AND refunded_at IS NULL',
    );
    expect(due).toEqual([]);
  });
});
