/**
 * The SMTP transport against a real SMTP server started here (smtp-server): mails of the product
 * (password recovery, email change) reach it after their transaction, a relay that is down or
 * answers 4xx is tried again later, a 5xx gives up, and no mail is sent twice, even by two senders
 * working the same queue at once.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_API_PATHS } from '../../../src/contract/account.ts';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { createLogger } from '../../platform/logger.ts';
import { PASSWORD, signUp, tokenIn } from '../../test-support/account-test-helpers.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../test-support/smtp-test-server.ts';
import { OPERATOR_API_PATHS } from '../../../src/contract/operator.ts';
import { pendingRedemption, signedInOperator } from '../../test-support/operator-test-support.ts';
import { Client, createTestApp, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import {
  createSmtpEmail,
  retryDelayMs,
  smtpTransport,
  startSmtpDelivery,
  type SmtpDelivery,
} from './smtp-email.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const open: Array<{ close(): unknown } | SmtpDelivery> = [];
afterEach(async () => {
  for (const item of open.splice(0).reverse()) await ('stop' in item ? item.stop() : item.close());
});

async function relay(port = 0): Promise<TestSmtpServer> {
  const server = await startTestSmtpServer(port);
  open.push(server);
  return server;
}

/** The e-mail provider with a relay at `url`; the interval is long so only kicks and runOnce send. */
function smtpMail(url: string) {
  const smtp = createSmtpEmail({
    db: ctx.db,
    transport: smtpTransport(url),
    now: () => ctx.clock.now,
    logger: createLogger('silent'),
    outboxDir: null,
    intervalMs: 3_600_000,
  });
  open.push(smtp.delivery);
  return smtp;
}

/** A free port: a server is started on it and closed again. */
async function freePort(): Promise<number> {
  const server = await startTestSmtpServer();
  const { port } = server;
  await server.close();
  return port;
}

let n = 0;
const address = () => `mail.test.${Date.now()}.${(n += 1)}@example.org`;

const stateOf = async (to: string) =>
  (
    await ctx.db.query<{ smtp_state: string; smtp_attempts: number; smtp_error: string | null }>(
      'SELECT smtp_state, smtp_attempts, smtp_error FROM outbox WHERE to_address = $1 ORDER BY id',
      [to],
    )
  ).map((r) => ({ state: r.smtp_state, attempts: r.smtp_attempts, error: r.smtp_error }));

describe('SMTP transport', () => {
  it('delivers a mail to the relay with its headers, and marks its outbox row sent', async () => {
    const server = await relay();
    const { email, delivery } = smtpMail(server.url);
    const to = address();
    await email.send({
      kind: 'marketing',
      to,
      subject: 'Weekend tournament',
      text: 'Join us this weekend.',
      unsubscribe: {
        pageUrl: 'https://play.example/unsub?t=1',
        oneClickUrl: 'https://play.example/api/one?t=1',
      },
    });
    await delivery.runOnce();
    const [mail] = await server.waitFor(1);
    expect(mail!.subject).toBe('Weekend tournament');
    expect(mail!.text?.trim()).toBe('Join us this weekend.');
    expect(mail!.to).toMatchObject({ value: [{ address: to }] });
    expect(mail!.from?.value[0]).toMatchObject({
      address: 'support@luckycrown.example',
      name: 'Lucky Crown',
    });
    expect(mail!.messageId).toMatch(/^<outbox-\d+@luckycrown\.example>$/);
    const lines = mail!.headerLines.map((h) => h.line.replace(/\r\n\s*/g, ' '));
    expect(lines).toContain(
      'List-Unsubscribe: <https://play.example/api/one?t=1>, <https://play.example/unsub?t=1>',
    );
    expect(lines).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(lines).toContain('X-Outbox-Kind: marketing');
    expect(await stateOf(to)).toEqual([{ state: 'sent', attempts: 1, error: null }]);
  });

  it('sends password recovery and email change mails through the relay, once each', async () => {
    const server = await relay();
    const { email } = smtpMail(server.url);
    const withSmtp = { ...ctx, deps: { ...ctx.deps, email }, app: createTestApp({ ...ctx.deps, email }) };
    const player = await signUp(withSmtp);

    const recovery = await new Client(withSmtp).request('POST', API_PATHS.passwordRecovery, {
      body: { email: player.email },
    });
    expect(recovery.status).toBe(202);
    // No runOnce: the send itself wakes the sender.
    const [recoveryMail] = await server.waitFor(1);
    expect(recoveryMail!.to).toMatchObject({ value: [{ address: player.email }] });
    expect(recoveryMail!.text).toMatch(/\/sign-in-link\?token=[\w-]+/);

    const newEmail = address();
    const change = await player.client.request('POST', ACCOUNT_API_PATHS.email, {
      body: { email: newEmail, current_password: PASSWORD },
    });
    expect(change.status).toBe(202);
    const mails = await server.waitFor(2);
    expect(mails[1]!.to).toMatchObject({ value: [{ address: newEmail }] });
    expect(tokenIn(mails[1]!.text ?? '')).toMatch(/^[\w-]{16,}$/);
    // Give the sender time to (wrongly) send again before counting.
    await new Promise((r) => setTimeout(r, 300));
    expect(server.mails).toHaveLength(2);
  });

  it('mails the player each redemption step an operator takes, through the relay, after it committed', async () => {
    const server = await relay();
    const { email } = smtpMail(server.url);
    const withSmtp = { ...ctx, deps: { ...ctx.deps, email }, app: createTestApp({ ...ctx.deps, email }) };
    const player = await signUpPlayer(withSmtp);
    const rows = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [player.id]);
    const to = rows[0]!.email;
    const op = await signedInOperator(withSmtp);
    const id = await pendingRedemption(withSmtp, player.id, 60_00);
    for (const action of ['approve', 'mark-sent', 'mark-paid'] as const) {
      const res = await op.client.request('POST', OPERATOR_API_PATHS.redemptionAction(id, action), {
        body: {},
      });
      expect(res.status).toBe(200);
    }
    // A refused step (already paid) mails nothing.
    const refused = await op.client.request('POST', OPERATOR_API_PATHS.redemptionAction(id, 'approve'), {
      body: {},
    });
    expect(refused.status).toBe(409);
    const toPlayer = () => server.mails.filter((m) => 'value' in m.to! && m.to.value[0]?.address === to);
    await expect.poll(() => toPlayer().length, { timeout: 10_000 }).toBe(3);
    await new Promise((r) => setTimeout(r, 300));
    const mails = toPlayer();
    expect(mails.map((m) => m.subject)).toEqual([
      'Your Lucky Crown redemption was approved',
      'Your Lucky Crown redemption is on its way',
      'Your Lucky Crown redemption was paid',
    ]);
    expect(mails[0]!.text).toMatch(/Your redemption of \$60\.00 by /);
  });

  it('keeps a mail while the relay is down and delivers it once the relay is back', async () => {
    const port = await freePort();
    const { email, delivery } = smtpMail(`smtp://127.0.0.1:${port}`);
    const to = address();
    await email.send({ kind: 'sign_in_link', to, subject: 'Your link', text: 'The link.' });

    expect(await delivery.runOnce()).toEqual({ sent: 0, retrying: 1, failed: 0 });
    const [down] = await stateOf(to);
    expect(down).toMatchObject({ state: 'pending', attempts: 1 });
    expect(down!.error).toMatch(/ECONNREFUSED|connect/i);

    const server = await relay(port);
    // Not due yet: the retry waits its pause.
    expect(await delivery.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    ctx.clock.advance(retryDelayMs(1) / 1000);
    expect(await delivery.runOnce()).toEqual({ sent: 1, retrying: 0, failed: 0 });
    const mails = await server.waitFor(1);
    expect(mails.map((m) => m.subject)).toEqual(['Your link']);
    expect(await stateOf(to)).toEqual([{ state: 'sent', attempts: 2, error: null }]);
    ctx.clock.advance(3600);
    await delivery.runOnce();
    expect(server.mails).toHaveLength(1);
  });

  it('tries a 4xx again later and gives a 5xx up', async () => {
    const server = await relay();
    const { email, delivery } = smtpMail(server.url);
    const later = address();
    server.refuse(451);
    await email.send({ kind: 'notice', to: later, subject: 'Later', text: 'x' });
    expect(await delivery.runOnce()).toMatchObject({ retrying: 1 });
    ctx.clock.advance(retryDelayMs(1) / 1000);
    expect(await delivery.runOnce()).toMatchObject({ sent: 1 });

    const unknown = address();
    server.refuse(550);
    await email.send({ kind: 'notice', to: unknown, subject: 'Never', text: 'x' });
    expect(await delivery.runOnce()).toMatchObject({ failed: 1 });
    ctx.clock.advance(86_400);
    expect(await delivery.runOnce()).toEqual({ sent: 0, retrying: 0, failed: 0 });
    expect((await stateOf(unknown))[0]).toMatchObject({ state: 'failed', attempts: 1 });
    expect(server.mails.map((m) => m.subject)).toEqual(['Later']);
  });

  it('sends each mail once when two senders and a burst of runs work the same queue', async () => {
    const server = await relay();
    const { email, delivery } = smtpMail(server.url);
    // A second server process on the same database.
    const other = startSmtpDelivery({
      db: ctx.db,
      transport: smtpTransport(server.url),
      now: () => ctx.clock.now,
      logger: createLogger('silent'),
      intervalMs: 3_600_000,
      batchSize: 2,
    });
    open.push(other);
    const recipients = Array.from({ length: 12 }, () => address());
    await Promise.all(
      recipients.map((to, i) => email.send({ kind: 'notice', to, subject: `Mail ${i}`, text: 'x' })),
    );
    await Promise.all(
      Array.from({ length: 6 }, (_, i) => ((i % 2 === 0 ? delivery : other) as SmtpDelivery).runOnce()),
    );
    await delivery.runOnce();
    await other.runOnce();
    await server.waitFor(12);
    await new Promise((r) => setTimeout(r, 300));
    const ids = server.mails.map((m) => m.messageId);
    expect(ids).toHaveLength(12);
    expect(new Set(ids).size).toBe(12);
    expect(server.mails.map((m) => m.subject).sort()).toEqual(recipients.map((_, i) => `Mail ${i}`).sort());
    for (const to of recipients)
      expect(await stateOf(to)).toEqual([{ state: 'sent', attempts: 1, error: null }]);
  });
});
