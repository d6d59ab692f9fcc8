/**
 * Promotions: the seeded pop-ups and slides in the login answer and the carousel call, who sees
 * Sweeps promotions (not gold-only mode, not players of a state without Sweeps), schedule windows
 * and the on/off switch, and the operator console's list / create / edit / reorder with their
 * validation (in-app destinations from the route table, images of the promotions folder) and
 * audit rows. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import fc from 'fast-check';
import { is } from 'superstruct';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OPERATOR_PROMO_PATHS,
  PROMO_API_PATHS,
  PromoPopupWireSchema,
  PromoSlideSchema,
  type OperatorPromoRow,
  type PromoKind,
  type PromoPopupWire,
  type PromoSlide,
} from '../../../src/contract/promotions.ts';
import { CSRF_HEADER } from '../../../src/contract/constants.ts';
import { Client, createTestContext, signUpPayload, type TestContext } from '../../test-support/test-app.ts';
import { auditCount, signedInOperator } from '../../test-support/operator-test-support.ts';
import { SEEDED_POPUPS, SEEDED_SLIDES, seedPromotions } from './seed-promotions.ts';

interface LoginAnswer {
  token: string;
  promopopups: PromoPopupWire[];
  promocarousels: PromoSlide[];
}

let ctx: TestContext;
let op: Awaited<ReturnType<typeof signedInOperator>>;

beforeAll(async () => {
  ctx = await createTestContext();
  await seedPromotions(ctx.db);
  op = await signedInOperator(ctx);
});
afterAll(() => ctx?.close());

/** A new player's join answer (the login answer of their first session). */
async function join(c: TestContext = ctx, overrides: Record<string, unknown> = {}) {
  const client = new Client(c);
  const res = await client.request<LoginAnswer>('POST', '/users', { body: signUpPayload(overrides) });
  expect(res.status).toBe(201);
  client.token = res.body.token;
  return { client, answer: res.body };
}

/** Moves the server clock; the operator session (30 minutes idle) is signed in again. */
async function advance(seconds: number): Promise<void> {
  ctx.clock.advance(seconds);
  expect((await op.client.signIn(op.email)).status).toBe(200);
}

const names = (rows: { name: string }[]) => rows.map((r) => r.name);

const popupBody = (overrides: Record<string, unknown> = {}) => ({
  name: `Pop-up ${Math.random().toString(36).slice(2, 8)}`,
  cdn_image: '/promotions/daily-bonus.svg',
  image_alt: 'A prize wheel',
  image_width: 640,
  image_height: 320,
  button_text: 'Go',
  button_location: '/buy-coins',
  audience: 'all',
  ...overrides,
});
const slideBody = (overrides: Record<string, unknown> = {}) => ({
  ...popupBody(overrides),
  headline: 'A headline',
  body: 'Some words.',
  ...overrides,
});

async function create(kind: PromoKind, body: Record<string, unknown>) {
  const res = await op.client.request<{ after: OperatorPromoRow; audit_id: string }>(
    'POST',
    OPERATOR_PROMO_PATHS.list(kind),
    { body },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.after;
}

async function list(kind: PromoKind): Promise<OperatorPromoRow[]> {
  const res = await op.client.request<{ results: OperatorPromoRow[] }>(
    'GET',
    OPERATOR_PROMO_PATHS.list(kind),
  );
  expect(res.status).toBe(200);
  return res.body.results;
}

const editBody = (row: OperatorPromoRow, changes: Record<string, unknown>) => ({
  name: row.name,
  ...(row.headline !== undefined ? { headline: row.headline, body: row.body } : {}),
  cdn_image: row.cdn_image,
  image_alt: row.image_alt,
  image_width: row.image_width,
  image_height: row.image_height,
  button_text: row.button_text,
  button_location: row.button_location,
  audience: row.audience,
  active: row.active,
  active_from: row.active_from,
  active_until: row.active_until,
  ...changes,
});

async function edit(kind: PromoKind, row: OperatorPromoRow, changes: Record<string, unknown>) {
  const res = await op.client.request<{ after: OperatorPromoRow }>(
    'PUT',
    OPERATOR_PROMO_PATHS.one(kind, row.id),
    { body: editBody(row, changes) },
  );
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.after;
}

describe('the login answer', () => {
  it('carries the live pop-ups and slides in display order, with image alt text and size', async () => {
    const { answer } = await join();
    expect(names(answer.promopopups).slice(0, SEEDED_POPUPS.length)).toEqual(names([...SEEDED_POPUPS]));
    expect(names(answer.promocarousels).slice(0, SEEDED_SLIDES.length)).toEqual(names([...SEEDED_SLIDES]));
    for (const p of answer.promopopups) expect(is(p, PromoPopupWireSchema)).toBe(true);
    for (const s of answer.promocarousels) expect(is(s, PromoSlideSchema)).toBe(true);
    expect(answer.promopopups[0]).toMatchObject({
      name: 'Daily Bonus wheel',
      cdn_image: '/promotions/daily-bonus.svg',
      image_alt: expect.stringMatching(/\w/),
      image_width: 640,
      image_height: 320,
      button_text: 'Spin the wheel',
      button_location: '/buy-coins/daily-bonus',
    });
  });

  it('the carousel call answers the same slides as the login answer, and only to a signed-in player', async () => {
    const { client, answer } = await join();
    const res = await client.request<{ results: PromoSlide[] }>('GET', PROMO_API_PATHS.carousel);
    expect(res.status).toBe(200);
    expect(res.body.results).toEqual(answer.promocarousels);
    expect((await new Client(ctx).request('GET', PROMO_API_PATHS.carousel)).status).toBe(401);
  });

  it('a player whose address moved to a state without Sweeps is shown no Sweeps promotion', async () => {
    const payload = signUpPayload();
    const joined = await new Client(ctx).request<LoginAnswer & { user: { id: string } }>('POST', '/users', {
      body: payload,
    });
    expect(joined.status).toBe(201);
    expect(names(joined.body.promocarousels)).toContain('Refer a friend');
    await ctx.db.query("UPDATE users SET state_or_province = 'WA' WHERE id = $1", [joined.body.user.id]);
    const client = new Client(ctx);
    const login = await client.request<LoginAnswer>('POST', '/auth/login', {
      body: { email: payload.email, password: payload.password1 },
    });
    expect(login.status).toBe(200);
    expect(names(login.body.promocarousels)).not.toContain('Refer a friend');
    expect(names(login.body.promocarousels)).toContain('Weekly Coins Challenge');
    client.token = login.body.token;
    const res = await client.request<{ results: PromoSlide[] }>('GET', PROMO_API_PATHS.carousel);
    expect(names(res.body.results)).toEqual(names(login.body.promocarousels));
  });

  it('in gold-only mode no Sweeps promotion is shown, seeded or created by an operator', async () => {
    const gold = await createTestContext({ GOLD_ONLY: 'true' });
    try {
      await seedPromotions(gold.db);
      const goldOp = await signedInOperator(gold);
      const made = await goldOp.client.request('POST', OPERATOR_PROMO_PATHS.list('popups'), {
        body: popupBody({ name: 'Sweeps only', button_location: '/refer-a-friend', audience: 'sweeps' }),
      });
      expect(made.status).toBe(201);
      const { client, answer } = await join(gold);
      const expected = SEEDED_SLIDES.filter((s) => s.audience === 'all').map((s) => s.name);
      expect(names(answer.promocarousels)).toEqual(expected);
      expect(names(answer.promopopups)).not.toContain('Sweeps only');
      expect(JSON.stringify(answer.promocarousels)).not.toMatch(/sweeps/i);
      const res = await client.request<{ results: PromoSlide[] }>('GET', PROMO_API_PATHS.carousel);
      expect(names(res.body.results)).toEqual(expected);
    } finally {
      await gold.close();
    }
  });

  it('while the Daily Bonus is switched off, its promotions wait (no pop-up or slide to an unavailable page)', async () => {
    const set = (value: string) =>
      op.client.request('PUT', '/operator/properties/daily_bonus_enabled', {
        body: { value, reason: 'promotions test' },
      });
    expect((await set('false')).status).toBe(200);
    try {
      const { client, answer } = await join();
      const places = [...answer.promopopups, ...answer.promocarousels].map((p) => p.button_location);
      expect(places).not.toContain('/buy-coins/daily-bonus');
      expect(answer.promopopups[0]?.name).toBe('Gold Coin packages');
      const res = await client.request<{ results: PromoSlide[] }>('GET', PROMO_API_PATHS.carousel);
      expect(names(res.body.results)).not.toContain('Daily Bonus');
    } finally {
      expect((await set('true')).status).toBe(200);
    }
    expect((await join()).answer.promopopups[0]?.name).toBe('Daily Bonus wheel');
  });

  it('seeding again writes nothing twice and keeps an operator edit', async () => {
    const before = await list('popups');
    const seeded = before.find((r) => r.name === 'Gold Coin packages')!;
    await edit('popups', seeded, { button_text: 'Open the store' });
    await seedPromotions(ctx.db);
    const after = await list('popups');
    expect(after.length).toBe(before.length);
    expect(after.find((r) => r.id === seeded.id)?.button_text).toBe('Open the store');
  });
});

describe('schedule windows and the on/off switch', () => {
  it('a pop-up shows from active_from until active_until, and not while switched off', async () => {
    const start = new Date(ctx.clock.now + 3600_000).toISOString();
    const end = new Date(ctx.clock.now + 7200_000).toISOString();
    const row = await create(
      'popups',
      popupBody({ name: 'Happy hour', active_from: start, active_until: end }),
    );
    expect(row.status).toBe('scheduled');
    expect(names((await join()).answer.promopopups)).not.toContain('Happy hour');

    await advance(3600);
    expect(names((await join()).answer.promopopups)).toContain('Happy hour');
    expect((await list('popups')).find((r) => r.id === row.id)?.status).toBe('live');

    const off = await edit('popups', row, { active: false });
    expect(off.status).toBe('off');
    expect(names((await join()).answer.promopopups)).not.toContain('Happy hour');
    const on = await edit('popups', off, { active: true });

    await advance(3600);
    expect(names((await join()).answer.promopopups)).not.toContain('Happy hour');
    expect((await list('popups')).find((r) => r.id === on.id)?.status).toBe('ended');
  });

  it('a slide scheduled for later reaches the carousel call when its time comes', async () => {
    const start = new Date(ctx.clock.now + 600_000).toISOString();
    await create('slides', slideBody({ name: 'Later slide', active_from: start }));
    const { client } = await join();
    const read = async () =>
      names((await client.request<{ results: PromoSlide[] }>('GET', PROMO_API_PATHS.carousel)).body.results);
    expect(await read()).not.toContain('Later slide');
    await advance(600);
    expect(await read()).toContain('Later slide');
  });
});

describe('operator console', () => {
  it('creates a pop-up with its audit row, and new players see it', async () => {
    const before = await auditCount(ctx);
    const res = await op.client.request<{ after: OperatorPromoRow; audit_id: string }>(
      'POST',
      OPERATOR_PROMO_PATHS.list('popups'),
      { body: popupBody({ name: 'Weekend offer', reason: 'Weekend campaign' }) },
    );
    expect(res.status).toBe(201);
    expect(res.body.after).toMatchObject({ name: 'Weekend offer', status: 'live', active: true });
    expect(await auditCount(ctx)).toBe(before + 1);
    const audit = await ctx.db.query<{ action: string; subject: string; reason: string }>(
      'SELECT action, subject, reason FROM operator_audit WHERE id = $1',
      [res.body.audit_id],
    );
    expect(audit[0]).toEqual({
      action: 'promo_created',
      subject: `popups:${res.body.after.id}`,
      reason: 'Weekend campaign',
    });
    expect(names((await join()).answer.promopopups)).toContain('Weekend offer');
  });

  it('edits a slide (before and after in the audit row) and players get the new text', async () => {
    const row = await create('slides', slideBody({ name: 'Editable', headline: 'Old headline' }));
    const res = await op.client.request<{ before: OperatorPromoRow; after: OperatorPromoRow }>(
      'PUT',
      OPERATOR_PROMO_PATHS.one('slides', row.id),
      { body: editBody(row, { headline: 'New headline' }) },
    );
    expect(res.status).toBe(200);
    expect(res.body.before.headline).toBe('Old headline');
    expect(res.body.after.headline).toBe('New headline');
    const slide = (await join()).answer.promocarousels.find((s) => s.id === row.id);
    expect(slide?.headline).toBe('New headline');
  });

  it('reorders the slides: the login answer follows the new order', async () => {
    const ids = (await list('slides')).map((r) => r.id);
    const reversed = [...ids].reverse();
    const res = await op.client.request('POST', OPERATOR_PROMO_PATHS.order('slides'), {
      body: { ids: reversed },
    });
    expect(res.status).toBe(200);
    expect((await list('slides')).map((r) => r.id)).toEqual(reversed);
    const live = (await join()).answer.promocarousels.map((s) => s.id);
    expect(live).toEqual(reversed.filter((id) => live.includes(id)));
  });

  it('refuses an order that leaves out, repeats or invents a row', async () => {
    const ids = (await list('slides')).map((r) => r.id);
    for (const bad of [ids.slice(1), [...ids, ids[0]!], [...ids.slice(1), '999999'], []]) {
      const res = await op.client.request('POST', OPERATOR_PROMO_PATHS.order('slides'), {
        body: { ids: bad },
      });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    expect((await list('slides')).map((r) => r.id)).toEqual(ids);
  });

  it('a parallel burst of reorders leaves one of the asked orders, every row once', async () => {
    const ids = (await list('popups')).map((r) => r.id);
    const orders = Array.from({ length: 6 }, (_, i) => [
      ...ids.slice(i % ids.length),
      ...ids.slice(0, i % ids.length),
    ]);
    const answers = await Promise.all(
      orders.map((o) =>
        op.client.request('POST', OPERATOR_PROMO_PATHS.order('popups'), { body: { ids: o } }),
      ),
    );
    for (const a of answers) expect(a.status).toBe(200);
    const final = (await list('popups')).map((r) => r.id);
    expect(orders.map((o) => o.join())).toContain(final.join());
  });

  it('a create racing a reorder: the reorder that misses the new row is refused, nothing is lost', async () => {
    const ids = (await list('popups')).map((r) => r.id);
    const [made, reorder] = await Promise.all([
      op.client.request<{ after: OperatorPromoRow }>('POST', OPERATOR_PROMO_PATHS.list('popups'), {
        body: popupBody({ name: 'Racer', active: false }),
      }),
      op.client.request('POST', OPERATOR_PROMO_PATHS.order('popups'), { body: { ids: [...ids].reverse() } }),
    ]);
    expect(made.status).toBe(201);
    expect([200, 400]).toContain(reorder.status);
    const final = (await list('popups')).map((r) => r.id);
    expect(new Set(final)).toEqual(new Set([...ids, made.body.after.id]));
  });

  it('answers 404 for an unknown id or kind, 401 without an operator session or with a player token', async () => {
    const row = (await list('popups'))[0]!;
    expect(
      (
        await op.client.request('PUT', OPERATOR_PROMO_PATHS.one('popups', '999999'), {
          body: editBody(row, {}),
        })
      ).status,
    ).toBe(404);
    expect(
      (await op.client.request('PUT', OPERATOR_PROMO_PATHS.one('popups', 'abc'), { body: editBody(row, {}) }))
        .status,
    ).toBe(404);
    expect((await op.client.request('GET', '/operator/promotions/banners')).status).toBe(404);
    const { client } = await join();
    expect((await client.request('GET', OPERATOR_PROMO_PATHS.list('popups'))).status).toBe(401);
    expect((await new Client(ctx).request('GET', OPERATOR_PROMO_PATHS.list('slides'))).status).toBe(401);
  });

  it('refuses a change without the operator CSRF token', async () => {
    const before = await auditCount(ctx);
    const res = await op.client.request('POST', OPERATOR_PROMO_PATHS.list('popups'), {
      body: popupBody(),
      headers: { [CSRF_HEADER]: 'nope' },
    });
    expect(res.status).toBe(403);
    expect(await auditCount(ctx)).toBe(before);
  });
});

describe('validation', () => {
  const refused: [string, Record<string, unknown>, string, string][] = [
    [
      'another site',
      { button_location: 'https://evil.example/' },
      'INVALID_PROMO_LOCATION',
      'button_location',
    ],
    [
      'a protocol-relative address',
      { button_location: '//evil.example/x' },
      'INVALID_PROMO_LOCATION',
      'button_location',
    ],
    [
      'a script address',
      { button_location: 'javascript:alert(1)' },
      'INVALID_PROMO_LOCATION',
      'button_location',
    ],
    ['a backslash path', { button_location: '/\\evil.example' }, 'INVALID_PROMO_LOCATION', 'button_location'],
    ['a dot segment', { button_location: '/lobby/../operator' }, 'INVALID_PROMO_LOCATION', 'button_location'],
    ['an unknown page', { button_location: '/free-money' }, 'INVALID_PROMO_LOCATION', 'button_location'],
    ['the operator console', { button_location: '/operator' }, 'INVALID_PROMO_LOCATION', 'button_location'],
    ['the sign-out page', { button_location: '/logout' }, 'INVALID_PROMO_LOCATION', 'button_location'],
    ['a query', { button_location: '/buy-coins?promo=x' }, 'INVALID_PROMO_LOCATION', 'button_location'],
    [
      'a Sweeps page for everyone',
      { button_location: '/refer-a-friend' },
      'INVALID_PROMO_LOCATION',
      'audience',
    ],
    [
      'an image of another site',
      { cdn_image: 'https://evil.example/a.png' },
      'INVALID_PROMO_IMAGE',
      'cdn_image',
    ],
    ['an image outside the folder', { cdn_image: '/icons/icon-192.png' }, 'INVALID_PROMO_IMAGE', 'cdn_image'],
    [
      'an image path escaping the folder',
      { cdn_image: '/promotions/../x.svg' },
      'INVALID_PROMO_IMAGE',
      'cdn_image',
    ],
    ['an image without alt text', { image_alt: '  ' }, 'INVALID_PROMO_IMAGE', 'image_alt'],
    ['an image without a width', { image_width: null }, 'INVALID_PROMO_IMAGE', 'image_width'],
    ['a zero height', { image_height: 0 }, 'VALIDATION_ERROR', 'image_height'],
    ['a fractional width', { image_width: 10.5 }, 'VALIDATION_ERROR', 'image_width'],
    ['a blank name', { name: '   ' }, 'VALIDATION_ERROR', 'name'],
    ['a blank button text', { button_text: ' ' }, 'VALIDATION_ERROR', 'button_text'],
    ['a long button text', { button_text: 'x'.repeat(41) }, 'VALIDATION_ERROR', 'button_text'],
    ['an unknown audience', { audience: 'vip' }, 'VALIDATION_ERROR', 'audience'],
    [
      'an end before the start',
      { active_from: '2030-01-02T00:00:00Z', active_until: '2030-01-01T00:00:00Z' },
      'INVALID_PROMO_SCHEDULE',
      'active_until',
    ],
    [
      'an end equal to the start',
      { active_from: '2030-01-02T00:00:00Z', active_until: '2030-01-02T00:00:00Z' },
      'INVALID_PROMO_SCHEDULE',
      'active_until',
    ],
    ['a time without a zone', { active_from: '2030-01-02T00:00' }, 'INVALID_PROMO_SCHEDULE', 'active_from'],
    [
      'a date that does not exist',
      { active_until: '2030-02-31T00:00:00Z' },
      'INVALID_PROMO_SCHEDULE',
      'active_until',
    ],
    ['an unknown field', { colour: 'red' }, 'VALIDATION_ERROR', 'colour'],
  ];

  it.each(refused)(
    'refuses %s (400 with code and field), writing nothing',
    async (_label, change, code, field) => {
      const before = await auditCount(ctx);
      const res = await op.client.request<{ code: string; field: string; message: string }>(
        'POST',
        OPERATOR_PROMO_PATHS.list('popups'),
        { body: popupBody(change) },
      );
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code, field });
      expect(res.body.message).toMatch(/\w/);
      expect(await auditCount(ctx)).toBe(before);
    },
  );

  it('accepts every route-table destination it offers: daily bonus, refer-a-friend (Sweeps), the challenge, a game', async () => {
    for (const [location, audience] of [
      ['/buy-coins/daily-bonus', 'all'],
      ['/refer-a-friend', 'sweeps'],
      ['/promotions/playson-weekly-coins-challenge', 'all'],
      ['/quick-play-games/games/blackjack', 'all'],
      ['/my-account#my-sweeps-coins', 'all'],
    ])
      await create('popups', popupBody({ button_location: location, audience, active: false }));
  });

  it('a slide needs its headline; a pop-up takes none', async () => {
    const noHeadline = await op.client.request('POST', OPERATOR_PROMO_PATHS.list('slides'), {
      body: popupBody(),
    });
    expect(noHeadline.status).toBe(400);
    const popupWithHeadline = await op.client.request('POST', OPERATOR_PROMO_PATHS.list('popups'), {
      body: slideBody(),
    });
    expect(popupWithHeadline.status).toBe(400);
  });

  it('fuzzed bodies on create and edit: always a 4xx with the error shape, never a row', async () => {
    const row = (await list('slides'))[0]!;
    const hostile = fc.oneof(
      fc.string({ maxLength: 60 }),
      fc.constantFrom(
        '\u0000',
        '\uD800',
        '//x',
        'javascript:x',
        '/promotions/a.svg',
        '/buy-coins',
        'x'.repeat(5000),
      ),
    );
    const value: fc.Arbitrary<unknown> = fc.oneof(
      hostile,
      fc.integer(),
      fc.double(),
      fc.boolean(),
      fc.constant(null),
      fc.array(hostile, { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 5 }), hostile, { maxKeys: 2 }),
    );
    const keys = [
      'name',
      'headline',
      'body',
      'cdn_image',
      'image_alt',
      'image_width',
      'image_height',
      'button_text',
      'button_location',
      'audience',
      'active',
      'active_from',
      'active_until',
      'reason',
      'ids',
    ];
    const before = await auditCount(ctx);
    const count = (await list('slides')).length;
    await fc.assert(
      fc.asyncProperty(
        fc.dictionary(fc.constantFrom(...keys), value, { maxKeys: 8 }),
        fc.constantFrom<PromoKind>('popups', 'slides'),
        fc.constantFrom('POST', 'PUT'),
        async (body, kind, method) => {
          const path =
            method === 'POST' ? OPERATOR_PROMO_PATHS.list(kind) : OPERATOR_PROMO_PATHS.one(kind, row.id);
          const res = await op.client.request<{ code?: unknown; message?: unknown }>(method, path, { body });
          expect(res.status).toBeGreaterThanOrEqual(400);
          expect(res.status).toBeLessThan(500);
          expect(typeof res.body.code).toBe('string');
          expect(typeof res.body.message).toBe('string');
        },
      ),
      { numRuns: Number(process.env.FUZZ_RUNS ?? 60) },
    );
    expect(await auditCount(ctx)).toBe(before);
    expect((await list('slides')).length).toBe(count);
  }, 60_000);
});
