/**
 * Communication preferences API: signed in, from a marketing mail's signed link (no sign-in),
 * one-click unsubscribe from a mail client, and the operator's marketing mail respecting them.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMMUNICATION_PREFERENCES_PATHS,
  type CommunicationPreferences,
  type LinkedPreferences,
  type MarketingMailingResult,
} from '../../../src/contract/communication-preferences.ts';
import { API_PREFIX } from '../../../src/contract/api-paths.ts';
import { OPERATOR_API_PATHS } from '../../../src/contract/operator.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signedInOperator, type OperatorClient } from '../../test-support/operator-test-support.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';

let ctx: TestContext;
let operator: OperatorClient;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
  operator = (await signedInOperator(ctx)).client;
});
afterAll(async () => ctx?.close());

type ErrorBody = { code: string; field: string | null };

const mine = (client: Client) =>
  client.request<CommunicationPreferences>('GET', COMMUNICATION_PREFERENCES_PATHS.mine);

async function emailOf(userId: string): Promise<string> {
  const rows = await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]);
  return rows[0]!.email;
}

/** Sends a marketing mail through the operator console and answers the result. */
async function mailing(category: 'promotions' | 'news', subject: string): Promise<MarketingMailingResult> {
  const res = await operator.request<MarketingMailingResult>('POST', OPERATOR_API_PATHS.marketingMailings, {
    body: { category, subject, body_text: 'Double coins this weekend on every package.' },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body;
}

/** The last mail to an address with a subject, and the preferences link in its text. */
async function mailTo(
  address: string,
  subject: string,
): Promise<{ text: string; u: string; t: string; file: string }> {
  const rows = await ctx.db.query<{ body_text: string; file_name: string }>(
    'SELECT body_text, file_name FROM outbox WHERE to_address = $1 AND subject = $2 ORDER BY id DESC LIMIT 1',
    [address, subject],
  );
  const row = rows[0];
  if (!row) throw new Error(`no mail "${subject}" to ${address}`);
  const link = /\/update-communication-preferences\?u=([^&\s]+)&t=([A-Za-z0-9_-]+)/.exec(row.body_text);
  if (!link) throw new Error('no preferences link in the mail');
  return { text: row.body_text, u: decodeURIComponent(link[1]!), t: link[2]!, file: row.file_name };
}

async function received(address: string, subject: string): Promise<boolean> {
  const rows = await ctx.db.query('SELECT 1 FROM outbox WHERE to_address = $1 AND subject = $2', [
    address,
    subject,
  ]);
  return rows.length > 0;
}

describe('signed in', () => {
  it('starts with both categories on, changes one at a time, and needs a sign-in', async () => {
    const { client } = await signUpPlayer(ctx);
    expect((await mine(client)).body).toEqual({ promotions_email: true, news_email: true });
    const put = await client.request<CommunicationPreferences>('PUT', COMMUNICATION_PREFERENCES_PATHS.mine, {
      body: { news_email: false },
    });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ promotions_email: true, news_email: false });
    expect(put.body.updated_at).toEqual(expect.any(String));
    expect((await mine(client)).body).toMatchObject({ promotions_email: true, news_email: false });
    expect((await new Client(ctx).request('GET', COMMUNICATION_PREFERENCES_PATHS.mine)).status).toBe(401);
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const { client } = await signUpPlayer(ctx);
    for (const body of [{ news_email: 'no' }, { news_email: null }, { extra: true }, [], 'x']) {
      const res = await client.request<ErrorBody>('PUT', COMMUNICATION_PREFERENCES_PATHS.mine, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await mine(client)).body).toEqual({ promotions_email: true, news_email: true });
  });

  it('a burst of changes at once all answer and leave one consistent row', async () => {
    const { id, client } = await signUpPlayer(ctx);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        client.request('PUT', COMMUNICATION_PREFERENCES_PATHS.mine, {
          body: { promotions_email: i % 2 === 0 },
        }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    const rows = await ctx.db.query('SELECT * FROM communication_preferences WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(1);
  });
});

describe('marketing mail and its link', () => {
  it('reaches players who want the category, with the signed link and List-Unsubscribe headers', async () => {
    const a = await signUpPlayer(ctx);
    const b = await signUpPlayer(ctx);
    await b.client.request('PUT', COMMUNICATION_PREFERENCES_PATHS.mine, {
      body: { promotions_email: false },
    });
    const result = await mailing('promotions', 'Weekend offer 1');
    expect(result.sent).toBeGreaterThanOrEqual(1);
    expect(await received(await emailOf(a.id), 'Weekend offer 1')).toBe(true);
    expect(await received(await emailOf(b.id), 'Weekend offer 1')).toBe(false);

    const mail = await mailTo(await emailOf(a.id), 'Weekend offer 1');
    expect(mail.u).toBe(a.id);
    const eml = readFileSync(path.join(ctx.dataDir, 'outbox', mail.file), 'utf8');
    expect(eml).toMatch(
      /^List-Unsubscribe: <http[^>]+\/api\/v1\/communication-preferences\/one-click\?u=[^>]+>, <http[^>]+>\r$/m,
    );
    expect(eml).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it('the link opens the preferences without signing in and one click unsubscribes; later mail skips the player', async () => {
    const a = await signUpPlayer(ctx);
    const address = await emailOf(a.id);
    await mailing('news', 'New games 1');
    const mail = await mailTo(address, 'New games 1');
    const visitor = new Client(ctx);
    const q = `?u=${encodeURIComponent(mail.u)}&t=${mail.t}`;
    const opened = await visitor.request<LinkedPreferences>(
      'GET',
      `${COMMUNICATION_PREFERENCES_PATHS.link}${q}`,
    );
    expect(opened.status).toBe(200);
    expect(opened.body).toMatchObject({ promotions_email: true, news_email: true });
    expect(opened.body.email_masked).not.toBe(address);
    expect(opened.body.email_masked).toMatch(/\*/);

    const off = await visitor.request<LinkedPreferences>('PUT', COMMUNICATION_PREFERENCES_PATHS.linkUpdate, {
      body: { u: mail.u, t: mail.t, promotions_email: false, news_email: false },
    });
    expect(off.status).toBe(200);
    expect(off.body).toMatchObject({ promotions_email: false, news_email: false });
    expect((await mine(a.client)).body).toMatchObject({ promotions_email: false, news_email: false });

    await mailing('news', 'New games 2');
    await mailing('promotions', 'Weekend offer 2');
    expect(await received(address, 'New games 2')).toBe(false);
    expect(await received(address, 'Weekend offer 2')).toBe(false);
  });

  it("a mail client's one-click unsubscribe needs no cookie or CSRF token", async () => {
    const a = await signUpPlayer(ctx);
    await mailing('promotions', 'Weekend offer 3');
    const mail = await mailTo(await emailOf(a.id), 'Weekend offer 3');
    const res = await ctx.app.request(
      `${API_PREFIX}${COMMUNICATION_PREFERENCES_PATHS.oneClick}?u=${mail.u}&t=${mail.t}`,
      {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      },
    );
    expect(res.status).toBe(200);
    expect((await mine(a.client)).body).toMatchObject({ promotions_email: false, news_email: false });
  });

  it("refuses an altered link, another player's id under a signature, and malformed parts, never 5xx", async () => {
    const a = await signUpPlayer(ctx);
    const b = await signUpPlayer(ctx);
    await mailing('promotions', 'Weekend offer 4');
    const mail = await mailTo(await emailOf(a.id), 'Weekend offer 4');
    const flipped = `${mail.t.slice(0, -1)}${mail.t.endsWith('A') ? 'B' : 'A'}`;
    const visitor = new Client(ctx);
    const bad: [string, string][] = [
      [mail.u, flipped],
      [b.id, mail.t],
      ['not-a-uuid', mail.t],
      [mail.u, ''],
      [mail.u, 'x'.repeat(5000)],
      [`${mail.u}\u0000`, mail.t],
      [mail.u, `${mail.t.slice(0, 42)}\u0000`],
      ['00000000-0000-0000-0000-000000000000', mail.t],
    ];
    for (const [u, t] of bad) {
      const get = await visitor.request<ErrorBody>(
        'GET',
        `${COMMUNICATION_PREFERENCES_PATHS.link}?u=${encodeURIComponent(u)}&t=${encodeURIComponent(t)}`,
      );
      expect(get.status, `${u} ${t}`).toBe(400);
      // A NUL is refused at the URL edge (VALIDATION_ERROR) before the link is looked at.
      expect(['PREFERENCES_LINK_INVALID', 'VALIDATION_ERROR']).toContain(get.body.code);
      const put = await visitor.request<ErrorBody>('PUT', COMMUNICATION_PREFERENCES_PATHS.linkUpdate, {
        body: { u, t, promotions_email: false },
      });
      expect(put.status).toBeGreaterThanOrEqual(400);
      expect(put.status).toBeLessThan(500);
      const click = await ctx.app.request(
        `${API_PREFIX}${COMMUNICATION_PREFERENCES_PATHS.oneClick}?u=${encodeURIComponent(u)}&t=${encodeURIComponent(t)}`,
        { method: 'POST' },
      );
      expect(click.status).toBe(400);
    }
    expect((await mine(a.client)).body).toMatchObject({ promotions_email: true });
    expect((await mine(b.client)).body).toMatchObject({ promotions_email: true });
  });

  it('leaves out players on a break or self-excluded, and closed accounts', async () => {
    const resting = await signUpPlayer(ctx);
    const closed = await signUpPlayer(ctx);
    const until = new Date(ctx.clock.now + 48 * 3600_000).toISOString();
    await ctx.db.query(
      `UPDATE users SET play_restriction = 'break', play_restricted_until = $2 WHERE id = $1`,
      [resting.id, until],
    );
    await ctx.db.query(`UPDATE users SET account_state = 'closed' WHERE id = $1`, [closed.id]);
    const result = await mailing('promotions', 'Weekend offer 5');
    expect(result.skipped).toBeGreaterThanOrEqual(2);
    expect(await received(await emailOf(resting.id), 'Weekend offer 5')).toBe(false);
    expect(await received(await emailOf(closed.id), 'Weekend offer 5')).toBe(false);
  });

  it('the operator call validates its body and is audited', async () => {
    for (const body of [
      {},
      { category: 'casino', subject: 's', body_text: 'b' },
      { category: 'news', subject: '', body_text: 'b' },
      { category: 'news', subject: 's'.repeat(151), body_text: 'b' },
    ]) {
      const res = await operator.request('POST', OPERATOR_API_PATHS.marketingMailings, { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const result = await mailing('news', 'New games audited');
    const rows = await ctx.db.query<{ after: { sent: number } }>(
      `SELECT after FROM operator_audit WHERE action = 'marketing_mailing_sent' AND subject = $1`,
      [`mailing:${result.mailing_id}`],
    );
    expect(rows).toHaveLength(1);
    // A player's session is no operator credential.
    const player = await signUpPlayer(ctx);
    const refused = await player.client.request('POST', OPERATOR_API_PATHS.marketingMailings, {
      body: { category: 'news', subject: 's', body_text: 'b' },
    });
    expect([401, 403]).toContain(refused.status);
  });
});
