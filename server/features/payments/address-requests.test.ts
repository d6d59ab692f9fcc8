/**
 * Address changes as requests the server checks (docs/account.md "Changing the
 * address"): applied at once, refused at once with code/field/message, or pending identity
 * re-authentication for a verified player and then applied or refused with its message.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import {
  ADDRESS_REQUEST_PATHS,
  ADDRESS_REQUEST_TEXTS,
  AddressRequestViewSchema,
} from '../../../src/contract/address-requests.ts';
import { PAYMENTS_API_PATHS } from '../../../src/contract/payments.ts';
import { UserSchema } from '../../../src/contract/schemas.ts';
import { createTestContext, type Client, type TestContext } from '../../test-support/test-app.ts';
import { askResult, signedUpPlayer, verifyInFrame } from '../../test-support/kyc-test-support.ts';
import { VALID_ADDRESS } from '../../test-support/payments-test-support.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({});
});
afterAll(async () => ctx?.close());

// Each player gets addresses of their own: an address is a household of at most two accounts.
let street = 100;
const onFile = () => ({ ...VALID_ADDRESS, address_line_1: `${++street} S. Wacker Dr` });
const newAddress = () => ({
  address_line_1: `${++street} W. Madison St`,
  address_line_2: null,
  city: 'Chicago',
  state_or_province: 'IL',
  postal_code: '60661',
});

const patchAddress = (client: Client, body: unknown) =>
  client.request<Record<string, unknown>>('PATCH', PAYMENTS_API_PATHS.address, { body });
const me = async (client: Client) =>
  (await client.request<Record<string, unknown>>('GET', API_PATHS.me)).body;
const requestOf = async (client: Client) =>
  (await client.request<Record<string, unknown>>('GET', ADDRESS_REQUEST_PATHS.addressRequest)).body;

/** A verified player with an address on file (`address`). */
async function verifiedPlayer() {
  const player = await signedUpPlayer(ctx);
  const address = onFile();
  const saved = await patchAddress(player.client, address);
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const verified = await askResult(player.client, await verifyInFrame(ctx, player.client, 'Approve'));
  expect(verified.body).toMatchObject({ identity_state: 'verified' });
  return { ...player, address };
}

/** Opens a re-authentication (a second after what came before: the test clock stands still) and decides it. */
async function reauthenticate(client: Client, lastName: 'Approve' | 'Reject') {
  ctx.clock.advance(1);
  const answer = await askResult(
    client,
    await verifyInFrame(ctx, client, lastName, 'reauthentication'),
    'reauthentication',
  );
  expect(answer.status).toBe(200);
}

describe('the User fields of an address change', () => {
  it('a player without a request: not pending, no message, and the request reads none', async () => {
    const { client } = await signedUpPlayer(ctx);
    const user = await me(client);
    expect(is(user, UserSchema)).toBe(true);
    expect(user).toMatchObject({ address_update_pending: false, address_update_error_message: null });
    const request = await requestOf(client);
    expect(is(request, AddressRequestViewSchema)).toBe(true);
    expect(request).toMatchObject({
      status: 'none',
      requested_address: null,
      reauthentication_required: false,
    });
  });

  it('a player whose identity is not verified: the change is applied at once (200)', async () => {
    const { client } = await signedUpPlayer(ctx);
    const first = onFile();
    const res = await patchAddress(client, first);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ ...first, address_update_pending: false });
    const next = newAddress();
    const again = await patchAddress(client, next);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ address_line_1: next.address_line_1, postal_code: '60661' });
    expect(await requestOf(client)).toMatchObject({ status: 'applied', reason: null, error_message: null });
  });

  it('refuses a bad or prohibited address at once with code, field and message; nothing changes', async () => {
    const { client } = await signedUpPlayer(ctx);
    const first = onFile();
    await patchAddress(client, first);
    const excluded = await patchAddress(client, {
      ...first,
      city: 'New York',
      state_or_province: 'NY',
      postal_code: '10001',
    });
    expect(excluded.status).toBe(400);
    expect(excluded.body).toMatchObject({
      code: 'EXCLUDED_STATE',
      field: 'state_or_province',
      message: 'At the current time we do not allow participation from the state of NY',
    });
    const special = await patchAddress(client, { ...first, address_line_1: '1 Main St #4' });
    expect(special.status).toBe(400);
    expect(special.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'address_line_1' });
    const mismatch = await patchAddress(client, { ...first, postal_code: '90210' });
    expect(mismatch.body).toMatchObject({ code: 'INVALID_POSTAL_CODE', field: 'postal_code' });
    expect(await me(client)).toMatchObject({
      address_line_1: first.address_line_1,
      postal_code: first.postal_code,
      address_update_pending: false,
      address_update_error_message: null,
    });
  });
});

describe('a verified player changing the address on file', () => {
  it('waits for re-authentication (202, pending), then an approved re-authentication applies it', async () => {
    const { client, address } = await verifiedPlayer();
    const next = newAddress();
    const res = await patchAddress(client, next);
    expect(res.status).toBe(202);
    expect(is(res.body, UserSchema)).toBe(true);
    expect(res.body).toMatchObject({
      address_line_1: address.address_line_1,
      postal_code: address.postal_code,
      address_update_pending: true,
      address_update_error_message: null,
    });
    expect(await requestOf(client)).toMatchObject({
      status: 'pending',
      reason: 'reauthentication',
      reauthentication_required: true,
      requested_address: next,
    });
    // Still pending while nothing is decided.
    expect(await me(client)).toMatchObject({ address_update_pending: true });
    await reauthenticate(client, 'Approve');
    expect(await me(client)).toMatchObject({
      address_line_1: next.address_line_1,
      postal_code: next.postal_code,
      address_update_pending: false,
      address_update_error_message: null,
    });
    expect(await requestOf(client)).toMatchObject({ status: 'applied', reauthentication_required: false });
  });

  it('a rejected re-authentication refuses it with its message; a new request clears it', async () => {
    const { client, address } = await verifiedPlayer();
    expect((await patchAddress(client, newAddress())).status).toBe(202);
    await reauthenticate(client, 'Reject');
    expect(await requestOf(client)).toMatchObject({
      status: 'refused',
      reason: 'reauthentication_rejected',
      error_message: ADDRESS_REQUEST_TEXTS.reauthenticationRejected,
    });
    expect(await me(client)).toMatchObject({
      address_line_1: address.address_line_1,
      address_update_pending: false,
      address_update_error_message: ADDRESS_REQUEST_TEXTS.reauthenticationRejected,
    });
    // Retry: a new request waits again (the old decision does not count for it), the message is gone.
    ctx.clock.advance(1);
    expect((await patchAddress(client, newAddress())).status).toBe(202);
    expect(await me(client)).toMatchObject({
      address_update_pending: true,
      address_update_error_message: null,
    });
  });

  it('a re-authentication decided before the request does not settle it', async () => {
    const { client, address } = await verifiedPlayer();
    await reauthenticate(client, 'Approve');
    ctx.clock.advance(1);
    expect((await patchAddress(client, newAddress())).status).toBe(202);
    expect(await me(client)).toMatchObject({
      address_line_1: address.address_line_1,
      address_update_pending: true,
    });
  });

  it('is refused when the identity stops being verified while it waits', async () => {
    const { client, userId, address } = await verifiedPlayer();
    expect((await patchAddress(client, newAddress())).status).toBe(202);
    await ctx.db.query(`UPDATE users SET identity_state = 'required' WHERE id = $1`, [userId]);
    expect(await me(client)).toMatchObject({
      address_line_1: address.address_line_1,
      address_update_pending: false,
      address_update_error_message: ADDRESS_REQUEST_TEXTS.identityNotVerified,
    });
  });

  it('a full household refuses it at once, and refuses a waiting one when it fills meanwhile', async () => {
    const { client, address } = await verifiedPlayer();
    const target = newAddress();
    // Two other accounts at the target address: a new request for it is refused at once.
    for (let i = 0; i < 2; i++) {
      const other = await signedUpPlayer(ctx);
      expect((await patchAddress(other.client, target)).status).toBe(200);
    }
    const full = await patchAddress(client, target);
    expect(full.status).toBe(409);
    expect(full.body).toMatchObject({ code: 'HOUSEHOLD_LIMIT' });
    expect(await me(client)).toMatchObject({
      address_update_pending: false,
      address_update_error_message: null,
    });

    // A request that waits while the household fills up is refused when it would be applied.
    const later = newAddress();
    expect((await patchAddress(client, later)).status).toBe(202);
    for (let i = 0; i < 2; i++) {
      const other = await signedUpPlayer(ctx);
      expect((await patchAddress(other.client, later)).status).toBe(200);
    }
    await reauthenticate(client, 'Approve');
    const user = await me(client);
    expect(user).toMatchObject({ address_line_1: address.address_line_1, address_update_pending: false });
    expect(user.address_update_error_message).toMatch(/household/);
    expect(await requestOf(client)).toMatchObject({ status: 'refused', reason: 'household_limit' });
  });

  it('the address already on file is applied at once and replaces the waiting request', async () => {
    const { client, address } = await verifiedPlayer();
    expect((await patchAddress(client, newAddress())).status).toBe(202);
    const same = await patchAddress(client, { ...address, city: 'CHICAGO ' });
    expect(same.status).toBe(200);
    expect(same.body).toMatchObject({ address_update_pending: false, address_update_error_message: null });
    expect(await requestOf(client)).toMatchObject({ status: 'applied' });
  });

  it('a parallel burst of changes keeps one pending request, the last one written', async () => {
    const { client, userId } = await verifiedPlayer();
    const answers = await Promise.all(Array.from({ length: 10 }, () => patchAddress(client, newAddress())));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(202));
    const rows = await ctx.db.query<{ status: string; address_line_1: string }>(
      'SELECT status, address_line_1 FROM address_update_requests WHERE user_id = $1 ORDER BY id',
      [userId],
    );
    const pending = rows.filter((r) => r.status === 'pending');
    expect(pending).toHaveLength(1);
    expect(rows.filter((r) => r.status === 'superseded')).toHaveLength(9);
    const waiting = pending[0]!.address_line_1;
    expect(waiting).toBe(rows.at(-1)!.address_line_1);
    expect(await requestOf(client)).toMatchObject({
      status: 'pending',
      requested_address: { address_line_1: waiting },
    });
    // Settled by parallel reads, it is applied once.
    await reauthenticate(client, 'Approve');
    const reads = await Promise.all(Array.from({ length: 6 }, () => me(client)));
    for (const user of reads)
      expect(user).toMatchObject({ address_line_1: waiting, address_update_pending: false });
    const decided = await ctx.db.query<{ status: string }>(
      `SELECT status FROM address_update_requests WHERE user_id = $1 AND status IN ('pending', 'applied')`,
      [userId],
    );
    expect(decided.map((r) => r.status)).toEqual(['applied', 'applied']);
  });
});
