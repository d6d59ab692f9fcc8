/**
 * Property test of the seamless wallet behind its signature: correctly signed calls with hostile
 * bodies (valid calls with one field replaced, dropped or added, ids reused across kinds, odd
 * amounts) never get a 5xx, every refusal has the documented shape and a known code, and the
 * ledger stays sound. (server/http/input-fuzz.test.ts covers the unsigned door of every route.)
 * FUZZ_RUNS (default 30) sets the cases per route.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import { GAME_ERROR_CODES } from '../../../src/contract/games.ts';
import { VENDOR_WALLET_ERROR_CODES } from '../../../src/contract/vendor-wallet.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { ledgerViolations } from '../../test-support/wallet-test-helpers.ts';
import { fund, launchedPlayer, PATHS, vendorCall } from '../../test-support/vendor-wallet-test-support.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const KNOWN = new Set<string>([
  ...Object.values(ERROR_CODES),
  ...Object.values(GAME_ERROR_CODES),
  ...Object.values(VENDOR_WALLET_ERROR_CODES),
]);

let ctx: TestContext;
let tokens: string[] = [];
beforeAll(async () => {
  ctx = await createTestContext();
  const gold = await launchedPlayer(ctx, 'gold');
  const sweeps = await launchedPlayer(ctx, 'sweeps');
  await fund(ctx, gold.player.id, { gold: 5000 });
  await fund(ctx, sweeps.player.id, { paidCents: 500, freeCents: 500 });
  tokens = [gold.token, sweeps.token];
});
afterAll(() => ctx.close());

// A small pool of ids so cases collide: the same id as bet, win and rollback, with other bodies.
const id = fc.constantFrom('t-1', 't-2', 't-3', 'r-1', 'x'.repeat(128), 'x'.repeat(129), '', 'a b', 'é');
const amount = fc.oneof(
  fc.constantFrom(0, 1, 0.01, 0.001, 2.5, 100, -1, 1e9, 1e9 + 1, 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.double(),
  fc.integer(),
);
const hostile: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 2 }),
);

const baseBody = fc.record({
  session_token: fc.oneof(
    fc.constantFrom(0, 1).map((i) => tokens[i]!),
    fc.string(),
  ),
  transaction_id: id,
  bet_transaction_id: id,
  round_id: id,
  amount,
});

/** A valid-looking body with at most one field replaced, dropped or added. */
const body = fc
  .tuple(
    baseBody,
    fc.constantFrom('none', 'replace', 'drop', 'add'),
    fc.constantFrom('session_token', 'transaction_id', 'bet_transaction_id', 'round_id', 'amount', 'extra'),
    hostile,
  )
  .map(([b, how, field, value]) => {
    const out: Record<string, unknown> = { ...b };
    if (how === 'replace' || how === 'add') out[field] = value;
    if (how === 'drop') delete out[field];
    return out;
  });

const shapes: Record<string, (b: Record<string, unknown>) => unknown> = {
  [PATHS.balance]: (b) => ({ session_token: b.session_token }),
  [PATHS.bet]: ({ bet_transaction_id: _unused, ...b }) => b,
  [PATHS.win]: (b) => b,
  [PATHS.rollback]: ({ amount: _unused, ...b }) => b,
};

describe('signed calls with hostile bodies', () => {
  for (const [path, shape] of Object.entries(shapes)) {
    it(`${path}: never a 5xx, always the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(body.map(shape), hostile), async (sent) => {
          const r = await vendorCall(ctx, path, sent);
          expect(r.status, JSON.stringify(sent)).toBeLessThan(500);
          if (r.status >= 400) {
            expect(KNOWN.has(String(r.body.code)), JSON.stringify(r.body)).toBe(true);
            expect(typeof r.body.message).toBe('string');
          }
        }),
        { numRuns: RUNS },
      );
    });
  }

  it('leaves the ledger sound', async () => {
    expect(await ledgerViolations(ctx.db)).toEqual([]);
    const negative = await ctx.db.query('SELECT 1 FROM wallet_balances WHERE amount_minor < 0');
    expect(negative).toEqual([]);
  });
});
