import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transaction } from '../../db/transaction.ts';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { requireIdentityVerification, setIdentityState } from './identity-state.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(async () => ctx?.close());

async function newUserId(): Promise<string> {
  const payload = signUpPayload();
  const res = await new Client(ctx).request('POST', API_PATHS.users, { body: payload });
  expect(res.status).toBe(201);
  const rows = await ctx.db.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [payload.email]);
  return rows[0]!.id;
}

const userRow = async (id: string) =>
  (
    await ctx.db.query<{ identity_state: string; identity_verified_at: unknown }>(
      'SELECT identity_state, identity_verified_at FROM users WHERE id = $1',
      [id],
    )
  )[0]!;

const changes = async (id: string) =>
  ctx.db.query<{ from_state: string; to_state: string; reason: string | null }>(
    'SELECT from_state, to_state, reason FROM kyc_state_changes WHERE user_id = $1 ORDER BY id',
    [id],
  );

describe('identity state', () => {
  it('requireIdentityVerification moves none to required once and leaves other states alone', async () => {
    const id = await newUserId();
    expect(await transaction(ctx.db, (tx) => requireIdentityVerification(tx, id, ctx.clock.now))).toBe(
      'required',
    );
    expect(await transaction(ctx.db, (tx) => requireIdentityVerification(tx, id, ctx.clock.now))).toBe(
      'required',
    );
    await transaction(ctx.db, (tx) => setIdentityState(tx, id, 'pending', 'provider pending', ctx.clock.now));
    expect(await transaction(ctx.db, (tx) => requireIdentityVerification(tx, id, ctx.clock.now))).toBe(
      'pending',
    );
    expect(await changes(id)).toEqual([
      { from_state: 'none', to_state: 'required', reason: 'verification required' },
      { from_state: 'required', to_state: 'pending', reason: 'provider pending' },
    ]);
  });

  it('keeps identity_verified_at in step: set on verified, cleared when leaving verified', async () => {
    const id = await newUserId();
    const change = await transaction(ctx.db, (tx) =>
      setIdentityState(tx, id, 'verified', 'approved', ctx.clock.now),
    );
    expect(change).toEqual({ before: 'none', after: 'verified' });
    expect((await userRow(id)).identity_verified_at).not.toBeNull();
    const again = await transaction(ctx.db, (tx) =>
      setIdentityState(tx, id, 'verified', 'again', ctx.clock.now),
    );
    expect(again).toEqual({ before: 'verified', after: 'verified' });
    await transaction(ctx.db, (tx) =>
      setIdentityState(tx, id, 'rejected', 'operator revoked', ctx.clock.now),
    );
    expect(await userRow(id)).toEqual({ identity_state: 'rejected', identity_verified_at: null });
    expect((await changes(id)).length).toBe(2);
  });

  it('a parallel burst of the same change records one transition', async () => {
    const id = await newUserId();
    const results = await Promise.all(
      Array.from({ length: 8 }, () =>
        transaction(ctx.db, (tx) => setIdentityState(tx, id, 'verified', 'burst', ctx.clock.now)),
      ),
    );
    expect(results.filter((r) => r.before === 'none')).toHaveLength(1);
    expect(await changes(id)).toHaveLength(1);
  });
});
