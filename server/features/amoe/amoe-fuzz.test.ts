/**
 * Hostile bodies for the AMOE routes (signed-in player, valid CSRF and Idempotency-Key): never a
 * 5xx, every refusal has the documented shape and a known code, nothing is credited, and the
 * ledger stays sound. FUZZ_RUNS (default 30) sets the cases per route.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AMOE_API_PATHS, AMOE_ERROR_CODES } from '../../../src/contract/amoe.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { WALLET_ERROR_CODES } from '../../../src/contract/wallet.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { ledgerViolations, signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';
import { codeFor } from '../../test-support/amoe-test-support.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const KNOWN = new Set<string>([
  ...Object.values(ERROR_CODES),
  ...Object.values(AMOE_ERROR_CODES),
  ...Object.values(WALLET_ERROR_CODES),
]);

let ctx: TestContext;
let player: TestPlayer;
beforeAll(async () => {
  ctx = await createTestContext(
    { AMOE_DAILY_LIMIT: '1000', AMOE_MONTHLY_LIMIT: '1000' },
    { seedDemo: false },
  );
  player = await signUpPlayer(ctx);
});
afterAll(async () => ctx?.close());

const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 60 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '\u0000',
    'ABCD\u0000EFGHJKLM',
    '\uD800',
    'x'.repeat(10_000),
    'ＡＢＣＤＥＦＧＨＪＫＬＭ',
    'ABCDEFGHJKLM',
  ),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.string({ maxLength: 5 }), { maxKeys: 2 }),
);

/** A body: the route's fields with hostile values, some dropped, some extra keys; or not an object at all. */
const bodyOf = (fields: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    fc
      .record(Object.fromEntries(fields.map((f) => [f, hostile])), { requiredKeys: [] })
      .chain((b) =>
        fc
          .dictionary(fc.string({ maxLength: 8 }), hostile, { maxKeys: 2 })
          .map((extra) => JSON.stringify({ ...b, ...extra })),
      ),
    hostile.map((v) => JSON.stringify(v) ?? 'null'),
    fc.constantFrom(
      '',
      '{',
      '{"code":',
      '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[1]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
      'null',
    ),
    fc.string({ maxLength: 40 }),
  );

async function send(
  path: string,
  rawBody: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await player.client.raw('POST', path, {
    rawBody,
    headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
  });
  const text = await res.text();
  let body: Record<string, unknown> = {};
  try {
    body = JSON.parse(text) as Record<string, unknown>;
  } catch {
    body = { text };
  }
  return { status: res.status, body };
}

function expectRefusal(r: { status: number; body: Record<string, unknown> }, rawBody: string): void {
  expect(r.status, `${rawBody.slice(0, 200)} -> ${JSON.stringify(r.body)}`).toBeGreaterThanOrEqual(400);
  expect(r.status, rawBody.slice(0, 200)).toBeLessThan(500);
  expect(KNOWN.has(String(r.body.code)), String(r.body.code)).toBe(true);
  expect(typeof r.body.message).toBe('string');
  expect('field' in r.body).toBe(true);
}

describe('AMOE routes under hostile input', () => {
  it('redeem: malformed, huge, NUL and wrongly typed codes get a 4xx with the error shape, never a credit', async () => {
    await fc.assert(
      fc.asyncProperty(bodyOf(['code']), async (rawBody) => {
        expectRefusal(await send(AMOE_API_PATHS.redeem, rawBody), rawBody);
      }),
      { numRuns: RUNS },
    );
    const credited = await ctx.db.query("SELECT 1 FROM ledger_entries WHERE kind = 'amoe'");
    expect(credited).toEqual([]);
  });

  it('postal request code: hostile tokens and site keys get a 4xx, never a request', async () => {
    await fc.assert(
      fc.asyncProperty(bodyOf(['recaptcha_token', 'site_key']), async (rawBody) => {
        expectRefusal(await send(AMOE_API_PATHS.postalRequestCode, rawBody), rawBody);
      }),
      { numRuns: RUNS },
    );
    expect(await ctx.db.query('SELECT 1 FROM amoe_postal_requests')).toEqual([]);
  });

  it('a body over the size limit is 413, and a real code next to hostile fields is still refused (strict body)', async () => {
    const huge = JSON.stringify({ code: 'A'.repeat(200_000) });
    const big = await send(AMOE_API_PATHS.redeem, huge);
    expect(big.status).toBe(413);
    const issued = await codeFor(player.client, ctx.db, ctx.clock.now);
    const extra = await send(AMOE_API_PATHS.redeem, JSON.stringify({ code: issued.code, amount_ghc: 1000 }));
    expect([extra.status, extra.body.code]).toEqual([400, ERROR_CODES.VALIDATION_ERROR]);
    const ok = await send(AMOE_API_PATHS.redeem, JSON.stringify({ code: issued.code }));
    expect(ok.status).toBe(200);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
