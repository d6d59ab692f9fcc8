/**
 * The W-9 API on PGlite and PostgreSQL (TEST_DATABASE_URL): validation of every field with the
 * spec's messages, the last four digits encrypted at rest and never answered back, confirmed and
 * mismatched (suspended, then play refused), bursts of forms and confirmations, and fuzzed bodies.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { is } from 'superstruct';
import { API_PATHS } from '../../../src/contract/api-paths.ts';
import { IDEMPOTENCY_HEADER } from '../../../src/contract/constants.ts';
import {
  SSN_MASK,
  TAX_API_PATHS,
  TAX_TEXTS,
  W9ConfirmResponseSchema,
  W9StatusResponseSchema,
} from '../../../src/contract/tax.ts';
import { createGamesContext, fund, startCoinFlip } from '../../test-support/games-test-support.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { signUpPlayer, type TestPlayer } from '../../test-support/wallet-test-helpers.ts';
import { openLastFour } from './ssn-last-four-cipher.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createGamesContext();
});
afterAll(async () => ctx?.close());

const validForm = (overrides: Record<string, unknown> = {}): Record<string, unknown> => ({
  legal_name: 'Alex Rivera',
  address_line_1: '233 S. Wacker Dr.',
  address_line_2: 'Suite 4',
  city: 'Chicago',
  state_or_province: 'IL',
  zip_code: '60606',
  ssn_last_four: '4821',
  certified: true,
  ...overrides,
});

type Body = Record<string, unknown>;
/** Each call a new submission with its own Idempotency-Key, unless a key is given (a retry). */
const keyed = (key: string = randomUUID()) => ({ [IDEMPOTENCY_HEADER]: key });
const create = (p: TestPlayer, body: unknown, key?: string) =>
  p.client.request<Body>('POST', TAX_API_PATHS.w9, { body, headers: keyed(key) });
const confirm = (p: TestPlayer, body: unknown, key?: string) =>
  p.client.request<Body>('POST', TAX_API_PATHS.w9Confirm, { body, headers: keyed(key) });
const status = (p: TestPlayer) => p.client.request<Body>('GET', TAX_API_PATHS.w9);
const me = async (p: TestPlayer) => ({ user: (await p.client.request<Body>('GET', API_PATHS.me)).body });

async function setW9State(userId: string, state: string): Promise<void> {
  await ctx.db.query('UPDATE users SET w9_state = $2 WHERE id = $1', [userId, state]);
}

describe('W-9 form validation', () => {
  const cases: Array<[string, unknown, string]> = [
    ['legal_name', undefined, TAX_TEXTS.legalNameRequired],
    ['legal_name', '   ', TAX_TEXTS.legalNameRequired],
    ['legal_name', 'R2-D2', TAX_TEXTS.legalNameInvalid],
    ['legal_name', 'A'.repeat(101), TAX_TEXTS.legalNameInvalid],
    ['address_line_1', undefined, TAX_TEXTS.streetAddressRequired],
    ['address_line_1', '1 Main St <script>', TAX_TEXTS.addressInvalid],
    ['address_line_2', '$$$', TAX_TEXTS.addressInvalid],
    ['address_line_2', 42, TAX_TEXTS.addressInvalid],
    ['city', '', TAX_TEXTS.cityRequired],
    ['city', 'Chicago 9', TAX_TEXTS.addressInvalid],
    ['state_or_province', 'il', TAX_TEXTS.stateInvalid],
    ['state_or_province', 'ZZ', TAX_TEXTS.stateInvalid],
    ['state_or_province', undefined, TAX_TEXTS.stateInvalid],
    ['zip_code', undefined, TAX_TEXTS.zipCodeRequired],
    ['zip_code', '', TAX_TEXTS.zipCodeRequired],
    ['zip_code', '6060', TAX_TEXTS.zipCodeFiveDigits],
    ['zip_code', '606061', TAX_TEXTS.zipCodeFiveDigits],
    ['zip_code', '6060a', TAX_TEXTS.zipCodeFiveDigits],
    ['zip_code', 60606, TAX_TEXTS.zipCodeRequired],
    ['ssn_last_four', undefined, 'Please enter the last four (4) digits of your SSN'],
    ['ssn_last_four', '', 'Please enter the last four (4) digits of your SSN'],
    ['ssn_last_four', '123', 'Please enter exactly four (4) digits'],
    ['ssn_last_four', '12345', 'Please enter exactly four (4) digits'],
    ['ssn_last_four', '12a4', 'Please enter exactly four (4) digits'],
    ['ssn_last_four', ' 1234', 'Please enter exactly four (4) digits'],
    ['ssn_last_four', '１２３４', 'Please enter exactly four (4) digits'],
    ['certified', undefined, TAX_TEXTS.certificationRequired],
    ['certified', false, TAX_TEXTS.certificationRequired],
    ['certified', 'true', TAX_TEXTS.certificationRequired],
  ];
  let player: TestPlayer;
  beforeAll(async () => {
    player = await signUpPlayer(ctx);
  });

  it.each(cases)('refuses %s = %j with its message', async (field, value, message) => {
    const body = validForm({ [field]: value });
    if (value === undefined) delete body[field];
    const res = await create(player, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    expect((res.body.extra as { errors: Body }).errors[field]).toBe(message);
  });

  it('lists every failing field in extra.errors, the first one in field', async () => {
    const res = await create(player, { certified: false });
    expect(res.status).toBe(400);
    expect(res.body.field).toBe('legal_name');
    expect(Object.keys((res.body.extra as { errors: Body }).errors)).toEqual([
      'legal_name',
      'address_line_1',
      'city',
      'state_or_province',
      'zip_code',
      'ssn_last_four',
      'certified',
    ]);
  });

  it('refuses an unknown field and stores nothing on a refusal', async () => {
    const res = await create(player, validForm({ ssn: '123-45-6789' }));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'ssn' });
    const rows = await ctx.db.query('SELECT 1 FROM w9_submissions WHERE user_id = $1', [player.id]);
    expect(rows).toHaveLength(0);
  });

  it('checks the W-9 info dialog fields with the spec messages', async () => {
    const infoCases: Array<[Body, string, string]> = [
      [{ zipCode: '60606' }, 'ssnLastFour', 'Please enter the last four (4) digits of your SSN'],
      [
        { zipCode: '60606', ssnLastFour: '' },
        'ssnLastFour',
        'Please enter the last four (4) digits of your SSN',
      ],
      [{ zipCode: '60606', ssnLastFour: '482' }, 'ssnLastFour', 'Please enter exactly four (4) digits'],
      [{ zipCode: '60606', ssnLastFour: '48210' }, 'ssnLastFour', 'Please enter exactly four (4) digits'],
      [{ zipCode: '60606', ssnLastFour: '48x1' }, 'ssnLastFour', 'Please enter exactly four (4) digits'],
      [{ ssnLastFour: '4821' }, 'zipCode', TAX_TEXTS.zipCodeRequired],
      [{ zipCode: '606060', ssnLastFour: '4821' }, 'zipCode', TAX_TEXTS.zipCodeFiveDigits],
      [{ zipCode: '6060', ssnLastFour: '4821' }, 'zipCode', TAX_TEXTS.zipCodeFiveDigits],
    ];
    for (const [body, field, message] of infoCases) {
      const res = await confirm(player, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field, message });
    }
    const unknown = await confirm(player, { zipCode: '60606', ssnLastFour: '4821', ssn: '1' });
    expect(unknown.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'ssn' });
  });

  it('needs sign-in', async () => {
    const anon = new Client(ctx);
    expect((await anon.request('GET', TAX_API_PATHS.w9)).status).toBe(401);
    expect((await anon.request('POST', TAX_API_PATHS.w9, { body: validForm() })).status).toBe(401);
    expect((await anon.request('POST', TAX_API_PATHS.w9Confirm, { body: {} })).status).toBe(401);
  });
});

describe('W-9 last four digits at rest', () => {
  it('stores only ciphertext, a random IV per record, and decrypts back with the key and owner', async () => {
    const a = await signUpPlayer(ctx);
    const b = await signUpPlayer(ctx);
    expect((await create(a, validForm({ ssn_last_four: '7391' }))).status).toBe(201);
    expect((await create(b, validForm({ ssn_last_four: '7391' }))).status).toBe(201);
    const rows = await ctx.db.query<Record<string, unknown>>(
      'SELECT * FROM w9_submissions WHERE user_id IN ($1, $2) ORDER BY user_id = $1 DESC',
      [a.id, b.id],
    );
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      // Every column, text or bytes, read as text and as hex: the digits appear nowhere.
      for (const value of Object.values(row)) {
        const bytes = value instanceof Uint8Array ? Buffer.from(value) : null;
        const asText = bytes ? bytes.toString('latin1') + bytes.toString('hex') : JSON.stringify(value);
        expect(asText).not.toContain('7391');
      }
      expect(Object.keys(row).filter((k) => /ssn/.test(k))).toEqual([
        'ssn_last_four_ciphertext',
        'ssn_last_four_iv',
        'ssn_last_four_tag',
      ]);
    }
    const [ra, rb] = rows as Array<Record<string, Uint8Array | string>>;
    expect(
      Buffer.from(ra!.ssn_last_four_iv as Uint8Array).equals(Buffer.from(rb!.ssn_last_four_iv as Uint8Array)),
    ).toBe(false);
    expect(
      Buffer.from(ra!.ssn_last_four_ciphertext as Uint8Array).equals(
        Buffer.from(rb!.ssn_last_four_ciphertext as Uint8Array),
      ),
    ).toBe(false);
    const sealed = (r: Record<string, Uint8Array | string>) => ({
      ciphertext: Buffer.from(r.ssn_last_four_ciphertext as Uint8Array),
      iv: Buffer.from(r.ssn_last_four_iv as Uint8Array),
      tag: Buffer.from(r.ssn_last_four_tag as Uint8Array),
    });
    const key = ctx.deps.secrets.w9EncryptionKey;
    expect(openLastFour(key, a.id, sealed(ra!))).toBe('7391');
    expect(openLastFour(key, b.id, sealed(rb!))).toBe('7391');
    // Copied onto another player's row, or read with another key, it does not decrypt.
    expect(() => openLastFour(key, b.id, sealed(ra!))).toThrow();
    expect(() => openLastFour('11'.repeat(32), a.id, sealed(ra!))).toThrow();
  });

  it('answers the digits masked and never logs them', async () => {
    const p = await signUpPlayer(ctx);
    const created = await create(p, validForm({ ssn_last_four: '5062' }));
    expect(created.status).toBe(201);
    expect(is(created.body, W9StatusResponseSchema)).toBe(true);
    expect((created.body.submission as Body).ssn_last_four).toBe(SSN_MASK);
    const got = await status(p);
    expect(JSON.stringify(got.body)).not.toContain('5062');
    expect((got.body.submission as Body).ssn_last_four).toBe('••••');
  });
});

describe('W-9 confirmation', () => {
  it('confirms a form whose info matches: state confirmed, idempotent, then final', async () => {
    const p = await signUpPlayer(ctx);
    expect((await status(p)).body).toMatchObject({ w9_state: 'not_required', submission: null });
    const early = await confirm(p, { zipCode: '60606', ssnLastFour: '4821' });
    expect(early.status).toBe(409);
    expect(early.body.code).toBe('W9_NOT_SUBMITTED');

    expect((await create(p, validForm())).status).toBe(201);
    expect((await status(p)).body.submission).toMatchObject({ state: 'submitted', zip_code: '60606' });
    const ok = await confirm(p, { zipCode: '60606', ssnLastFour: '4821' });
    expect(ok.status).toBe(200);
    expect(is(ok.body, W9ConfirmResponseSchema)).toBe(true);
    expect(ok.body).toEqual({ outcome: 'confirmed', w9_state: 'confirmed', suspended: false });
    expect((await me(p)).user).toMatchObject({ w9_state: 'confirmed', suspended: false });

    // A repeat answers the same decision; other info or a new form is refused, not re-decided.
    expect((await confirm(p, { zipCode: '60606', ssnLastFour: '4821' })).body.outcome).toBe('confirmed');
    const other = await confirm(p, { zipCode: '60606', ssnLastFour: '0000' });
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('W9_ALREADY_CONFIRMED');
    const again = await create(p, validForm());
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('W9_ALREADY_CONFIRMED');
    expect((await me(p)).user).toMatchObject({ w9_state: 'confirmed', suspended: false });
  });

  it('a new form before confirmation supersedes the previous one', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm({ zip_code: '10001' }));
    await create(p, validForm({ zip_code: '60606' }));
    const states = await ctx.db.query<{ state: string; zip_code: string }>(
      'SELECT state, zip_code FROM w9_submissions WHERE user_id = $1 ORDER BY created_at, state',
      [p.id],
    );
    expect(states.map((r) => `${r.zip_code}:${r.state}`).sort()).toEqual([
      '10001:superseded',
      '60606:submitted',
    ]);
    expect((await confirm(p, { zipCode: '60606', ssnLastFour: '4821' })).body.outcome).toBe('confirmed');
  });

  it('lets a player whose W-9 was required play again once it is confirmed', async () => {
    const p = await signUpPlayer(ctx);
    await fund(ctx, p.id, { gold: 10_000 });
    await setW9State(p.id, 'required');
    const refused = await startCoinFlip(p.client);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'W9_REQUIRED' });
    await create(p, validForm());
    expect((await confirm(p, { zipCode: '60606', ssnLastFour: '4821' })).body.outcome).toBe('confirmed');
    expect((await startCoinFlip(p.client)).status).toBe(201);
  });
});

describe('W-9 mismatch', () => {
  it('the sandbox number 0000 mismatches: suspended, then every play refused; sign-in still works', async () => {
    const payload = signUpPayload();
    const p = await signUpPlayer(ctx, payload);
    await fund(ctx, p.id, { gold: 10_000 });
    await setW9State(p.id, 'required');
    await create(p, validForm({ ssn_last_four: '0000' }));
    const res = await confirm(p, { zipCode: '60606', ssnLastFour: '0000' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ outcome: 'mismatched', w9_state: 'mismatched', suspended: true });
    const [user] = await ctx.db.query<{ suspended_at: unknown; suspension_reason: string }>(
      'SELECT suspended_at, suspension_reason FROM users WHERE id = $1',
      [p.id],
    );
    expect(user!.suspended_at).not.toBeNull();
    expect(user!.suspension_reason).toBe('w9_mismatch');

    const play = await startCoinFlip(p.client);
    expect(play.status).toBe(403);
    expect(play.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', extra: { reason: 'w9_mismatch' } });
    // A new form or a new confirmation is refused the same way.
    expect((await create(p, validForm())).body.code).toBe('ACCOUNT_SUSPENDED');
    expect((await confirm(p, { zipCode: '60606', ssnLastFour: '4821' })).body.code).toBe('ACCOUNT_SUSPENDED');

    // Signing in still works (to read history and reach support); the user says suspended.
    const again = new Client(ctx);
    const login = await again.request<{ token: string; user: Body }>('POST', API_PATHS.login, {
      body: { email: payload.email, password: payload.password1 },
    });
    expect(login.status).toBe(200);
    expect(login.body.user).toMatchObject({ suspended: true, w9_state: 'mismatched' });
    again.token = login.body.token;
    expect((await startCoinFlip(again)).body).toMatchObject({ code: 'ACCOUNT_SUSPENDED' });
  });

  it('an account suspended by support is refused with its own reason', async () => {
    const p = await signUpPlayer(ctx);
    await ctx.db.query(
      `UPDATE users SET suspended_at = now(), suspension_reason = 'support_review' WHERE id = $1`,
      [p.id],
    );
    const res = await create(p, validForm());
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ code: 'ACCOUNT_SUSPENDED', extra: { reason: 'support_review' } });
  });

  it('info that differs from the form mismatches too', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm());
    const res = await confirm(p, { zipCode: '60601', ssnLastFour: '4821' });
    expect(res.body).toMatchObject({ outcome: 'mismatched', suspended: true });
    expect((await me(p)).user).toMatchObject({ suspended: true, w9_state: 'mismatched' });
  });
});

describe('W-9 bursts', () => {
  it('a burst of confirmations decides once; one submission in force', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm());
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => confirm(p, { zipCode: '60606', ssnLastFour: '4821' })),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.outcome))).toEqual(new Set(['confirmed']));
    const rows = await ctx.db.query<{ state: string; decided_at: unknown }>(
      'SELECT state, decided_at FROM w9_submissions WHERE user_id = $1',
      [p.id],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]!.state).toBe('confirmed');
  });

  it('a burst of mismatching confirmations suspends once; the rest are refused', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm({ ssn_last_four: '0000' }));
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => confirm(p, { zipCode: '60606', ssnLastFour: '0000' })),
    );
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 403 && a.body.code === 'ACCOUNT_SUSPENDED')).toHaveLength(7);
  });

  it('forms sent at once and while earlier ones are in flight leave exactly one in force', async () => {
    const p = await signUpPlayer(ctx);
    const first = Array.from({ length: 6 }, (_, i) => create(p, validForm({ zip_code: `6060${i}` })));
    await new Promise((r) => setTimeout(r, 5));
    const later = Array.from({ length: 4 }, (_, i) => create(p, validForm({ zip_code: `6061${i}` })));
    const answers = await Promise.all([...first, ...later]);
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(201));
    const rows = await ctx.db.query<{ state: string }>(
      `SELECT state FROM w9_submissions WHERE user_id = $1 AND state <> 'superseded'`,
      [p.id],
    );
    expect(rows).toEqual([{ state: 'submitted' }]);
    const all = await ctx.db.query('SELECT 1 FROM w9_submissions WHERE user_id = $1', [p.id]);
    expect(all).toHaveLength(10);
  });

  it('confirmations racing a new form: one decision, on the form in force at the time', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm());
    const answers = await Promise.all([
      ...Array.from({ length: 5 }, () => confirm(p, { zipCode: '60606', ssnLastFour: '4821' })),
      create(p, validForm()),
    ]);
    for (const a of answers) expect(a.status).toBeLessThan(500);
    const inForce = await ctx.db.query<{ state: string }>(
      `SELECT state FROM w9_submissions WHERE user_id = $1 AND state <> 'superseded'`,
      [p.id],
    );
    expect(inForce).toHaveLength(1);
  });
});

describe('W-9 submissions on a flaky link: one Idempotency-Key per submission', () => {
  const submissions = async (userId: string) =>
    ctx.db.query<{ state: string; zip_code: string }>(
      'SELECT state, zip_code FROM w9_submissions WHERE user_id = $1 ORDER BY created_at',
      [userId],
    );

  it('refuses a form or a confirmation without a key (400 IDEMPOTENCY_KEY_REQUIRED), writing nothing', async () => {
    const p = await signUpPlayer(ctx);
    for (const [path, body] of [
      [TAX_API_PATHS.w9, validForm()],
      [TAX_API_PATHS.w9Confirm, { zipCode: '60606', ssnLastFour: '4821' }],
    ] as const) {
      const res = await p.client.request<Body>('POST', path, { body });
      expect(res.status, path).toBe(400);
      expect(res.body).toMatchObject({
        code: 'IDEMPOTENCY_KEY_REQUIRED',
        extra: { header: IDEMPOTENCY_HEADER },
      });
      const malformed = await p.client.request<Body>('POST', path, { body, headers: keyed('short') });
      expect(malformed.body.code, path).toBe('IDEMPOTENCY_KEY_REQUIRED');
    }
    expect(await submissions(p.id)).toHaveLength(0);
    expect((await status(p)).body).toMatchObject({ submission: null });
  });

  it('a form sent again with its key (answer lost) is answered from the first and written once', async () => {
    const p = await signUpPlayer(ctx);
    const key = randomUUID();
    const first = await create(p, validForm(), key);
    expect(first.status).toBe(201);
    const retry = await p.client.request<Body>('POST', TAX_API_PATHS.w9, {
      body: validForm(),
      headers: keyed(key),
    });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    // Without the key the same form would have superseded the first: one row, submitted.
    expect(await submissions(p.id)).toEqual([{ state: 'submitted', zip_code: '60606' }]);
    // The key belongs to that form: another form under it is refused, not written.
    const other = await create(p, validForm({ zip_code: '10001' }), key);
    expect(other.status).toBe(409);
    expect(other.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(await submissions(p.id)).toHaveLength(1);
  });

  it('a confirmation sent again with its key replays the first decision, also after the form was confirmed', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm());
    const key = randomUUID();
    const first = await confirm(p, { zipCode: '60606', ssnLastFour: '4821' }, key);
    expect(first.body).toEqual({ outcome: 'confirmed', w9_state: 'confirmed', suspended: false });
    const retry = await confirm(p, { zipCode: '60606', ssnLastFour: '4821' }, key);
    expect(retry.status).toBe(200);
    expect(retry.headers.get('Idempotent-Replayed')).toBe('true');
    expect(retry.body).toEqual(first.body);
    const rows = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM w9_submissions WHERE user_id = $1 AND state = 'confirmed'`,
      [p.id],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('a mismatching confirmation retried with its key replays "mismatched", not the suspension refusal', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm({ ssn_last_four: '0000' }));
    const key = randomUUID();
    const first = await confirm(p, { zipCode: '60606', ssnLastFour: '0000' }, key);
    expect(first.body).toMatchObject({ outcome: 'mismatched', suspended: true });
    const retry = await confirm(p, { zipCode: '60606', ssnLastFour: '0000' }, key);
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
  });

  it('a burst of one form under one key writes one submission; all answer the same', async () => {
    const p = await signUpPlayer(ctx);
    const key = randomUUID();
    const answers = await Promise.all(Array.from({ length: 8 }, () => create(p, validForm(), key)));
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(201));
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await submissions(p.id)).toEqual([{ state: 'submitted', zip_code: '60606' }]);
  });

  it('a burst of one confirmation under one key decides once', async () => {
    const p = await signUpPlayer(ctx);
    await create(p, validForm({ ssn_last_four: '0000' }));
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => confirm(p, { zipCode: '60606', ssnLastFour: '0000' }, key)),
    );
    // Without the key only one of these would say "mismatched" (the rest: ACCOUNT_SUSPENDED).
    expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200));
    for (const a of answers) expect(a.body).toMatchObject({ outcome: 'mismatched', suspended: true });
    const changes = await ctx.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM w9_submissions WHERE user_id = $1 AND state = 'mismatched'`,
      [p.id],
    );
    expect(changes[0]!.n).toBe(1);
  });
});

describe('W-9 fuzzing', () => {
  let player: TestPlayer;
  beforeAll(async () => {
    player = await signUpPlayer(ctx);
  });
  const raw = (path: string, rawBody: string, contentType = 'application/json') =>
    player.client.raw('POST', path, { rawBody, headers: { 'Content-Type': contentType, ...keyed() } });

  it('answers malformed, huge, NUL-laden and oddly typed bodies with a 4xx in the error shape', async () => {
    const bodies: string[] = [
      '',
      '{',
      'null',
      '[]',
      '"1234"',
      '1234',
      '{"zipCode":',
      JSON.stringify({ zipCode: '60606', ssnLastFour: '12\u00004' }),
      JSON.stringify({ zipCode: '606\u00006', ssnLastFour: '1234' }),
      JSON.stringify({ zipCode: '60606', ssnLastFour: '\ud800123' }),
      JSON.stringify({ zipCode: ['60606'], ssnLastFour: { $gt: '' } }),
      JSON.stringify({ zipCode: null, ssnLastFour: null }),
      JSON.stringify({ zipCode: 60606, ssnLastFour: 1234 }),
      JSON.stringify({ zipCode: '60606', ssnLastFour: '1'.repeat(60_000) }),
      JSON.stringify({ zipCode: '60606', ssnLastFour: '1'.repeat(70_000) }),
      JSON.stringify({ ['k'.repeat(1000)]: 1 }),
      '['.repeat(5000) + ']'.repeat(5000),
      JSON.stringify(validForm({ legal_name: 'Alex\u0000Rivera' })),
      JSON.stringify(validForm({ address_line_1: 'x'.repeat(50_000) })),
      JSON.stringify(validForm({ certified: 1 })),
      `{"__proto__":{"certified":true},${JSON.stringify(validForm({ certified: false })).slice(1)}`,
    ];
    for (const path of [TAX_API_PATHS.w9, TAX_API_PATHS.w9Confirm])
      for (const body of bodies) {
        const res = await raw(path, body);
        expect(res.status, `${path} ${body.slice(0, 60)}`).toBeGreaterThanOrEqual(400);
        expect(res.status, `${path} ${body.slice(0, 60)}`).toBeLessThan(500);
        const answer = (await res.json()) as Body;
        expect(typeof answer.code).toBe('string');
        expect(typeof answer.message).toBe('string');
        expect('field' in answer).toBe(true);
      }
    const wrongType = await raw(
      TAX_API_PATHS.w9Confirm,
      'zipCode=60606',
      'application/x-www-form-urlencoded',
    );
    expect(wrongType.status).toBe(400);
    const rows = await ctx.db.query('SELECT 1 FROM w9_submissions WHERE user_id = $1', [player.id]);
    expect(rows).toHaveLength(0);
  });
});

describe('W-9 in gold-only mode', () => {
  it('is not there: the tax routes answer 404 like any unknown path', async () => {
    const gold = await createTestContext({ GOLD_ONLY: 'true' }, { seedDemo: false });
    try {
      const p = await signUpPlayer(gold);
      expect((await p.client.request('GET', TAX_API_PATHS.w9)).status).toBe(404);
      expect((await create(p, validForm())).status).toBe(404);
      const confirmRes = await p.client.request('POST', TAX_API_PATHS.w9Confirm, {
        body: { zipCode: '60606', ssnLastFour: '4821' },
        headers: keyed(),
      });
      expect(confirmRes.status).toBe(404);
    } finally {
      await gold.close();
    }
  });
});
