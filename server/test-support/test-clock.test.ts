import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { TEST_CLOCK_PATH } from '../../src/contract/test-clock.ts';
import { Client, createTestContext, type TestContext, createTestApp } from './test-app.ts';
import { createLogger } from '../platform/logger.ts';
import { errorHandler } from '../http/errors.ts';
import { createServerClock } from '../core/clock.ts';
import { testClockRoutes } from './test-clock-routes.ts';

const T0 = Date.parse('2026-11-22T12:00:00.000Z');

function post(body: unknown, machineNow = () => T0) {
  const clock = createServerClock(machineNow);
  const app = new Hono();
  app.route('/', testClockRoutes(clock));
  app.onError(errorHandler(createLogger('silent')));
  const send = (b: unknown) =>
    app.request(TEST_CLOCK_PATH, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: typeof b === 'string' ? b : JSON.stringify(b),
    });
  return { clock, app, res: send(body), send };
}

describe('the test clock', () => {
  it('moves forward by seconds and answers the new time with its offset', async () => {
    const { clock, res } = post({ advance_seconds: 86_400 });
    const r = await res;
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual({ now: '2026-11-23T12:00:00.000Z', offset_ms: 86_400_000 });
    expect(clock.now()).toBe(T0 + 86_400_000);
  });

  it('jumps to a later instant, and moves never add up backward', async () => {
    const { clock, res, send } = post({ set_iso: '2026-11-23T04:59:30.000Z' });
    expect((await res).status).toBe(200);
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-23T04:59:30.000Z');
    const back = await send({ set_iso: '2026-11-22T00:00:00.000Z' });
    expect(back.status).toBe(400);
    expect(await back.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'set_iso' });
    expect(new Date(clock.now()).toISOString()).toBe('2026-11-23T04:59:30.000Z');
  });

  it.each([
    [{}],
    [{ advance_seconds: 1, set_iso: '2027-01-01T00:00:00Z' }],
    [{ advance_seconds: -1 }],
    [{ advance_seconds: 1.5 }],
    [{ advance_seconds: 1e12 }],
    [{ set_iso: 'tomorrow' }],
    [{ set_iso: '+275760-09-13T00:00:00.000Z' }],
    [{ set_iso: 'x\u0000' }],
    ['not json'],
  ])('refuses %j with a 400 and leaves the clock where it was', async (body) => {
    const { clock, res } = post(body);
    const r = await res;
    expect(r.status).toBe(400);
    expect(clock.now()).toBe(T0);
  });
});

describe('the test clock on the app', () => {
  let ctx: TestContext | null = null;
  afterEach(async () => {
    await ctx?.close();
    ctx = null;
  });

  it('does not exist unless TEST_CLOCK is on', async () => {
    ctx = await createTestContext();
    const res = await new Client(ctx).request('GET', TEST_CLOCK_PATH);
    expect(res.status).toBe(404);
  });

  it('with TEST_CLOCK on, moves the time every feature reads through deps.now', async () => {
    ctx = await createTestContext({ TEST_CLOCK: 'true' });
    const clock = createServerClock(() => T0);
    const deps = { ...ctx.deps, testClock: clock, now: clock.now };
    const app = createTestApp(deps);
    const client = new Client({ ...ctx, app });
    const moved = await client.request('POST', TEST_CLOCK_PATH, { body: { advance_seconds: 3600 } });
    expect(moved.status).toBe(200);
    expect(moved.body).toMatchObject({ now: '2026-11-22T13:00:00.000Z' });
    const read = await client.request('GET', TEST_CLOCK_PATH);
    expect(read.body).toMatchObject({ now: '2026-11-22T13:00:00.000Z', offset_ms: 3_600_000 });
  });
});
