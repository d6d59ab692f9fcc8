/**
 * `npm run operator -- <command>`, run in-process (runOperatorCommand) against a test database:
 * every command, the audit rows it writes under the named operator, and its refusals.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { readLimits } from '../purchase-limits/purchase-limits.ts';
import { signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';
import { ConfigError } from '../../platform/config.ts';
import { runOperatorCommand } from './cli-commands.ts';
import { operatorCredentialsFromEnv } from './environment.ts';
import { ensureOperatorFromEnvironment } from './operators.ts';
import {
  auditCount,
  newOperator,
  OperatorClient,
  pendingRedemption,
  postalRequest,
} from '../../test-support/operator-test-support.ts';

let ctx: TestContext;
let player: TestPlayer;
let playerEmail: string;
let operatorEmail: string;

beforeAll(async () => {
  ctx = await createTestContext();
  player = await signUpPlayer(ctx);
  playerEmail = (await player.client.request<{ email: string }>('GET', '/users/me')).body.email;
  operatorEmail = (await newOperator(ctx)).email;
});
afterAll(() => ctx.close());

async function cli(argv: string[], password = 'Another-Operator-Pw1') {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runOperatorCommand(
    {
      db: ctx.db,
      hasher: ctx.deps.hasher,
      now: () => ctx.clock.now,
      out: (l) => out.push(l),
      err: (l) => err.push(l),
      readPassword: async () => `${password}\n`,
    },
    argv,
  );
  return { code, out, err };
}

const as = (...argv: string[]) => cli([...argv, '--operator', operatorEmail]);

const lastAudit = async () =>
  (
    await ctx.db.query<{
      action: string;
      operator_id: string;
      subject: string | null;
      reason: string | null;
      player_id: string | null;
    }>(
      'SELECT a.action, o.email AS operator_id, a.subject, a.reason, a.player_id FROM operator_audit a JOIN operators o ON o.id = a.operator_id ORDER BY a.id DESC LIMIT 1',
    )
  )[0];

describe('operator command line', () => {
  it('create-operator: the first without --operator, a duplicate refused, a short password refused', async () => {
    const first = await cli(['create-operator', 'First.Op@Example.com']);
    expect(first).toMatchObject({ code: 0, out: ['Operator first.op@example.com created.'] });
    expect(await lastAudit()).toMatchObject({ action: 'operator_created', subject: 'first.op@example.com' });
    expect((await cli(['create-operator', 'first.op@example.com'])).code).toBe(1);
    const short = await cli(['create-operator', 'short@example.com'], 'tooshort');
    expect(short.code).toBe(1);
    expect(short.err.join(' ')).toMatch(/at least 12/);
    const byOperator = await as('create-operator', 'second.op@example.com');
    expect(byOperator.code).toBe(0);
  });

  it('actions need an existing --operator', async () => {
    expect((await cli(['maintenance', 'blackjack', 'on'])).code).toBe(2);
    const unknown = await cli(['maintenance', 'blackjack', 'on', '--operator', 'nobody@example.com']);
    expect(unknown.code).toBe(1);
    const row = await ctx.db.query("SELECT maintenance FROM games WHERE id = 'blackjack'");
    expect(row[0]).toEqual({ maintenance: false });
  });

  it('maintenance on with --until, then off: two audit rows under the operator', async () => {
    const before = await auditCount(ctx);
    const until = new Date(ctx.clock.now + 7200_000).toISOString();
    expect(
      (await as('maintenance', 'blackjack', 'on', '--until', until, '--reason', 'shoe update')).code,
    ).toBe(0);
    expect(await lastAudit()).toMatchObject({
      action: 'game_maintenance_on',
      operator_id: operatorEmail,
      subject: 'blackjack',
      reason: 'shoe update',
    });
    expect((await as('maintenance', 'blackjack', 'off')).code).toBe(0);
    expect((await as('maintenance', 'blackjack', 'sideways')).code).toBe(2);
    expect((await as('maintenance', 'blackjack', 'on', '--until', 'yesterday')).code).toBe(1);
    expect(await auditCount(ctx)).toBe(before + 2);
  });

  it('set-property validates the value', async () => {
    expect((await as('set-property', 'minimum_client_version', '1.2.3')).code).toBe(0);
    expect((await as('set-property', 'redemption_values', '{"x":1}')).code).toBe(1);
    expect((await as('set-property', 'gold_only_mode', 'true')).code).toBe(1);
    const value = await ctx.db.query(
      "SELECT value FROM named_properties WHERE key = 'minimum_client_version'",
    );
    expect(value[0]).toEqual({ value: '1.2.3' });
  });

  it('set-identity and decrease-limit act on the player by email', async () => {
    expect((await as('set-identity', playerEmail, 'verified')).code).toBe(2);
    expect((await as('set-identity', playerEmail, 'verified', '--reason', 'checked by support')).code).toBe(
      0,
    );
    expect(await lastAudit()).toMatchObject({ action: 'identity_state_set', player_id: player.id });
    expect((await as('decrease-limit', playerEmail, 'weekly', '250')).code).toBe(0);
    expect((await readLimits(ctx.db, player.id, ctx.clock.now)).weekly.amountCents).toBe(250_00);
    const up = await as('decrease-limit', playerEmail, 'weekly', '300');
    expect(up.code).toBe(1);
    expect(up.err.join(' ')).toMatch(/LIMIT_NOT_A_DECREASE/);
    expect((await as('decrease-limit', playerEmail, 'weekly', 'lots')).code).toBe(2);
  });

  it('list-redemptions, approve, mark-sent, mark-paid, reject --reason', async () => {
    const paidId = await pendingRedemption(ctx, player.id, 40_00);
    const listed = await as('list-redemptions', '--status', 'pending');
    expect(listed.code).toBe(0);
    expect(listed.out.some((l) => l.includes(paidId))).toBe(true);
    for (const command of ['approve', 'mark-sent', 'mark-paid'])
      expect((await as(command, paidId)).code).toBe(0);
    expect(await lastAudit()).toMatchObject({ action: 'redemption_mark_paid', subject: paidId });
    const rejectId = await pendingRedemption(ctx, player.id, 15_00);
    expect((await as('reject', rejectId)).code).toBe(2);
    expect((await as('reject', rejectId, '--reason', 'duplicate request')).code).toBe(0);
    expect((await as('approve', rejectId)).code).toBe(1);
  });

  it('list-amoe-requests and issue-amoe-code', async () => {
    const code = await postalRequest(ctx, player.id);
    const listed = await as('list-amoe-requests', '--status', 'open');
    expect(listed.out.some((l) => l.includes(code))).toBe(true);
    const issued = await as('issue-amoe-code', code);
    expect(issued.code).toBe(0);
    expect(issued.out.at(-1)).toMatch(/^AMOE code [A-Z0-9]{12} \(expires /);
    expect((await as('issue-amoe-code', code)).code).toBe(1);
  });

  it('unknown commands and options print the usage', async () => {
    const res = await as('explode');
    expect(res.code).toBe(2);
    expect(res.err.join('\n')).toMatch(/Usage: npm run operator/);
    expect((await as('audit', '--bogus', 'x')).code).toBe(2);
    const audit = await as('audit', '--limit', '3');
    expect(audit.out).toHaveLength(3);
  });
});

describe('the operator of OPERATOR_EMAIL / OPERATOR_PASSWORD', () => {
  it('is read only as a pair with a long enough password', () => {
    expect(operatorCredentialsFromEnv({})).toBeNull();
    expect(() => operatorCredentialsFromEnv({ OPERATOR_EMAIL: 'a@example.com' })).toThrow(ConfigError);
    expect(() => operatorCredentialsFromEnv({ OPERATOR_PASSWORD: 'Long-enough-pw-1' })).toThrow(ConfigError);
    expect(() =>
      operatorCredentialsFromEnv({ OPERATOR_EMAIL: 'a@example.com', OPERATOR_PASSWORD: 'short' }),
    ).toThrow(/at least 12/);
    expect(() =>
      operatorCredentialsFromEnv({ OPERATOR_EMAIL: 'not-an-email', OPERATOR_PASSWORD: 'Long-enough-pw-1' }),
    ).toThrow(/Not an email/);
    expect(
      operatorCredentialsFromEnv({
        OPERATOR_EMAIL: ' Env.Op@Example.com ',
        OPERATOR_PASSWORD: 'Long-enough-pw-1',
      }),
    ).toEqual({
      email: 'env.op@example.com',
      password: 'Long-enough-pw-1',
    });
  });

  it('is created when missing, left alone when unchanged, and its password set again when the environment changes it', async () => {
    const env = { email: 'env.op@example.com', password: 'First-env-password' };
    expect(await ensureOperatorFromEnvironment(ctx.db, ctx.deps.hasher, env, ctx.clock.now)).toBe('created');
    expect(await ensureOperatorFromEnvironment(ctx.db, ctx.deps.hasher, env, ctx.clock.now)).toBe(
      'unchanged',
    );
    const rotated = { ...env, password: 'Second-env-password' };
    expect(await ensureOperatorFromEnvironment(ctx.db, ctx.deps.hasher, rotated, ctx.clock.now)).toBe(
      'updated',
    );
    const client = new OperatorClient(ctx);
    expect((await client.signIn(env.email, env.password)).status).toBe(401);
    expect((await client.signIn(env.email, rotated.password)).status).toBe(200);
  });
});
