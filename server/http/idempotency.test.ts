import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { WALLET_ERROR_CODES } from '../../src/contract/wallet.ts';
import { postLedgerEntry } from '../core/ledger/ledger.ts';
import {
  bucketBalances,
  moneyTestApp,
  signUpPlayer,
  type TestPlayer,
} from '../test-support/wallet-test-helpers.ts';
import { transaction } from '../db/transaction.ts';
import { createTestContext, type TestContext } from '../test-support/test-app.ts';

let ctx: TestContext;
let app: ReturnType<typeof moneyTestApp>;
let player: TestPlayer;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  app = moneyTestApp(ctx, { waitMs: 300 });
  player = await signUpPlayer(ctx);
  await transaction(ctx.db, (tx) =>
    postLedgerEntry(tx, {
      userId: player.id,
      currency: 'sweeps',
      bucket: 'free',
      amountMinor: 10_000,
      kind: 'bonus',
      reference: 'test',
      idempotencyKey: `fund-${player.id}`,
    }),
  );
});
afterAll(async () => ctx?.close());

async function call(path: string, body: unknown, key: string | null, who: TestPlayer = player) {
  const headers: Record<string, string> = {
    'Content-Type': 'application/json',
    Authorization: `JWT ${who.client.token}`,
  };
  if (key !== null) headers[IDEMPOTENCY_HEADER] = key;
  const res = await app.request(path, { method: 'POST', headers, body: JSON.stringify(body) });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}
const newKey = () => crypto.randomUUID();

describe('idempotent()', () => {
  it('requires a well-formed Idempotency-Key', async () => {
    for (const key of [null, 'short', 'has spaces in it', 'x'.repeat(129)]) {
      const res = await call('/spend', { amount_cents: 1 }, key);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe(WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REQUIRED);
    }
    expect((await bucketBalances(ctx.db, player.id))['sweeps:free']).toBe(10_000);
  });

  it('replays the first answer for the same key and body, spending once', async () => {
    const key = newKey();
    const first = await call('/spend', { amount_cents: 250 }, key);
    expect(first.status).toBe(201);
    expect(first.headers.get('Idempotent-Replayed')).toBeNull();
    const again = await call('/spend', { amount_cents: 250 }, key);
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get('Idempotent-Replayed')).toBe('true');
    expect((await bucketBalances(ctx.db, player.id))['sweeps:free']).toBe(9_750);
  });

  it('refuses the same key with a different body or path (409 IDEMPOTENCY_KEY_REUSED)', async () => {
    const key = newKey();
    expect((await call('/spend', { amount_cents: 10 }, key)).status).toBe(201);
    const other = await call('/spend', { amount_cents: 11 }, key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe(WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
    const otherPath = await call('/slow', { amount_cents: 10 }, key);
    expect(otherPath.body.code).toBe(WALLET_ERROR_CODES.IDEMPOTENCY_KEY_REUSED);
  });

  it('a ledger key already used for another amount is 409 LEDGER_KEY_CONFLICT, never "already done"', async () => {
    const key = newKey();
    const before = (await bucketBalances(ctx.db, player.id))['sweeps:free']!;
    expect((await call('/spend', { amount_cents: 40 }, key)).status).toBe(201);
    // The stored answer is gone (as after a 500, whose answer is not kept): the request store lets
    // a second body through, and the ledger itself must tell the two movements apart.
    await ctx.db.query('DELETE FROM idempotency_requests WHERE key = $1', [key]);
    const other = await call('/spend', { amount_cents: 90 }, key);
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({
      code: WALLET_ERROR_CODES.LEDGER_KEY_CONFLICT,
      field: null,
      extra: { differs: ['amount'] },
    });
    expect(other.body.message).toMatch(/different amount; nothing was changed/);
    expect((await bucketBalances(ctx.db, player.id))['sweeps:free']).toBe(before - 40);
    // The same movement again is still a replay (its first answer, nothing spent).
    await ctx.db.query('DELETE FROM idempotency_requests WHERE key = $1', [key]);
    const same = await call('/spend', { amount_cents: 40 }, key);
    expect(same.status).toBe(201);
    expect((await bucketBalances(ctx.db, player.id))['sweeps:free']).toBe(before - 40);
  });

  it('scopes keys per player', async () => {
    const other = await signUpPlayer(ctx);
    const key = newKey();
    expect((await call('/spend', { amount_cents: 5 }, key)).status).toBe(201);
    // The same key from another player is that player's own first request (who has no Sweeps).
    const res = await call('/spend', { amount_cents: 5 }, key, other);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('INSUFFICIENT_FUNDS');
  });

  it('stores a 4xx answer (replayed), but releases the key after a 500 so a retry runs', async () => {
    const key = newKey();
    const poor = await call('/spend', { amount_cents: 1_000_000 }, key);
    expect(poor.status).toBe(400);
    const replay = await call('/spend', { amount_cents: 1_000_000 }, key);
    expect(replay.status).toBe(400);
    expect(replay.headers.get('Idempotent-Replayed')).toBe('true');

    const failKey = newKey();
    const failed = await call('/fail', {}, failKey);
    expect(failed.status).toBe(500);
    const retried = await call('/fail', {}, failKey);
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual({ ok: true });
  });

  it('a duplicate arriving while the first runs waits for its answer, or gets 409 IDEMPOTENCY_IN_PROGRESS', async () => {
    const key = newKey();
    const [a, b] = await Promise.all([call('/slow', { ms: 100 }, key), call('/slow', { ms: 100 }, key)]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body); // the second waited and replayed

    const slowKey = newKey();
    const first = call('/slow', { ms: 800 }, slowKey);
    await new Promise((r) => setTimeout(r, 50));
    const second = await call('/slow', { ms: 800 }, slowKey);
    expect(second.status).toBe(409);
    expect(second.body.code).toBe(WALLET_ERROR_CODES.IDEMPOTENCY_IN_PROGRESS);
    expect(second.headers.get('Retry-After')).toBe('1');
    expect((await first).status).toBe(200);
  });

  it('takes over a claim left by a crashed request', async () => {
    const key = newKey();
    await ctx.db.query(
      `INSERT INTO idempotency_requests (scope, key, method, path, request_sha256, created_at)
       VALUES ($1, $2, 'POST', '/slow', 'x', $3)`,
      [player.id, key, new Date(ctx.clock.now - 120_000).toISOString()],
    );
    // Stale claim with another hash counts as a different request: refused...
    expect((await call('/slow', { ms: 1 }, key)).status).toBe(409);
    const key2 = newKey();
    const { createHash } = await import('node:crypto');
    const hash = createHash('sha256')
      .update(`POST /slow\n${JSON.stringify({ ms: 1 })}`)
      .digest('hex');
    await ctx.db.query(
      `INSERT INTO idempotency_requests (scope, key, method, path, request_sha256, created_at)
       VALUES ($1, $2, 'POST', '/slow', $3, $4)`,
      [player.id, key2, hash, new Date(ctx.clock.now - 120_000).toISOString()],
    );
    // ...the same request after the stale claim runs.
    const res = await call('/slow', { ms: 1 }, key2);
    expect(res.status).toBe(200);
    expect(res.body.done).toBe(true);
  });
});
