/**
 * The inputs that once answered 500, each refused at the edge with its documented 400: deep JSON,
 * NUL and lone surrogates in body strings, query values and path parameters, out-of-range history
 * timestamps, wrong content types, empty and non-object bodies, huge numbers, malformed
 * idempotency keys and oversize URLs.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PATHS } from '../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../src/contract/constants.ts';
import { PAYMENTS_API_PATHS } from '../../src/contract/payments.ts';
import { WALLET_API_PATHS } from '../../src/contract/wallet.ts';
import {
  createPaymentsContext,
  playerWithAddress,
  type PaymentsTestContext,
} from '../test-support/payments-test-support.ts';
import { Client } from '../test-support/test-app.ts';
import { MAX_URL_LENGTH } from './url-edge.ts';
import { jsonNestingDepth, MAX_JSON_DEPTH } from './validate.ts';

let ctx: PaymentsTestContext;
let player: Client;
beforeAll(async () => {
  ctx = await createPaymentsContext();
  player = await playerWithAddress(ctx);
});
afterAll(() => ctx?.close());

const json = { 'Content-Type': 'application/json' };
const deepArray = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const deepObject = (depth: number) => `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;

describe('JSON nesting is limited before parsing', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonNestingDepth('{"a":[1,{"b":2}]}')).toBe(3);
    expect(jsonNestingDepth('{"a":"[[[[{{{{"}')).toBe(1);
    expect(jsonNestingDepth('{"a":"\\"[[[["}')).toBe(1);
    expect(jsonNestingDepth(deepArray(5000))).toBe(MAX_JSON_DEPTH + 1); // stops counting past the limit
  });

  it('a body nested 5,000 deep answers 400 INVALID_JSON on sign-in, sign-up and recovery', async () => {
    for (const path of [API_PATHS.login, API_PATHS.users, API_PATHS.passwordRecovery]) {
      for (const rawBody of [deepArray(5000), deepObject(5000), `{"email":${deepArray(5000)}}`]) {
        const res = await new Client(ctx).request('POST', path, { rawBody, headers: json });
        expect(res.status, path).toBe(400);
        expect(res.body, path).toMatchObject({ code: 'INVALID_JSON', field: null });
      }
    }
  });

  it('a user-data value nested 5,000 deep answers 400 INVALID_JSON; 32 levels are stored', async () => {
    const deep = await player.request('PATCH', API_PATHS.userData, {
      rawBody: `{"key":"deep","value":${deepObject(5000)}}`,
      headers: json,
    });
    expect(deep.status).toBe(400);
    expect(deep.body).toMatchObject({ code: 'INVALID_JSON' });
    const allowed = await player.request('PATCH', API_PATHS.userData, {
      rawBody: `{"key":"deep","value":${deepArray(MAX_JSON_DEPTH - 1)}}`,
      headers: json,
    });
    expect(allowed.status).toBe(200);
  });
});

describe('NUL and lone surrogates are refused in every string', () => {
  const cases: [string, string, Record<string, unknown>, string][] = [
    ['POST', API_PATHS.login, { email: 'a\u0000b@example.com', password: 'Velvet-Harbor-42' }, 'email'],
    ['POST', API_PATHS.login, { email: 'player@example.com', password: 'pass\u0000word' }, 'password'],
    ['POST', API_PATHS.passwordRecovery, { email: 'a\u0000b@example.com' }, 'email'],
    ['PATCH', API_PATHS.userData, { key: 'k\u0000', value: 1 }, 'key'],
    ['PATCH', API_PATHS.userData, { key: 'k', value: 'v\u0000' }, 'value'],
    ['PATCH', API_PATHS.userData, { key: 'k', value: { nested: ['\u0000'] } }, 'value.nested.0'],
    ['PATCH', API_PATHS.userData, { key: 'k\uD800', value: 1 }, 'key'],
    ['PATCH', API_PATHS.userData, { key: 'k', value: '\uD800' }, 'value'],
    ['PATCH', API_PATHS.userData, { key: 'k', value: 'x\uDC00y' }, 'value'],
    ['POST', WALLET_API_PATHS.purchaseLimitCheck, { package_id: 'gold-499\u0000' }, 'package_id'],
    ['POST', WALLET_API_PATHS.purchaseLimitCheck, { package_id: '\uD800' }, 'package_id'],
    ['PATCH', API_PATHS.me, { first_name: 'Al\u0000ex' }, 'first_name'],
  ];
  it.each(cases)('%s %s %j -> 400 VALIDATION_ERROR (%s)', async (method, path, body, field) => {
    // JSON.stringify writes lone surrogates as \ud800 escapes: the server sees them after parsing.
    const res = await player.request(method, path, { body });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it('a key holding NUL is refused too', async () => {
    const res = await player.request('PATCH', API_PATHS.userData, {
      rawBody: '{"key":"k","value":{"a\\u0000":1}}',
      headers: json,
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('package_id with NUL in a card purchase answers 400, nothing is charged', async () => {
    const res = await player.request('POST', PAYMENTS_API_PATHS.cardPurchases, {
      body: { package_id: 'gold-499\u0000', payment_method: { type: 'card_token', token: 'tok_x' } },
      headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'package_id' });
    const purchases = await ctx.db.query('SELECT 1 FROM purchases');
    expect(purchases).toHaveLength(0);
  });

  it('a surrogate pair (an emoji) is fine', async () => {
    const res = await player.request('PATCH', API_PATHS.userData, { body: { key: 'mood', value: '😀' } });
    expect(res.status).toBe(200);
  });
});

describe('query strings and path parameters', () => {
  it.each([
    [`${API_PATHS.properties}?names=%00`, 'names'],
    [`${API_PATHS.properties}?names=%ED%A0%80`, 'names'],
    [`${API_PATHS.properties}?names=%E0%A4%A`, 'names'],
    [`${API_PATHS.properties}?names=%`, 'names'],
    [`${WALLET_API_PATHS.goldTransactions}?kind=%00`, 'kind'],
  ])('GET %s -> 400 VALIDATION_ERROR (%s)', async (url, field) => {
    const res = await player.request('GET', url);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field });
  });

  it.each([
    '/payments/purchases/%00',
    '/payments/pay-by-bank/purchases/ab%ED%A0%80',
    '/wallet/yearly-summary/%FF',
    '/payments/cards/%C0%80/default',
  ])('path %s -> 400 VALIDATION_ERROR', async (path) => {
    const method = path.endsWith('/default') ? 'POST' : 'GET';
    const res = await player.request(method, path);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: null });
  });

  it(`a URL longer than ${MAX_URL_LENGTH} characters answers 400`, async () => {
    const res = await player.request('GET', `${API_PATHS.properties}?names=${'a'.repeat(MAX_URL_LENGTH)}`);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
  });

  it('history timestamps outside 1970-9999 answer 400 on both histories', async () => {
    for (const path of [WALLET_API_PATHS.goldTransactions, WALLET_API_PATHS.sweepsTransactions]) {
      for (const timestamp of [
        '+275760-09-13T00:00:00.000Z',
        '-000001-01-01T00:00:00Z',
        '+010000-01-01T00:00:00Z',
        '1969-12-31T23:59:59Z',
      ]) {
        const res = await player.request('GET', `${path}?timestamp=${encodeURIComponent(timestamp)}`);
        expect(res.status, `${path} ${timestamp}`).toBe(400);
        expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'timestamp' });
      }
      const ok = await player.request(
        'GET',
        `${path}?timestamp=${encodeURIComponent('9999-12-31T23:59:59Z')}`,
      );
      expect(ok.status).toBe(200);
    }
  });
});

describe('bodies and headers', () => {
  it('an object whose toString or valueOf is not a function answers 400, not 500', async () => {
    // Superstruct prints a refused value with `${value}`, which throws for such an object.
    const bodies = [
      { names: { toString: 'gold-499' } },
      { currency: { valueOf: 1 }, betValue: 1 },
      { currency: 'gold', betValue: { toString: 'x', valueOf: 'y' } },
    ];
    for (const body of bodies) {
      const res = await player.request('POST', '/games/lucky-scratch/rounds', {
        body,
        headers: { [IDEMPOTENCY_HEADER]: randomUUID() },
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR' });
    }
  });

  it('a non-JSON Content-Type answers 400 INVALID_JSON, even with a JSON body', async () => {
    for (const type of [
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data; boundary=x',
    ]) {
      const res = await new Client(ctx).request('POST', API_PATHS.login, {
        rawBody: '{"email":"player@example.com","password":"x"}',
        headers: { 'Content-Type': type },
      });
      expect(res.status, type).toBe(400);
      expect(res.body).toMatchObject({ code: 'INVALID_JSON' });
    }
    const charset = await new Client(ctx).request('POST', API_PATHS.passwordRecovery, {
      rawBody: '{"email":"player@example.com"}',
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
    expect(charset.status).toBe(202);
  });

  it('empty bodies, arrays and scalars where an object is expected answer 400', async () => {
    for (const rawBody of ['', '   ', '[]', '[{"email":"a@b.co"}]', '"text"', '42', 'null', '{']) {
      const res = await player.request('PATCH', WALLET_API_PATHS.purchaseLimits, { rawBody, headers: json });
      expect(res.status, rawBody).toBe(400);
      expect(['INVALID_JSON', 'VALIDATION_ERROR'], rawBody).toContain(res.body.code);
    }
  });

  it('huge and non-finite numbers answer 400 VALIDATION_ERROR', async () => {
    for (const rawBody of [
      '{"daily":1e999}',
      '{"daily":-1e999}',
      '{"daily":1e21}',
      '{"daily":123456789012345678901234567890}',
    ]) {
      const res = await player.request('PATCH', WALLET_API_PATHS.purchaseLimits, { rawBody, headers: json });
      expect(res.status, rawBody).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'daily' });
    }
  });

  it('a malformed Idempotency-Key answers 400 IDEMPOTENCY_KEY_REQUIRED', async () => {
    for (const key of ['', 'short', 'a'.repeat(129), 'has space 123', 'ünïcödé-key-1']) {
      const res = await player.request('POST', PAYMENTS_API_PATHS.payByBankPurchases, {
        body: { package_id: 'gold-499', phone: '(312) 555-0100' },
        headers: { [IDEMPOTENCY_HEADER]: key },
      });
      expect(res.status, key).toBe(400);
      expect(res.body).toMatchObject({ code: 'IDEMPOTENCY_KEY_REQUIRED' });
    }
  });
});
