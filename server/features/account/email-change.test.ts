import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API_PATHS, EMAIL_CHANGE_LINK_TTL_SECONDS } from '../../../src/contract/account.ts';
import {
  Client,
  createTestContext,
  openSecondInstance,
  type TestContext,
} from '../../test-support/test-app.ts';
import { lastMail, PASSWORD, signIn, signUp, tokenIn } from '../../test-support/account-test-helpers.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

let n = 0;
const freshEmail = () => `new.address.${Date.now()}.${(n += 1)}@example.org`;

async function requestChange(client: Client, email: string, current_password = PASSWORD) {
  return client.request('POST', ACCOUNT_API_PATHS.email, { body: { email, current_password } });
}
const confirm = (client: Client, token: string) =>
  client.request('POST', ACCOUNT_API_PATHS.emailConfirm, { body: { token } });

describe('change email', () => {
  it('mails a link to the new address; opening it moves the account and tells the old address', async () => {
    const { client, email: oldEmail } = await signUp(ctx);
    const newEmail = freshEmail();
    const res = await requestChange(client, newEmail.toUpperCase());
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ pending_email: newEmail });
    // Nothing changes until the link is opened.
    expect((await client.request('GET', '/users/me')).body.email).toBe(oldEmail);
    const token = tokenIn(await lastMail(ctx, newEmail, 'email_change_confirm'));
    expect(await lastMail(ctx, oldEmail, 'email_changed_notice')).toBeNull();

    // The link works without a session (it may be opened on another device).
    const done = await confirm(new Client(ctx), token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ email: newEmail });
    expect((await client.request('GET', '/users/me')).body.email).toBe(newEmail);
    expect(await lastMail(ctx, oldEmail, 'email_changed_notice')).toContain(newEmail);
    expect((await signIn(ctx, newEmail)).res.status).toBe(200);
    expect((await signIn(ctx, oldEmail)).res.status).toBe(401);

    const reused = await confirm(new Client(ctx), token);
    expect(reused.status).toBe(400);
    expect(reused.body).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK', field: 'token' });
  });

  it('refuses an email another account uses, the same email, a malformed one and a wrong password', async () => {
    const { client, email } = await signUp(ctx);
    const other = await signUp(ctx);
    const taken = await requestChange(client, other.email);
    expect(taken.status).toBe(409);
    expect(taken.body).toMatchObject({ code: 'EMAIL_TAKEN', field: 'email' });
    expect((await requestChange(client, email)).body).toMatchObject({
      code: 'EMAIL_UNCHANGED',
      field: 'email',
    });
    expect((await requestChange(client, 'not-an-email')).body).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'email',
    });
    const wrong = await requestChange(client, freshEmail(), 'Wrong-Password-9');
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({ code: 'WRONG_PASSWORD', field: 'current_password' });
  });

  it('a link expires after 24 hours', async () => {
    const { client, email } = await signUp(ctx);
    const newEmail = freshEmail();
    await requestChange(client, newEmail);
    const token = tokenIn(await lastMail(ctx, newEmail, 'email_change_confirm'));
    ctx.clock.advance(EMAIL_CHANGE_LINK_TTL_SECONDS + 1);
    const res = await confirm(new Client(ctx), token);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_EMAIL_CHANGE_LINK' });
    const me = (await signIn(ctx, email)).client;
    expect((await me.request('GET', '/users/me')).body.email).toBe(email);
  });

  it('a newer request kills the older link', async () => {
    const { client } = await signUp(ctx);
    const first = freshEmail();
    const second = freshEmail();
    await requestChange(client, first);
    await requestChange(client, second);
    const old = tokenIn(await lastMail(ctx, first, 'email_change_confirm'));
    expect((await confirm(new Client(ctx), old)).status).toBe(400);
    const latest = tokenIn(await lastMail(ctx, second, 'email_change_confirm'));
    expect((await confirm(new Client(ctx), latest)).body).toEqual({ email: second });
  });

  it('the address taken by someone else after the request is refused at confirmation', async () => {
    const { client } = await signUp(ctx);
    const wanted = freshEmail();
    await requestChange(client, wanted);
    const token = tokenIn(await lastMail(ctx, wanted, 'email_change_confirm'));
    await signUp(ctx, { email: wanted });
    const res = await confirm(new Client(ctx), token);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: 'EMAIL_TAKEN' });
  });

  it('a parallel burst of confirmations (over two servers on PostgreSQL) uses the link once', async () => {
    const second = await openSecondInstance(ctx);
    try {
      const { client, email: oldEmail } = await signUp(ctx);
      const newEmail = freshEmail();
      await requestChange(client, newEmail);
      const token = tokenIn(await lastMail(ctx, newEmail, 'email_change_confirm'));
      const clients = second.instancesOf(new Client(ctx));
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => confirm(clients[i % clients.length]!, token)),
      );
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
      expect(answers.filter((a) => a.status === 400)).toHaveLength(9);
      const notices = await ctx.db.query('SELECT 1 FROM outbox WHERE to_address = $1 AND kind = $2', [
        oldEmail,
        'email_changed_notice',
      ]);
      expect(notices).toHaveLength(1);
    } finally {
      await second.close();
    }
  });

  it('sequential confirmations sent while the first is in flight use the link once', async () => {
    const { client } = await signUp(ctx);
    const newEmail = freshEmail();
    await requestChange(client, newEmail);
    const token = tokenIn(await lastMail(ctx, newEmail, 'email_change_confirm'));
    const inFlight = [];
    for (let i = 0; i < 5; i++) {
      inFlight.push(confirm(new Client(ctx), token));
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
    const statuses = (await Promise.all(inFlight)).map((r) => r.status).sort();
    expect(statuses).toEqual([200, 400, 400, 400, 400]);
  });

  it('refuses bad tokens with 400, never 5xx', async () => {
    for (const token of ['x'.repeat(16), 'short', '', 42, null]) {
      const res = await new Client(ctx).request('POST', ACCOUNT_API_PATHS.emailConfirm, { body: { token } });
      expect(res.status).toBe(400);
    }
  });
});
