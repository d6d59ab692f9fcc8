import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOE_CODE_ALPHABET, AMOE_CODE_LENGTH, AMOE_ERROR_CODES } from '../../../src/contract/amoe.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError } from '../../http/api-error.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import { amoeCodeHash, issueAmoeCode, listPostalRequests, normalizePostalRequestCode } from './amoe-codes.ts';
import { createPostalRequest } from './postal-requests.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const DAY = 86_400_000;

const errorOf = async (p: Promise<unknown>): Promise<ApiError> => {
  try {
    await p;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('expected an ApiError');
};

describe('issueAmoeCode and listPostalRequests (operator side)', () => {
  it('issues one 12-character code of the unambiguous alphabet per request, bound to the player, stored hashed, expiring 180 days after delivery', async () => {
    const player = await signUpPlayer(ctx);
    const nowMs = Date.parse('2026-03-01T15:00:00Z');
    const req = await transaction(ctx.db, (tx) =>
      createPostalRequest(tx, { userId: player.id, amountCents: 500, nowMs }),
    );
    expect(req.postalRequestCode).toMatch(/^PR-[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
    const open = await listPostalRequests(ctx.db, { status: 'open' });
    expect(open.find((r) => r.postalRequestCode === req.postalRequestCode)).toMatchObject({
      userId: player.id,
      amountCents: 500,
      status: 'open',
      issuedAt: null,
    });

    // The operator types it in lower case with spaces: still the same request.
    const typed = req.postalRequestCode.toLowerCase().replace(/-/g, ' ');
    expect(normalizePostalRequestCode(typed)).toBe(req.postalRequestCode);
    const issued = await transaction(ctx.db, (tx) => issueAmoeCode(tx, { postalRequestCode: typed, nowMs }));
    expect(issued.code).toHaveLength(AMOE_CODE_LENGTH);
    expect([...issued.code].every((ch) => AMOE_CODE_ALPHABET.includes(ch))).toBe(true);
    expect(issued.code).not.toMatch(/[01OI]/);
    expect(issued).toMatchObject({
      userId: player.id,
      amountCents: 500,
      deliveredAt: new Date(nowMs).toISOString(),
      expiresAt: new Date(nowMs + 180 * DAY).toISOString(),
    });
    const stored = await ctx.db.query<{ code_sha256: string; code_hint: string }>(
      'SELECT code_sha256, code_hint FROM amoe_codes WHERE user_id = $1',
      [player.id],
    );
    expect(stored).toEqual([{ code_sha256: amoeCodeHash(issued.code), code_hint: issued.code.slice(-4) }]);
    expect(JSON.stringify(stored)).not.toContain(issued.code);

    const after = await listPostalRequests(ctx.db, { status: 'issued', limit: 5 });
    expect(after[0]).toMatchObject({ postalRequestCode: req.postalRequestCode, status: 'issued' });
    expect(
      (await listPostalRequests(ctx.db, { status: 'open' })).map((r) => r.postalRequestCode),
    ).not.toContain(req.postalRequestCode);
  });

  it('refuses an unknown request code (404) and a request already issued (409), also when two operators issue at once', async () => {
    const unknown = await errorOf(
      transaction(ctx.db, (tx) =>
        issueAmoeCode(tx, { postalRequestCode: 'PR-2222-2222', nowMs: Date.now() }),
      ),
    );
    expect([unknown.status, unknown.code]).toEqual([404, AMOE_ERROR_CODES.AMOE_POSTAL_REQUEST_NOT_FOUND]);

    const player = await signUpPlayer(ctx);
    const req = await transaction(ctx.db, (tx) =>
      createPostalRequest(tx, { userId: player.id, amountCents: 500, nowMs: Date.now() }),
    );
    const results = await Promise.allSettled(
      Array.from({ length: 4 }, () =>
        transaction(ctx.db, (tx) =>
          issueAmoeCode(tx, { postalRequestCode: req.postalRequestCode, nowMs: Date.now() }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    expect(ok).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') {
        expect(r.reason).toBeInstanceOf(ApiError);
        expect([(r.reason as ApiError).status, (r.reason as ApiError).code]).toEqual([
          409,
          AMOE_ERROR_CODES.AMOE_POSTAL_REQUEST_ALREADY_ISSUED,
        ]);
      }
    const codes = await ctx.db.query('SELECT 1 FROM amoe_codes WHERE user_id = $1', [player.id]);
    expect(codes).toHaveLength(1);
  });
});
