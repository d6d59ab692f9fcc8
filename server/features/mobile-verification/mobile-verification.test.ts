/**
 * Mobile verification end to end through the API, on PGlite and (TEST_DATABASE_URL) PostgreSQL:
 * pending accounts where the property is on, every error of spec section 8, the code rules
 * (hashed, 10 minutes, limited attempts), the per-day limits under parallel bursts and requests
 * sent while earlier ones are in flight, one success out of a burst of right codes, the 403 every
 * other route answers a pending account, and bad input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import {
  MOBILE_CODE_MAX_ATTEMPTS,
  MOBILE_VERIFICATION_API_PATHS as PATHS,
  MOBILE_VERIFICATION_ERROR_CODES as CODES,
} from '../../../src/contract/mobile-verification.ts';
import { WALLET_API_PATHS } from '../../../src/contract/wallet.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';

const PER_ACCOUNT = 5;
const PER_PHONE = 6;

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext(
    {
      SIGN_UPS_PER_ADDRESS_PER_HOUR: '100000',
      MOBILE_CODES_PER_ACCOUNT_PER_DAY: String(PER_ACCOUNT),
      MOBILE_CODES_PER_PHONE_PER_DAY: String(PER_PHONE),
    },
    { seedDemo: false },
  );
  await setProperty(true);
});
afterAll(async () => ctx?.close());

const setProperty = (on: boolean) =>
  ctx.db.query("UPDATE named_properties SET value = $1 WHERE key = 'mobile_verification_enabled'", [
    String(on),
  ]);

let phoneCounter = 0;
/** A fresh valid US number: (312) 555-xxxx. */
const newPhone = (): string => `(312) 555-${String(1000 + ++phoneCounter).padStart(4, '0')}`;
const digitsOf = (formatted: string): string => formatted.replace(/\D/g, '');

interface Player {
  client: Client;
  id: string;
}

async function join(overrides: Record<string, unknown> = {}): Promise<Player> {
  const client = new Client(ctx);
  const res = await client.request<{ token: string; user: { id: string; account_state: string } }>(
    'POST',
    API_PATHS.users,
    { body: signUpPayload(overrides) },
  );
  expect(res.status).toBe(201);
  client.token = res.body.token;
  return { client, id: res.body.user.id };
}

const send = (p: Player, phone: string, resend?: boolean) =>
  p.client.request('POST', PATHS.sendCode, { body: resend === undefined ? { phone } : { phone, resend } });
const verify = (p: Player, phone: string, code: string) =>
  p.client.request('POST', PATHS.verifyCode, { body: { phone, code } });

/** The code of the newest text sent to `phone`, read from the SMS sandbox's outbox. */
async function lastCode(phone: string): Promise<string> {
  const rows = await ctx.db.query<{ body_text: string }>(
    "SELECT body_text FROM outbox WHERE kind = 'sms' AND to_address = $1 ORDER BY id DESC LIMIT 1",
    [digitsOf(phone)],
  );
  const code = /\b(\d{6})\b/.exec(rows[0]?.body_text ?? '')?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

const wrongOf = (code: string): string => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function verified(overrides: Record<string, unknown> = {}): Promise<{ player: Player; phone: string }> {
  const player = await join(overrides);
  const phone = newPhone();
  expect((await send(player, phone)).status).toBe(200);
  expect((await verify(player, phone, await lastCode(phone))).status).toBe(200);
  return { player, phone };
}

/** Starts `n` calls one after another, each while the earlier ones are still in flight. */
async function staggered<T>(n: number, call: (i: number) => Promise<T>): Promise<T[]> {
  const started: Promise<T>[] = [];
  for (let i = 0; i < n; i++) {
    started.push(call(i));
    await new Promise((r) => setTimeout(r, 2));
  }
  return Promise.all(started);
}

describe('account creation and the pending rule', () => {
  it('with the property off, a new account is active and has nothing to verify', async () => {
    await setProperty(false);
    try {
      const p = await join();
      const me = await p.client.request('GET', API_PATHS.me);
      expect(me.body).toMatchObject({ account_state: 'active', mobile_verified: false });
      const res = await send(p, newPhone());
      expect(res.status).toBe(409);
      expect(res.body).toMatchObject({ code: CODES.MOBILE_NOT_PENDING });
    } finally {
      await setProperty(true);
    }
  });

  it('with the property on, a new account is pending: it reads itself, every other route answers 403', async () => {
    const p = await join();
    const me = await p.client.request('GET', API_PATHS.me);
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({ account_state: 'pending_mobile_verification', mobile_verified: false });
    for (const [method, path, body] of [
      ['GET', API_PATHS.balances, undefined],
      ['GET', WALLET_API_PATHS.goldTransactions, undefined],
      ['GET', WALLET_API_PATHS.purchaseLimits, undefined],
      ['PATCH', API_PATHS.me, { first_name: 'Pat' }],
      ['PATCH', API_PATHS.userData, { key: 'k', value: 1 }],
    ] as const) {
      const res = await p.client.request(method, path, body === undefined ? {} : { body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body, `${method} ${path}`).toMatchObject({
        code: CODES.MOBILE_VERIFICATION_REQUIRED,
        message: expect.any(String),
      });
    }
    // Public calls and sign-out still work.
    expect((await p.client.request('GET', API_PATHS.properties)).status).toBe(200);
    expect((await p.client.request('POST', API_PATHS.logout)).status).toBeLessThan(300);
    expect((await p.client.request('GET', API_PATHS.me)).status).toBe(401);
  });

  it('turning the property off lets pending accounts through; on again, they are held again', async () => {
    const p = await join();
    expect((await p.client.request('GET', API_PATHS.balances)).status).toBe(403);
    await setProperty(false);
    try {
      expect((await p.client.request('GET', API_PATHS.balances)).status).toBe(200);
    } finally {
      await setProperty(true);
    }
    expect((await p.client.request('GET', API_PATHS.balances)).status).toBe(403);
  });

  it('an active player still reads the balance with one statement', async () => {
    const { player } = await verified();
    await player.client.request('GET', API_PATHS.balances);
    const seen: string[] = [];
    const db = ctx.deps.db;
    const query = db.query.bind(db);
    db.query = ((sql: string, params?: readonly unknown[]) => {
      seen.push(sql);
      return query(sql, params);
    }) as typeof db.query;
    let status = 0;
    try {
      status = (await player.client.request('GET', API_PATHS.balances)).status;
    } finally {
      db.query = query;
    }
    expect(status).toBe(200);
    expect(seen).toHaveLength(1);
  });
});

describe('send code and verify', () => {
  it('texts a 6-digit code through the SMS sandbox, stores only its hash, and verifies the account', async () => {
    const p = await join();
    const phone = newPhone();
    const sent = await send(p, phone);
    expect(sent.status).toBe(200);
    expect(sent.body).toMatchObject({ phone: digitsOf(phone), codes_left_today: PER_ACCOUNT - 1 });
    const ttl = Date.parse(String(sent.body.expires_at)) - Date.parse(String(sent.body.sent_at));
    expect(ttl).toBe(10 * 60_000);

    const code = await lastCode(phone);
    const outbox = await ctx.db.query<{ subject: string; body_text: string }>(
      "SELECT subject, body_text FROM outbox WHERE kind = 'sms' AND to_address = $1",
      [digitsOf(phone)],
    );
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.subject).toBe('mobile_verification_code');
    const rows = await ctx.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM phone_verification_codes WHERE user_id = $1',
      [p.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]?.code_hash).not.toContain(code);

    const wrong = await verify(p, phone, wrongOf(code));
    expect(wrong.status).toBe(400);
    expect(wrong.body).toMatchObject({
      code: CODES.MOBILE_WRONG_CODE,
      field: 'code',
      extra: { attempts_left: MOBILE_CODE_MAX_ATTEMPTS - 1 },
    });

    const ok = await verify(p, phone, code);
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({ verified: true, phone: digitsOf(phone) });
    const me = await p.client.request('GET', API_PATHS.me);
    expect(me.body).toMatchObject({ account_state: 'active', mobile_verified: true, phone: digitsOf(phone) });
    expect((await p.client.request('GET', API_PATHS.balances)).status).toBe(200);
    // Verified once: the calls now refuse it.
    expect((await verify(p, phone, code)).body).toMatchObject({ code: CODES.MOBILE_NOT_PENDING });
    expect((await send(p, newPhone())).body).toMatchObject({ code: CODES.MOBILE_NOT_PENDING });
  });

  it("same number ('same'): a live code to this number is not sent again unless resend is asked", async () => {
    const p = await join();
    const phone = newPhone();
    expect((await send(p, phone)).status).toBe(200);
    const first = await lastCode(phone);
    const same = await send(p, digitsOf(phone)); // the same number, written differently
    expect(same.status).toBe(409);
    expect(same.body).toMatchObject({
      code: CODES.MOBILE_SAME_NUMBER,
      field: 'phone',
      extra: { sent_at: expect.any(String), expires_at: expect.any(String) },
    });
    const resent = await send(p, phone, true);
    expect(resent.status).toBe(200);
    const second = await lastCode(phone);
    // Only the newest code counts.
    if (second !== first) expect((await verify(p, phone, first)).status).toBe(400);
    expect((await verify(p, phone, second)).status).toBe(200);
  });

  it('another number while a code is live is sent, and the code is bound to its number', async () => {
    const p = await join();
    const a = newPhone();
    const b = newPhone();
    expect((await send(p, a)).status).toBe(200);
    const codeA = await lastCode(a);
    expect((await send(p, b)).status).toBe(200);
    const res = await verify(p, a, codeA);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: CODES.MOBILE_CODE_EXPIRED, field: 'code' });
    expect((await verify(p, b, await lastCode(b))).status).toBe(200);
  });

  it('a code expires after 10 minutes; a new one may then be sent without resend', async () => {
    const p = await join();
    const phone = newPhone();
    expect((await send(p, phone)).status).toBe(200);
    const code = await lastCode(phone);
    ctx.clock.advance(10 * 60 + 1);
    const late = await verify(p, phone, code);
    expect(late.status).toBe(400);
    expect(late.body).toMatchObject({ code: CODES.MOBILE_CODE_EXPIRED });
    expect((await send(p, phone)).status).toBe(200);
    expect((await verify(p, phone, await lastCode(phone))).status).toBe(200);
  });

  it(`wrong codes: ${MOBILE_CODE_MAX_ATTEMPTS} tries, then the code is dead even for the right digits`, async () => {
    const p = await join();
    const phone = newPhone();
    await send(p, phone);
    const code = await lastCode(phone);
    for (let left = MOBILE_CODE_MAX_ATTEMPTS - 1; left >= 0; left--) {
      const res = await verify(p, phone, wrongOf(code));
      expect(res.body).toMatchObject({ code: CODES.MOBILE_WRONG_CODE, extra: { attempts_left: left } });
    }
    expect((await verify(p, phone, code)).body).toMatchObject({ code: CODES.MOBILE_CODE_EXPIRED });
    expect((await p.client.request('GET', API_PATHS.me)).body).toMatchObject({
      account_state: 'pending_mobile_verification',
    });
  });

  it('a parallel burst of wrong codes counts every attempt exactly once', async () => {
    const p = await join();
    const phone = newPhone();
    await send(p, phone);
    const wrong = wrongOf(await lastCode(phone));
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(p, phone, wrong)));
    const left = answers
      .filter((a) => a.body.code === CODES.MOBILE_WRONG_CODE)
      .map((a) => (a.body.extra as { attempts_left: number }).attempts_left)
      .sort();
    expect(left).toEqual([0, 1, 2, 3, 4]);
    expect(answers.filter((a) => a.body.code === CODES.MOBILE_CODE_EXPIRED)).toHaveLength(5);
  });

  it('a parallel burst of verify calls with the right code: one success', async () => {
    const p = await join();
    const phone = newPhone();
    await send(p, phone);
    const code = await lastCode(phone);
    const answers = await Promise.all(Array.from({ length: 10 }, () => verify(p, phone, code)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toMatchObject({ code: CODES.MOBILE_NOT_PENDING });
    const rows = await ctx.db.query('SELECT 1 FROM verified_phones WHERE user_id = $1', [p.id]);
    expect(rows).toHaveLength(1);
  });
});

describe('numbers already verified on another account', () => {
  it('duplicate number: verified on another active account of someone else', async () => {
    const { phone } = await verified();
    const other = await join({ birth_year: 1979, birth_month: 11, birth_day: 2 });
    const res = await send(other, phone);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: CODES.MOBILE_DUPLICATE_NUMBER, field: 'phone' });
  });

  it('duplicate account (EXISTING ACCOUNT DETECTED): verified on an account with the same birth date', async () => {
    const { phone } = await verified({ birth_year: 1990, birth_month: 6, birth_day: 9 });
    const again = await join({ birth_year: 1990, birth_month: 6, birth_day: 9 });
    const res = await send(again, phone);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: CODES.MOBILE_DUPLICATE_ACCOUNT });
  });

  it('closed account (EXISTING ACCOUNT ALERT): verified on an account that was closed', async () => {
    const { player, phone } = await verified();
    await ctx.db.query("UPDATE users SET account_state = 'closed' WHERE id = $1", [player.id]);
    const next = await join({ birth_year: 1970, birth_month: 1, birth_day: 20 });
    const res = await send(next, phone);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: CODES.MOBILE_CLOSED_ACCOUNT });
  });

  it('two accounts with codes to one number: the second to verify is refused, nothing half-done', async () => {
    const a = await join({ birth_year: 1981, birth_month: 2, birth_day: 3 });
    const b = await join({ birth_year: 1982, birth_month: 4, birth_day: 5 });
    const phone = newPhone();
    await send(a, phone);
    const codeA = await lastCode(phone);
    await send(b, phone);
    const codeB = await lastCode(phone);
    expect((await verify(b, phone, codeB)).status).toBe(200);
    const res = await verify(a, phone, codeA);
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ code: CODES.MOBILE_DUPLICATE_NUMBER });
    expect((await a.client.request('GET', API_PATHS.me)).body).toMatchObject({
      account_state: 'pending_mobile_verification',
      mobile_verified: false,
    });
  });

  it('two accounts verifying one number at the same moment: exactly one wins', async () => {
    const players = await Promise.all(
      Array.from({ length: 4 }, (_, i) => join({ birth_year: 1960 + i, birth_month: 7, birth_day: 7 })),
    );
    const phone = newPhone();
    const codes: string[] = [];
    for (const p of players) {
      await send(p, phone);
      codes.push(await lastCode(phone));
    }
    const answers = await Promise.all(players.map((p, i) => verify(p, phone, codes[i]!)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toMatchObject({ code: CODES.MOBILE_DUPLICATE_NUMBER });
  });
});

describe("too many codes today ('frequency')", () => {
  it(`per account: ${PER_ACCOUNT} codes in 24 hours, then 429 until the first is a day old`, async () => {
    const p = await join();
    for (let i = 0; i < PER_ACCOUNT; i++) expect((await send(p, newPhone())).status).toBe(200);
    const res = await send(p, newPhone());
    expect(res.status).toBe(429);
    expect(res.body).toMatchObject({
      code: CODES.MOBILE_TOO_MANY_CODES,
      extra: { limit: PER_ACCOUNT, retry_at: expect.any(String), scope: 'account' },
    });
    expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
    ctx.clock.advance(24 * 3600 + 1);
    expect((await send(p, newPhone())).status).toBe(200);
  });

  it('per account, a parallel burst: exactly the limit is sent', async () => {
    const p = await join();
    const answers = await Promise.all(Array.from({ length: 12 }, () => send(p, newPhone())));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_ACCOUNT);
    expect(answers.filter((a) => a.body.code === CODES.MOBILE_TOO_MANY_CODES)).toHaveLength(12 - PER_ACCOUNT);
    const rows = await ctx.db.query('SELECT 1 FROM phone_verification_codes WHERE user_id = $1', [p.id]);
    expect(rows).toHaveLength(PER_ACCOUNT);
  });

  it('per account, requests sent while earlier ones are in flight: exactly the limit is sent', async () => {
    const p = await join();
    const phone = newPhone();
    const answers = await staggered(10, () => send(p, phone, true));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_ACCOUNT);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(10 - PER_ACCOUNT);
  });

  it(`per number, across accounts in a parallel burst: ${PER_PHONE} codes in 24 hours`, async () => {
    const players = await Promise.all(Array.from({ length: PER_PHONE + 3 }, () => join()));
    const phone = newPhone();
    const answers = await Promise.all(players.map((p) => send(p, phone)));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_PHONE);
    for (const a of answers.filter((x) => x.status !== 200))
      expect(a.body).toMatchObject({ code: CODES.MOBILE_TOO_MANY_CODES, extra: { scope: 'phone' } });
    const rows = await ctx.db.query('SELECT 1 FROM phone_verification_codes WHERE phone = $1', [
      digitsOf(phone),
    ]);
    expect(rows).toHaveLength(PER_PHONE);
  });

  it('per number, across accounts sent while earlier ones are in flight', async () => {
    const players = await Promise.all(Array.from({ length: PER_PHONE + 2 }, () => join()));
    const phone = newPhone();
    const answers = await staggered(players.length, (i) => send(players[i]!, phone));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(PER_PHONE);
    expect(answers.filter((a) => a.status === 429)).toHaveLength(2);
  });
});

describe('unexpected errors and bad input', () => {
  it('the SMS provider refusing the message answers 502 MOBILE_SMS_FAILED; resend then works', async () => {
    let fail = true;
    const local = await createTestContext(
      {},
      {
        seedDemo: false,
        providers: {
          sms: { send: () => (fail ? Promise.reject(new Error('gateway down')) : Promise.resolve()) },
        },
      },
    );
    try {
      await local.db.query(
        "UPDATE named_properties SET value = 'true' WHERE key = 'mobile_verification_enabled'",
      );
      const client = new Client(local);
      const joined = await client.request<{ token: string }>('POST', API_PATHS.users, {
        body: signUpPayload(),
      });
      client.token = joined.body.token;
      const phone = newPhone();
      const res = await client.request('POST', PATHS.sendCode, { body: { phone } });
      expect(res.status).toBe(502);
      expect(res.body).toMatchObject({ code: CODES.MOBILE_SMS_FAILED, message: expect.any(String) });
      fail = false;
      const again = await client.request('POST', PATHS.sendCode, { body: { phone, resend: true } });
      expect(again.status).toBe(200);
    } finally {
      await local.close();
    }
  });

  it('signed out: 401', async () => {
    const client = new Client(ctx);
    expect((await client.request('POST', PATHS.sendCode, { body: { phone: newPhone() } })).status).toBe(401);
    expect(
      (await client.request('POST', PATHS.verifyCode, { body: { phone: newPhone(), code: '123456' } }))
        .status,
    ).toBe(401);
  });

  it('malformed, huge, NUL and wrong-typed input answer 4xx with the error shape, never 5xx', async () => {
    const p = await join();
    const cases: Array<{ path: string; body?: unknown; rawBody?: string }> = [
      { path: PATHS.sendCode, rawBody: '{"phone":' },
      { path: PATHS.sendCode, rawBody: 'null' },
      { path: PATHS.sendCode, body: [] },
      { path: PATHS.sendCode, body: {} },
      { path: PATHS.sendCode, body: { phone: 3125550100 } },
      { path: PATHS.sendCode, body: { phone: '(312) 555-0100', resend: 'yes' } },
      { path: PATHS.sendCode, body: { phone: '(312) 555-0100', extra: 1 } },
      { path: PATHS.sendCode, body: { phone: '312555\u00000100' } },
      { path: PATHS.sendCode, body: { phone: '(123) 456-7890' } },
      { path: PATHS.sendCode, body: { phone: '555-0100' } },
      { path: PATHS.sendCode, body: { phone: '2125550100999' } },
      { path: PATHS.sendCode, body: { phone: '٣١٢٥٥٥٠١٠٠' } },
      { path: PATHS.sendCode, body: { phone: '9'.repeat(100_000) } },
      { path: PATHS.sendCode, rawBody: `{"phone":"${'1'.repeat(70_000)}"}` },
      { path: PATHS.verifyCode, body: { phone: '(312) 555-0100' } },
      { path: PATHS.verifyCode, body: { phone: '(312) 555-0100', code: 123456 } },
      { path: PATHS.verifyCode, body: { phone: '(312) 555-0100', code: '12345' } },
      { path: PATHS.verifyCode, body: { phone: '(312) 555-0100', code: '12a456' } },
      { path: PATHS.verifyCode, body: { phone: '(312) 555-0100', code: '123\u0000456' } },
      { path: PATHS.verifyCode, body: { phone: '(312) 555-0100', code: '1'.repeat(5000) } },
      { path: PATHS.verifyCode, body: { phone: 'x', code: '123456' } },
    ];
    for (const c of cases) {
      const res = await p.client.request(
        'POST',
        c.path,
        c.rawBody
          ? { rawBody: c.rawBody, headers: { 'Content-Type': 'application/json' } }
          : { body: c.body },
      );
      const where = `${c.path} ${JSON.stringify(c.body ?? c.rawBody)?.slice(0, 60)}`;
      expect(res.status, where).toBeGreaterThanOrEqual(400);
      expect(res.status, where).toBeLessThan(500);
      expect(res.body, where).toMatchObject({ code: expect.any(String), message: expect.any(String) });
      expect(res.body, where).toHaveProperty('field');
    }
    const invalid = await send(p, '(123) 456-7890');
    expect(invalid.body).toMatchObject({ code: CODES.MOBILE_INVALID_PHONE, field: 'phone' });
    // Nothing was sent for any of them.
    expect(
      await ctx.db.query('SELECT 1 FROM phone_verification_codes WHERE user_id = $1', [p.id]),
    ).toHaveLength(0);
  });
});
