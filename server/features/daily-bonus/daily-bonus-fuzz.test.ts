/**
 * Hostile bodies for the daily bonus spin (signed-in player, valid CSRF and Idempotency-Key):
 * never a 5xx, every refusal is a 4xx with the documented shape and a known code, and nothing is
 * credited. FUZZ_RUNS (default 30) sets the cases.
 */
import { randomUUID } from 'node:crypto';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DAILY_BONUS_API_PATHS, DAILY_BONUS_ERROR_CODES } from '../../../src/contract/daily-bonus.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { WALLET_ERROR_CODES } from '../../../src/contract/wallet.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { ledgerViolations, signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const KNOWN = new Set<string>([
  ...Object.values(ERROR_CODES),
  ...Object.values(DAILY_BONUS_ERROR_CODES),
  ...Object.values(WALLET_ERROR_CODES),
]);

let ctx: TestContext;
let player: TestPlayer;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  player = await signUpPlayer(ctx);
});
afterAll(async () => ctx?.close());

const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom('\u0000', '\uD800', 'x'.repeat(5_000)),
  fc.array(fc.integer(), { maxLength: 3 }),
);

/** Bodies that are not the empty object: other JSON values, objects with keys, broken JSON. */
const hostileBody: fc.Arbitrary<string> = fc.oneof(
  fc
    .dictionary(fc.string({ minLength: 1, maxLength: 8 }), hostileValue, { minKeys: 1, maxKeys: 3 })
    .map((d) => JSON.stringify(d)),
  hostileValue.map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{',
    '{"prize_gld": 1e308}',
    '{"toString": "x"}',
    '{"__proto__": {"admin": true}}',
    '[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]]',
    'null',
    '"spin"',
    '\u0000',
  ),
);

describe('daily bonus spin with hostile bodies', () => {
  it('answers a documented 4xx, never a 5xx, and credits nothing', async () => {
    ctx.clock.now = Date.parse('2026-10-10T15:00:00Z');
    await fc.assert(
      fc.asyncProperty(hostileBody, async (rawBody) => {
        const res = await player.client.request<{
          code: string;
          message: string;
          field: unknown;
          extra: unknown;
        }>('POST', DAILY_BONUS_API_PATHS.play, {
          rawBody,
          headers: { 'Content-Type': 'application/json', 'Idempotency-Key': randomUUID() },
        });
        expect(res.status, `${rawBody} -> ${JSON.stringify(res.body)}`).toBeGreaterThanOrEqual(400);
        expect(res.status).toBeLessThan(500);
        expect(KNOWN.has(res.body.code), res.body.code).toBe(true);
        expect(typeof res.body.message).toBe('string');
        expect(res.body).toHaveProperty('field');
        expect(res.body).toHaveProperty('extra');
      }),
      { numRuns: RUNS },
    );
    const claims = await ctx.db.query('SELECT 1 FROM daily_bonus_claims WHERE user_id = $1', [player.id]);
    expect(claims).toHaveLength(0);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });
});
