/**
 * Property test over every API route: whatever arrives (path parameters, query strings, bodies,
 * content types, idempotency keys, tokens), the answer is never a 5xx, and every refusal carries
 * the documented error shape. Routes come from the app itself (`app.routes`), so a new route is
 * fuzzed without touching this file. Each route is tried signed out and signed in (JWT, CSRF
 * header and an Idempotency-Key sent by default; each case may drop or garble any of them).
 * FUZZ_RUNS (default 30) sets the cases per route and state.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import fc from 'fast-check';
import type { Struct } from 'superstruct';
import { afterAll, describe, expect, it } from 'vitest';
import { API_PATHS, API_PREFIX } from '../../src/contract/api-paths.ts';
import {
  AUTH_SCHEME,
  CSRF_COOKIE,
  CSRF_HEADER,
  IDEMPOTENCY_HEADER,
  REFRESH_COOKIE,
} from '../../src/contract/constants.ts';
import * as paymentsContract from '../../src/contract/payments.ts';
import * as schemasContract from '../../src/contract/schemas.ts';
import * as walletContract from '../../src/contract/wallet.ts';
import * as gamesContract from '../../src/contract/games.ts';
import * as vendorWalletContract from '../../src/contract/vendor-wallet.ts';
import * as mobileVerificationContract from '../../src/contract/mobile-verification.ts';
import * as redemptionContract from '../../src/contract/redemption.ts';
import { createPaymentsContext, playerWithAddress } from '../test-support/payments-test-support.ts';
import { Client, signUpPayload } from '../test-support/test-app.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 30);
const ctx = await createPaymentsContext();
afterAll(() => ctx.close());

/**
 * Every documented error code: each contract module's `*_ERROR_CODES` catalogue (the shared one
 * and every feature's), read from the contract folder so a new feature's codes count at once.
 */
const contractDir = new URL('../../src/contract/', import.meta.url);
const contractModules = await Promise.all(
  readdirSync(contractDir)
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .map((file) => import(new URL(file, contractDir).href) as Promise<Record<string, unknown>>),
);
const KNOWN_CODES = new Set<string>(
  contractModules
    .flatMap((exports) => Object.entries(exports))
    .filter(([name, value]) => name.endsWith('ERROR_CODES') && value !== null && typeof value === 'object')
    .flatMap(([, value]) => Object.values(value as Record<string, unknown>).map(String)),
);

const routes = [
  ...new Map(
    ctx.app.routes
      .filter((r) => r.method !== 'ALL' && r.path.startsWith(`${API_PREFIX}/`))
      .map((r) => [`${r.method} ${r.path}`, { method: r.method, path: r.path }]),
  ).values(),
];

/** Every field name of every request/response struct in the contract: what a route might read. */
function fieldNames(): string[] {
  const names = new Set<string>(['names', 'kind', 'start_date', 'end_date', 'timestamp', 'page', 'mode']);
  const visit = (struct: Struct<unknown, unknown>, depth: number) => {
    if (depth > 3 || (struct.type !== 'object' && struct.type !== 'type')) return;
    const shape = struct.schema as Record<string, Struct<unknown, unknown>> | null;
    if (!shape || typeof shape !== 'object') return;
    for (const [name, inner] of Object.entries(shape)) {
      names.add(name);
      if (inner && typeof inner === 'object' && 'schema' in inner) visit(inner, depth + 1);
    }
  };
  for (const mod of [
    schemasContract,
    walletContract,
    paymentsContract,
    vendorWalletContract,
    gamesContract,
    mobileVerificationContract,
    redemptionContract,
  ])
    for (const value of Object.values(mod))
      if (value && typeof value === 'object' && 'refiner' in value)
        visit(value as Struct<unknown, unknown>, 0);
  return [...names];
}
const FIELDS = fieldNames();

// Values a route might accept, so some cases get past the schema into the handler.
const PLAUSIBLE = [
  'gold-499',
  'card',
  'card_token',
  'join',
  'purchase',
  '60601',
  'IL',
  'player@example.com',
  'Velvet-Harbor-42',
  'WELCOME',
  '(312) 555-0100',
  '123456',
  '2024-01-01',
  '2024-13-45',
  '0000-00-00',
  '9999-12-31',
  '+275760-09-13T00:00:00.000Z',
  '-000001-01-01T00:00:00Z',
  '1970-01-01T00:00:00Z',
  randomUUID(),
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\uD800',
  '\uDFFF\uD800',
  '😀',
  'x'.repeat(10_000),
];

const hostileString = fc.oneof(
  fc.constantFrom(...PLAUSIBLE),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
);
const hostileNumber = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.constantFrom(0, -1, 1.999, 1e21, -1e21, Number.MAX_SAFE_INTEGER + 2, 2 ** 31, -(2 ** 63), 1e308),
);
const hostileValue: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    hostileString,
    hostileNumber,
    fc.boolean(),
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(fc.oneof(fc.constantFrom(...FIELDS), hostileString), tie('value'), { maxKeys: 4 }),
  ),
})).value;

/**
 * Valid bodies of the routes that take one, so that mutations of them (one field replaced,
 * dropped or added) reach the handlers behind the schemas. A route missing here is still fuzzed.
 */
const EXAMPLE_BODIES: Record<string, Record<string, unknown>> = {
  [`POST ${API_PATHS.login}`]: { email: 'player@example.com', password: 'Velvet-Harbor-42' },
  [`POST ${API_PATHS.passwordRecovery}`]: { email: 'player@example.com' },
  [`POST ${API_PATHS.signInLink}`]: { token: 'a'.repeat(43) },
  [`POST ${API_PATHS.users}`]: signUpPayload(),
  [`PATCH ${API_PATHS.me}`]: { first_name: 'Alex', last_name: 'Rivera' },
  [`PATCH ${API_PATHS.userData}`]: { key: 'volume', value: { level: 0.5, muted: false } },
  [`PATCH ${walletContract.WALLET_API_PATHS.purchaseLimits}`]: { daily: 10, weekly: 50, monthly: null },
  [`POST ${walletContract.WALLET_API_PATHS.purchaseLimitCheck}`]: { package_id: 'gold-499' },
  [`POST ${walletContract.WALLET_API_PATHS.promoCodeValidate}`]: {
    code: 'WELCOME',
    context: 'purchase',
    package_id: 'gold-499',
  },
  [`POST ${paymentsContract.PAYMENTS_API_PATHS.cardPurchases}`]: {
    package_id: 'gold-499',
    payment_method: { type: 'card_token', token: 'tok_fuzz', save_card: true },
    confirm_repeat: true,
  },
  [`POST ${paymentsContract.PAYMENTS_API_PATHS.payByBankPurchases}`]: {
    package_id: 'gold-499',
    phone: '(312) 555-0100',
  },
  [`POST ${paymentsContract.PAYMENTS_API_PATHS.cards}`]: { setup_intent_id: 'seti_fuzz', make_default: true },
  [`PATCH ${paymentsContract.PAYMENTS_API_PATHS.address}`]: {
    address_line_1: '233 S. Wacker Dr',
    address_line_2: null,
    city: 'Chicago',
    state_or_province: 'IL',
    postal_code: '60606',
  },
  [`POST ${gamesContract.GAMES_API_PATHS.startRoundPattern}`]: {
    betValue: 100,
    currency: 'gold',
    options: {},
  },
  [`POST ${gamesContract.GAMES_API_PATHS.roundActionPattern}`]: { action: { type: 'stand' } },
  [`POST ${gamesContract.GAMES_API_PATHS.purchaseInstantWin}`]: {
    gameId: 'lucky-scratch',
    betValue: 0.2,
    currency: 'sweeps',
  },
  [`POST ${gamesContract.GAMES_API_PATHS.redeemInstantWin}`]: {
    ticketId: randomUUID(),
    numScratched: 9,
    numSpots: 9,
    replayData: [0, 1, 2],
  },
  [`POST ${gamesContract.GAMES_API_PATHS.purchaseSolitaire}`]: {
    betValue: 100,
    currency: 'gold',
    noMovesBet: 0,
    redOrBlackBet: 0,
  },
  [`PUT ${gamesContract.GAMES_API_PATHS.fairnessClientSeed}`]: { client_seed: 'lucky-7' },
  [`POST ${redemptionContract.REDEMPTION_API_PATHS.create}`]: {
    method: 'paypal',
    amount: 30,
    paypal_email: 'winner@example.com',
  },
  [`POST ${redemptionContract.REDEMPTION_API_PATHS.cashOut}`]: { amount: 30 },
  [`POST ${redemptionContract.REDEMPTION_API_PATHS.cancel}`]: { redemption_id: randomUUID() },
};

const mutation = fc.oneof(
  fc.record({ kind: fc.constant('replace' as const), value: hostileValue }),
  fc.record({ kind: fc.constant('drop' as const) }),
  fc.record({ kind: fc.constant('add' as const), name: fc.constantFrom(...FIELDS), value: hostileValue }),
);
const mutatedExample = (example: Record<string, unknown>) =>
  fc.array(fc.tuple(fc.nat(), mutation), { minLength: 0, maxLength: 2 }).map((steps) => {
    const body: Record<string, unknown> = structuredClone(example);
    for (const [at, step] of steps) {
      const keys = Object.keys(body);
      const key = keys[at % Math.max(1, keys.length)];
      if (step.kind === 'add') body[step.name] = step.value;
      else if (key === undefined) continue;
      else if (step.kind === 'drop') delete body[key];
      else body[key] = step.value;
    }
    return JSON.stringify(body);
  });

const objectBody = fc
  .dictionary(fc.constantFrom(...FIELDS), hostileValue, { maxKeys: 8 })
  .map((o) => JSON.stringify(o));
const nested = (open: string, close: string, depth: number) => open.repeat(depth) + close.repeat(depth);
const rawBody = fc.oneof(
  objectBody,
  objectBody,
  objectBody,
  hostileValue.map((v) => JSON.stringify(v)),
  fc.integer({ min: 1, max: 20_000 }).map((d) => nested('[', ']', d)),
  fc.integer({ min: 1, max: 20_000 }).map((d) => `${'{"value":'.repeat(d)}1${'}'.repeat(d)}`),
  fc.constantFrom(
    '',
    ' ',
    'null',
    '[]',
    '"x"',
    '1e999999',
    '-1e999999',
    '123456789012345678901234567890',
    '{"a":1,"a":2}',
    '{"__proto__":{"x":1}}',
    '{"constructor":{"prototype":{}}}',
    '{"email":"a\\u0000b@example.com","password":"x"}',
    '{"key":"k\\ud800","value":"v"}',
    '\u0000',
    '\uFEFF{}',
    '{',
    '{"a":',
    'x'.repeat(70 * 1024),
    `{"value":"${'x'.repeat(70 * 1024)}"}`,
  ),
  fc.string({ unit: 'binary', maxLength: 60 }),
);

/** Percent-encodes a string the way a client might, including encodings that are not valid UTF-8. */
const encodeText = (s: string): string =>
  [...s]
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        return '%ED%A0%80'; // a lone surrogate has no UTF-8 form: send the bytes a CESU encoder would
      }
    })
    .join('');
const rawSegment = fc.constantFrom(
  '%',
  '%zz',
  '%00',
  '%C0%80',
  '%ED%A0%80',
  '%FF',
  '..',
  '%2F',
  '%2e%2e',
  '',
);
const urlPart = fc.oneof(hostileString.map(encodeText), rawSegment, fc.integer().map(String));
const query = fc.oneof(
  { arbitrary: fc.constant(''), weight: 4 },
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...FIELDS), urlPart), urlPart), { maxLength: 5 })
    .map((pairs) => `?${pairs.map(([k, v]) => `${encodeText(k)}=${v}`).join('&')}`),
  fc.constantFrom('?', '?&&=&', '?a', '?%', '?names=%00', '?timestamp=%2B275760-09-13T00%3A00%3A00.000Z'),
);

// Header values are byte strings without control characters.
const headerText = fc.string({
  unit: fc
    .integer({ min: 0x20, max: 0xff })
    .filter((c) => c !== 0x7f)
    .map((c) => String.fromCharCode(c)),
  maxLength: 200,
});
const contentType = fc.oneof(
  { arbitrary: fc.constant('application/json'), weight: 6 },
  fc.constantFrom(
    null,
    'text/plain',
    'application/x-www-form-urlencoded',
    'multipart/form-data; boundary=x',
    'application/json; charset=utf-16',
    'application/merge-patch+json',
    'application/xml',
    '*/*',
  ),
  headerText,
);
const idempotencyKey = fc.oneof(
  { arbitrary: fc.constant('fresh'), weight: 6 },
  fc.constantFrom(null, '', 'short', 'a'.repeat(129), 'has space key', 'reused-key-0001'),
  headerText,
);
const authorization = fc.oneof(
  { arbitrary: fc.constant('own'), weight: 6 },
  fc.constantFrom(
    null,
    AUTH_SCHEME,
    `${AUTH_SCHEME} `,
    `${AUTH_SCHEME} a.b.c`,
    `${AUTH_SCHEME} eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.`,
    'Bearer x',
  ),
  headerText,
);
const csrf = fc.constantFrom('own', 'own', 'own', 'own', 'own', 'own', 'none', 'wrong');

const fuzzCaseFor = (route: { method: string; path: string }) => {
  const example = EXAMPLE_BODIES[`${route.method} ${route.path.slice(API_PREFIX.length)}`];
  return fc.record({
    params: fc.array(urlPart, { minLength: 4, maxLength: 4 }),
    query,
    body: example ? fc.oneof(mutatedExample(example), mutatedExample(example), rawBody) : rawBody,
    contentType,
    idempotencyKey,
    authorization,
    csrf,
  });
};
type FuzzCase = ReturnType<typeof fuzzCaseFor> extends fc.Arbitrary<infer T> ? T : never;

/**
 * A signed-in player with a billing address. When a fuzzed request ends its session (sign-out,
 * refresh, a password or email change, closing the account) a new player takes over: signing the
 * same one in again would meet the sign-in throttle or the closed account, not the route.
 */
let player: { client: Client; ended: boolean } | null = null;
async function signedInPlayer(): Promise<Client> {
  if (player && !player.ended) return player.client;
  const email = `fuzz.${randomUUID().slice(0, 8)}@example.com`;
  player = { client: await playerWithAddress(ctx, { email }), ended: false };
  return player.client;
}

async function send(route: { method: string; path: string }, signedIn: boolean, c: FuzzCase) {
  let i = 0;
  const url = route.path.replace(/:[^/]+/g, () => c.params[i++] ?? '') + c.query;
  const client = signedIn ? await signedInPlayer() : new Client(ctx);
  if (c.csrf !== 'none' && !client.cookies.has(CSRF_COOKIE)) await client.request('GET', API_PATHS.csrf);
  const headers: Record<string, string> = { 'X-Forwarded-For': client.ip };
  const cookies = [...client.cookies].map(([k, v]) => `${k}=${v}`);
  if (cookies.length > 0 && c.csrf !== 'none') headers.Cookie = cookies.join('; ');
  if (c.csrf === 'own') headers[CSRF_HEADER] = client.cookies.get(CSRF_COOKIE) ?? '';
  if (c.csrf === 'wrong') headers[CSRF_HEADER] = 'forged.token';
  if (c.authorization === 'own') {
    if (client.token) headers.Authorization = `${AUTH_SCHEME} ${client.token}`;
  } else if (c.authorization !== null) headers.Authorization = c.authorization;
  if (c.idempotencyKey === 'fresh') headers[IDEMPOTENCY_HEADER] = randomUUID();
  else if (c.idempotencyKey !== null) headers[IDEMPOTENCY_HEADER] = c.idempotencyKey;
  const hasBody = route.method !== 'GET' && route.method !== 'HEAD';
  if (hasBody && c.contentType !== null) headers['Content-Type'] = c.contentType;
  const res = await ctx.app.request(url, {
    method: route.method,
    headers,
    body: hasBody ? c.body : undefined,
  });
  const text = await res.text();
  // Sign-out, refresh and sign-up change the session cookies; a refused token means it ended.
  if (
    signedIn &&
    player &&
    (res.headers.getSetCookie().some((line) => line.includes(REFRESH_COOKIE)) ||
      (res.status === 401 && c.authorization === 'own'))
  )
    player.ended = true;
  return { status: res.status, text, contentType: res.headers.get('Content-Type') ?? '', url };
}

function expectDocumentedAnswer(answer: Awaited<ReturnType<typeof send>>, label: string): void {
  const where = `${label} ${answer.url.slice(0, 300)} -> ${answer.status} ${answer.text.slice(0, 300)}`;
  expect(answer.status, where).toBeLessThan(500);
  if (answer.status < 400) return;
  expect(answer.contentType, where).toMatch(/^application\/json/);
  const body = JSON.parse(answer.text) as { code?: unknown; message?: unknown; field?: unknown };
  expect(KNOWN_CODES.has(String(body.code)), where).toBe(true);
  expect(typeof body.message, where).toBe('string');
  expect(body.field === undefined || body.field === null || typeof body.field === 'string', where).toBe(true);
}

describe('every API route answers malformed input with a 4xx, never a 5xx', () => {
  it('the fuzzed routes are the app routes', () => {
    expect(routes.length).toBeGreaterThan(30);
    expect(routes).toContainEqual({ method: 'GET', path: `${API_PREFIX}${API_PATHS.balances}` });
  });

  for (const signedIn of [false, true]) {
    describe(signedIn ? 'signed in' : 'signed out', () => {
      it.each(routes.map((r) => [`${r.method} ${r.path}`, r] as const))('%s', async (label, route) => {
        await fc.assert(
          fc.asyncProperty(fuzzCaseFor(route), async (c) =>
            expectDocumentedAnswer(await send(route, signedIn, c), label),
          ),
          { numRuns: RUNS, seed: process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : undefined },
        );
      });
    });
  }

  it('unknown paths and methods under the API answer 404 / 405 in the error shape', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
        fc.array(urlPart, { maxLength: 4 }),
        query,
        async (method, parts, q) => {
          const url = `${API_PREFIX}/${parts.join('/')}${q}`;
          // '..' segments may resolve outside the API (to the app's pages): not this test's concern.
          fc.pre(new URL(url, 'http://localhost').pathname.startsWith(`${API_PREFIX}/`));
          const res = await ctx.app.request(url, { method });
          expectDocumentedAnswer(
            {
              status: res.status,
              text: await res.text(),
              contentType: res.headers.get('Content-Type') ?? '',
              url,
            },
            method,
          );
        },
      ),
      { numRuns: RUNS * 4 },
    );
  });
});
