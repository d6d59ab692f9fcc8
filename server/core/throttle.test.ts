/**
 * Throttles under bursts: every attempt is counted before the password is checked (or the hash
 * or mail is made), so parallel requests, requests sent while earlier ones are in flight, and
 * requests spread over two app instances on one database never pass more than the limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPostgres } from '../db/postgres-driver.ts';
import type { Database } from '../db/driver.ts';
import {
  Client,
  createTestContext,
  signUpPayload,
  type TestContext,
  createTestApp,
} from '../test-support/test-app.ts';
import {
  LOGIN_ACCOUNTS_PER_CLIENT,
  LOGIN_PER_ACCOUNT,
  LOGIN_PER_ACCOUNT_AND_CLIENT,
  RECOVERY_PER_CLIENT,
  RECOVERY_PER_EMAIL,
  SIGN_UP_PER_CLIENT,
} from './throttle.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

let ipSeq = 0;
/** A client at a fresh address with its CSRF cookie already fetched (so a burst is only the attempts). */
async function clientAt(ip = `198.51.100.${++ipSeq}`, context = ctx): Promise<Client> {
  const client = new Client(context, ip);
  await client.request('GET', '/auth/csrf');
  return client;
}

async function newPlayer() {
  const payload = signUpPayload();
  const res = await (await clientAt(`192.0.2.${++ipSeq % 250}`)).request('POST', '/users', { body: payload });
  expect(res.status).toBe(201);
  return { email: String(payload.email), password: String(payload.password1) };
}

const login = (client: Client, email: string, password: string) =>
  client.request('POST', '/auth/login', { body: { email, password } });

const countOf = (statuses: number[], status: number) => statuses.filter((s) => s === status).length;
const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('sign-in throttling under bursts', () => {
  it('41 parallel attempts from one address: past the limit 429 with Retry-After; the right password inside the burst is refused', async () => {
    const p = await newPlayer();
    const client = await clientAt();
    const wrong = Array.from({ length: 40 }, (_, i) => login(client, p.email, `Wrong-Password-${i}`));
    await tick();
    // Sent while the 40 are in flight: already past the limit, so refused without a password check.
    const right = login(client, p.email, p.password);
    const answers = await Promise.all([...wrong, right]);
    const statuses = answers.map((a) => a.status);
    expect(countOf(statuses, 401)).toBe(LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
    expect(countOf(statuses, 429)).toBe(41 - LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
    expect(statuses.at(-1)).toBe(429);
    for (const a of answers.filter((x) => x.status === 429)) {
      const wait = Number(a.headers.get('Retry-After'));
      expect(wait).toBeGreaterThan(0);
      expect(a.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', extra: { retry_after_seconds: wait } });
    }
    // The owner at another address is not locked out by this burst.
    expect((await login(await clientAt(), p.email, p.password)).status).toBe(200);
  });

  it('a burst over 10 addresses stops at the account-wide ceiling; the owner still gets in by sign-in link', async () => {
    const p = await newPlayer();
    const clients = await Promise.all(Array.from({ length: 10 }, () => clientAt()));
    const answers = await Promise.all(
      clients.flatMap((client) =>
        Array.from({ length: 6 }, (_, i) => login(client, p.email, `Wrong-Password-${i}`)),
      ),
    );
    const statuses = answers.map((a) => a.status);
    expect(countOf(statuses, 401)).toBe(LOGIN_PER_ACCOUNT.limit);
    expect(countOf(statuses, 429)).toBe(60 - LOGIN_PER_ACCOUNT.limit);
    // The password path is closed for the account until the window ends...
    expect((await login(await clientAt(), p.email, p.password)).status).toBe(429);
    // ...but a sign-in link proves the mailbox and opens it again.
    await (await clientAt()).request('POST', '/auth/password-recovery', { body: { email: p.email } });
    const mail = await ctx.db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [p.email],
    );
    const token = /token=([\w-]+)/.exec(mail[0]!.body_text)![1]!;
    expect((await (await clientAt()).request('POST', '/auth/sign-in-link', { body: { token } })).status).toBe(
      200,
    );
    expect((await login(await clientAt(), p.email, p.password)).status).toBe(200);
  });

  it('attempts sent one after another while earlier ones are in flight never pass the limit', async () => {
    const p = await newPlayer();
    const client = await clientAt();
    const inFlight: Promise<{ status: number }>[] = [];
    for (let i = 0; i < 12; i++) {
      inFlight.push(login(client, p.email, `Wrong-Password-${i}`));
      await tick();
    }
    const statuses = (await Promise.all(inFlight)).map((a) => a.status);
    expect(countOf(statuses, 401)).toBe(LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
    expect(countOf(statuses, 429)).toBe(12 - LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
  });

  it("a stranger's parallel failures do not lock the owner out at the owner's address", async () => {
    const p = await newPlayer();
    const stranger = await clientAt();
    const owner = await clientAt();
    const [, , signedIn] = await Promise.all([
      Promise.all(Array.from({ length: 10 }, (_, i) => login(stranger, p.email, `Wrong-${i}-Password`))),
      tick(),
      login(owner, p.email, p.password),
    ]);
    expect(signedIn.status).toBe(200);
    expect((await login(stranger, p.email, p.password)).status).toBe(429);
  });

  it('counts an IPv6 client by its /64, however many of its addresses it uses', async () => {
    const p = await newPlayer();
    const clients = await Promise.all(
      Array.from({ length: 8 }, (_, i) => clientAt(`2001:db8:77:1:${i + 1}::${i + 9}`)),
    );
    const statuses = (
      await Promise.all(clients.map((client, i) => login(client, p.email, `Wrong-Password-${i}`)))
    ).map((a) => a.status);
    expect(countOf(statuses, 401)).toBe(LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
    expect(countOf(statuses, 429)).toBe(8 - LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
  });

  it('holds across two app instances on one database', async () => {
    const p = await newPlayer();
    let second: Database = ctx.db;
    const url = process.env.TEST_DATABASE_URL;
    if (url) {
      const schema = (await ctx.db.query<{ s: string }>('SELECT current_schema() AS s'))[0]!.s;
      second = await openPostgres(url, { schema, max: 5 });
    }
    try {
      const other: TestContext = { ...ctx, app: createTestApp({ ...ctx.deps, db: second }) };
      const ip = `198.51.100.${++ipSeq}`;
      const [a, b] = [await clientAt(ip), await clientAt(ip, other)];
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) => login(i % 2 === 0 ? a : b, p.email, `Wrong-Password-${i}`)),
      );
      const statuses = answers.map((x) => x.status);
      expect(countOf(statuses, 401)).toBe(LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
      expect(countOf(statuses, 429)).toBe(20 - LOGIN_PER_ACCOUNT_AND_CLIENT.limit);
    } finally {
      if (second !== ctx.db) await second.close();
    }
  });
});

describe('password spraying: failed sign-ins over many accounts from one address', () => {
  const SPRAY = 24;
  const limit = LOGIN_ACCOUNTS_PER_CLIENT.limit;
  let accounts: { email: string; password: string }[] = [];
  beforeAll(async () => {
    accounts = [];
    for (let i = 0; i < SPRAY; i++) accounts.push(await newPlayer());
  });

  const expectRefusal = (a: { status: number; headers: Headers; body: unknown }) => {
    expect(a.status).toBe(429);
    const wait = Number(a.headers.get('Retry-After'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(LOGIN_ACCOUNTS_PER_CLIENT.windowSeconds);
    expect(a.body).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', extra: { retry_after_seconds: wait } });
  };

  it(`${SPRAY} wrong passwords for ${SPRAY} accounts at once from one address: past the limit 429; another address is unaffected`, async () => {
    const sprayer = await clientAt();
    const answers = await Promise.all(accounts.map((a, i) => login(sprayer, a.email, `Sprayed-Guess-${i}`)));
    const statuses = answers.map((a) => a.status);
    expect(countOf(statuses, 401)).toBe(limit);
    expect(countOf(statuses, 429)).toBe(SPRAY - limit);
    for (const a of answers.filter((x) => x.status === 429)) expectRefusal(a);
    // The right password of an account the sprayer missed is refused at the sprayer's address too...
    expectRefusal(await login(sprayer, accounts[0]!.email, accounts[0]!.password));
    // ...while another address signs in, and its own misses are only misses.
    const elsewhere = await clientAt();
    expect((await login(elsewhere, accounts[1]!.email, 'Another-Typo-1')).status).toBe(401);
    expect((await login(elsewhere, accounts[1]!.email, accounts[1]!.password)).status).toBe(200);
  });

  it(`${SPRAY} wrong passwords for ${SPRAY} accounts one after another: the first ${limit} answer 401, the rest 429 until the window closes`, async () => {
    const sprayer = await clientAt();
    const answers = [];
    for (const [i, a] of accounts.entries()) answers.push(await login(sprayer, a.email, `Slow-Guess-${i}`));
    expect(answers.map((a) => a.status)).toEqual([
      ...Array<number>(limit).fill(401),
      ...Array<number>(SPRAY - limit).fill(429),
    ]);
    for (const a of answers.slice(limit)) expectRefusal(a);
    // A second guess at an account already counted is refused while the address is past the limit.
    expectRefusal(await login(sprayer, accounts[0]!.email, 'Slow-Guess-again'));
    ctx.clock.advance(Number(answers.at(-1)!.headers.get('Retry-After')) + 1);
    expect((await login(sprayer, accounts[0]!.email, accounts[0]!.password)).status).toBe(200);
  });

  it('a household (4 people, each with a couple of typos, then the right password) is never refused, sign-in after sign-in', async () => {
    const household = await clientAt();
    const people = accounts.slice(0, 4);
    for (let round = 0; round < 3; round++) {
      const statuses = await Promise.all(
        people.map(async (p, i) => [
          (await login(household, p.email, `${p.password}x`)).status,
          (await login(household, p.email, `Typo-${round}-${i}`)).status,
          (await login(household, p.email, p.password)).status,
        ]),
      );
      expect(statuses).toEqual(people.map(() => [401, 401, 200]));
    }
  });

  it(`a shared carrier address: more than ${limit} people, each with a typo and then the right password, all get in`, async () => {
    const carrier = await clientAt();
    const people = accounts.slice(0, limit + 6);
    // They arrive in waves of 4 (each wave's people mistype at the same moment): what counts is how
    // many accounts have missed and not yet got in, never how many people share the address.
    for (let wave = 0; wave < people.length; wave += 4) {
      const group = people.slice(wave, wave + 4);
      const statuses = await Promise.all(
        group.map(async (p) => [
          (await login(carrier, p.email, `${p.password}!`)).status,
          (await login(carrier, p.email, p.password)).status,
        ]),
      );
      expect(statuses).toEqual(group.map(() => [401, 200]));
    }
  });

  it('the social sign-in link (a password check) shares the address counter; a sign-in link by mail still gets in', async () => {
    const sprayer = await clientAt();
    const social = (email: string, password1: string) =>
      sprayer.request('POST', '/social/link', {
        body: { google_auth_token: 'x'.repeat(40), email, password1, strategy: 'password' },
      });
    const half = Math.ceil(limit / 2);
    for (const [i, a] of accounts.slice(0, half).entries())
      expect((await login(sprayer, a.email, `Mixed-Guess-${i}`)).status).toBe(401);
    for (const [i, a] of accounts.slice(half, limit).entries())
      expect((await social(a.email, `Mixed-Guess-${i}`)).status).toBe(400); // counted, then the ticket is refused
    expectRefusal(await social(accounts[limit]!.email, 'Mixed-Guess-x'));
    expectRefusal(await login(sprayer, accounts[limit + 1]!.email, 'Mixed-Guess-y'));
    // The owner of an account at that address proves the mailbox instead: the link is not a password guess.
    const owner = accounts[SPRAY - 1]!;
    expect(
      (await sprayer.request('POST', '/auth/password-recovery', { body: { email: owner.email } })).status,
    ).toBe(202);
    const mail = await ctx.db.query<{ body_text: string }>(
      'SELECT body_text FROM outbox WHERE to_address = $1 ORDER BY id DESC LIMIT 1',
      [owner.email],
    );
    const token = /token=([\w-]+)/.exec(mail[0]!.body_text)![1]!;
    expect((await sprayer.request('POST', '/auth/sign-in-link', { body: { token } })).status).toBe(200);
  });
});

describe('sign-up throttling', () => {
  it('a parallel burst from one address creates at most the limit and hashes nothing for the rest', async () => {
    const hasher = ctx.deps.hasher;
    let hashes = 0;
    const original = hasher.hash;
    hasher.hash = (password) => {
      hashes += 1;
      return original(password);
    };
    try {
      const ip = `203.0.113.${++ipSeq}`;
      const clients = await Promise.all(Array.from({ length: 30 }, () => clientAt(ip)));
      const statuses = (
        await Promise.all(
          clients.map((client) => client.request('POST', '/users', { body: signUpPayload() })),
        )
      ).map((a) => a.status);
      expect(countOf(statuses, 201)).toBe(SIGN_UP_PER_CLIENT.limit);
      expect(countOf(statuses, 429)).toBe(30 - SIGN_UP_PER_CLIENT.limit);
      expect(hashes).toBe(SIGN_UP_PER_CLIENT.limit);
    } finally {
      hasher.hash = original;
    }
  });

  it('sign-ups sent while earlier ones are in flight never pass the limit', async () => {
    const ip = `203.0.113.${++ipSeq}`;
    const inFlight: Promise<{ status: number }>[] = [];
    for (let i = 0; i < SIGN_UP_PER_CLIENT.limit + 4; i++) {
      const client = await clientAt(ip);
      inFlight.push(client.request('POST', '/users', { body: signUpPayload() }));
      await tick();
    }
    const statuses = (await Promise.all(inFlight)).map((a) => a.status);
    expect(countOf(statuses, 201)).toBe(SIGN_UP_PER_CLIENT.limit);
    expect(countOf(statuses, 429)).toBe(4);
  });
});

describe('sign-in link mail throttling', () => {
  const mailsTo = async (email: string) =>
    Number(
      (
        await ctx.db.query<{ n: number | string }>('SELECT count(*) AS n FROM outbox WHERE to_address = $1', [
          email,
        ])
      )[0]!.n,
    );

  it('a parallel burst for one email from many addresses sends at most the per-email limit', async () => {
    const p = await newPlayer();
    const clients = await Promise.all(Array.from({ length: 10 }, () => clientAt()));
    const statuses = (
      await Promise.all(
        clients.map((client) =>
          client.request('POST', '/auth/password-recovery', { body: { email: p.email } }),
        ),
      )
    ).map((a) => a.status);
    expect(countOf(statuses, 202)).toBe(RECOVERY_PER_EMAIL.limit);
    expect(countOf(statuses, 429)).toBe(10 - RECOVERY_PER_EMAIL.limit);
    expect(await mailsTo(p.email)).toBe(RECOVERY_PER_EMAIL.limit);
  });

  it('a parallel burst from one address over many emails stops at the per-address limit', async () => {
    const client = await clientAt();
    const statuses = (
      await Promise.all(
        Array.from({ length: 15 }, (_, i) =>
          client.request('POST', '/auth/password-recovery', {
            body: { email: `someone.${i}.${Date.now()}@example.com` },
          }),
        ),
      )
    ).map((a) => a.status);
    expect(countOf(statuses, 202)).toBe(RECOVERY_PER_CLIENT.limit);
    expect(countOf(statuses, 429)).toBe(15 - RECOVERY_PER_CLIENT.limit);
  });
});
