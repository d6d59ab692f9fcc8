/**
 * Password recovery to the end: the mailed link signs the player in and answers a password reset
 * ticket, with which that session sets a new password without the old one: once, within 30
 * minutes, in that session only; a parallel burst with one ticket changes the password once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API_PATHS, PASSWORD_RESET_TICKET_TTL_SECONDS } from '../../../src/contract/account.ts';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { lastMail, PASSWORD, signIn, signUp, tokenIn } from '../../test-support/account-test-helpers.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const NEW_PASSWORD = 'Copper-Lantern-77';

/** Asks for recovery, opens the mailed link in a new browser: its client and the answer's ticket. */
async function recover(email: string) {
  const asked = await new Client(ctx).request('POST', API_PATHS.passwordRecovery, { body: { email } });
  expect(asked.status).toBe(202);
  const client = new Client(ctx);
  const res = await client.request<{ token: string; password_reset?: { token: string; expires_at: string } }>(
    'POST',
    API_PATHS.signInLink,
    { body: { token: tokenIn(await lastMail(ctx, email, 'sign_in_link')) } },
  );
  expect(res.status).toBe(200);
  client.token = res.body.token;
  expect(res.body.password_reset?.token).toBeTruthy();
  return { client, ticket: res.body.password_reset!.token, expiresAt: res.body.password_reset!.expires_at };
}

const setPassword = (client: Client, body: Record<string, unknown>) =>
  client.request('POST', ACCOUNT_API_PATHS.password, {
    body: { password1: NEW_PASSWORD, password2: NEW_PASSWORD, ...body },
  });

describe('password recovery: a new password with the link', () => {
  it('sets a new password without the old one; the old one stops working', async () => {
    const { email } = await signUp(ctx);
    const { client, ticket, expiresAt } = await recover(email);
    expect(Date.parse(expiresAt) - ctx.clock.now).toBe(PASSWORD_RESET_TICKET_TTL_SECONDS * 1000);
    expect((await setPassword(client, { reset_token: ticket })).status).toBe(204);
    expect((await signIn(ctx, email, NEW_PASSWORD)).res.status).toBe(200);
    expect((await signIn(ctx, email, PASSWORD)).res.status).toBe(401);
    // Used once: the same ticket again is refused.
    const again = await setPassword(client, { reset_token: ticket });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ code: 'RESET_TICKET_INVALID', field: 'reset_token' });
  });

  it('refuses the ticket in another session, after 30 minutes, forged, or with neither ticket nor password', async () => {
    const { email } = await signUp(ctx);
    const { client, ticket } = await recover(email);
    const other = (await signIn(ctx, email)).client;
    expect((await setPassword(other, { reset_token: ticket })).body).toMatchObject({
      code: 'RESET_TICKET_INVALID',
    });
    const forged = `${ticket.split('.')[0]}.${'A'.repeat(43)}`;
    expect((await setPassword(client, { reset_token: forged })).body).toMatchObject({
      code: 'RESET_TICKET_INVALID',
    });
    const none = await setPassword(client, {});
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'current_password' });
    ctx.clock.advance(PASSWORD_RESET_TICKET_TTL_SECONDS);
    const late = await setPassword(client, { reset_token: ticket });
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: 'RESET_TICKET_INVALID', field: 'reset_token' });
    expect(String(late.body.message)).toMatch(/ask for a new link/);
    // The current password still works as before.
    expect((await setPassword(client, { current_password: PASSWORD })).status).toBe(204);
  });

  it('changes the password once for a parallel burst with one ticket', async () => {
    const { email } = await signUp(ctx);
    const { client, ticket } = await recover(email);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        client.request('POST', ACCOUNT_API_PATHS.password, {
          body: { reset_token: ticket, password1: `${NEW_PASSWORD}-${i}`, password2: `${NEW_PASSWORD}-${i}` },
        }),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses).toEqual([204, 400, 400, 400, 400, 400]);
    const winner = burst.findIndex((r) => r.status === 204);
    expect((await signIn(ctx, email, `${NEW_PASSWORD}-${winner}`)).res.status).toBe(200);
  });
});
