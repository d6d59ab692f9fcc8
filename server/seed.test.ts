/** The demo player: seeded only where its published password is no risk, retired elsewhere. */
import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from './platform/config.ts';
import { DEMO_PLAYER, seed, seedOptionsOf } from './seed.ts';
import { Client, createTestContext, type TestContext } from './test-support/test-app.ts';

const contexts: TestContext[] = [];
afterEach(async () => {
  await Promise.all(contexts.splice(0).map((c) => c.close()));
});

async function context(): Promise<TestContext> {
  const ctx = await createTestContext({}, { seedDemo: false });
  contexts.push(ctx);
  return ctx;
}

function recordingLogger() {
  const lines: Array<{ level: 'info' | 'warn'; msg: string; data?: Record<string, unknown> }> = [];
  return {
    lines,
    info: (msg: string, data?: Record<string, unknown>) => lines.push({ level: 'info', msg, data }),
    warn: (msg: string, data?: Record<string, unknown>) => lines.push({ level: 'warn', msg, data }),
  };
}

/** The seed as the server runs it at start, with this environment. */
async function seedAsServer(ctx: TestContext, env: Record<string, string>) {
  const logger = recordingLogger();
  const config = loadConfig({ DATA_DIR: ctx.dataDir, ...env });
  await seed(ctx.db, ctx.deps.hasher, seedOptionsOf(config, logger));
  return logger.lines;
}

const demoLogin = (ctx: TestContext) =>
  new Client(ctx).request<{ token?: string }>('POST', '/auth/login', {
    body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
  });

const demoRows = (ctx: TestContext) =>
  ctx.db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [DEMO_PLAYER.email]);

// Each scenario needs a database of its own (the demo email is unique); a fresh one takes a while
// to migrate on a busy machine, so the scenarios carry several steps and a longer time limit.
describe('demo player seeding', { timeout: 120_000 }, () => {
  it('local origin: seeded without a warning; a later start on an https origin retires it', async () => {
    const ctx = await context();
    const lines = await seedAsServer(ctx, { PUBLIC_ORIGIN: 'http://127.0.0.1:8621' });
    expect(await demoRows(ctx)).toHaveLength(1);
    expect(lines.filter((l) => l.level === 'warn')).toEqual([]);
    const signedIn = await demoLogin(ctx);
    expect(signedIn.status).toBe(200);

    // Restarted on a public origin: the published password and the open sessions stop working.
    const retired = await seedAsServer(ctx, { PUBLIC_ORIGIN: 'https://play.luckycrown.example' });
    expect(retired.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual([
      expect.stringMatching(/published password was replaced/),
    ]);
    expect((await demoLogin(ctx)).status).toBe(401);
    const live = await ctx.db.query(
      `SELECT 1 FROM refresh_tokens r JOIN users u ON u.id = r.user_id
        WHERE lower(u.email) = $1 AND r.revoked_at IS NULL`,
      [DEMO_PLAYER.email],
    );
    expect(live).toHaveLength(0);
    const me = await new Client(ctx).request('GET', '/users/me', {
      headers: { Authorization: `JWT ${signedIn.body.token}` },
    });
    expect(me.status).toBe(401);
    // The next start finds nothing to retire and says nothing.
    expect(await seedAsServer(ctx, { PUBLIC_ORIGIN: 'https://play.luckycrown.example' })).toEqual([]);
  });

  it('https origin: not seeded by default, and SEED_DEMO_PLAYER=true refuses the start; a public http origin seeds it with a warning', async () => {
    const ctx = await context();
    await seedAsServer(ctx, { PUBLIC_ORIGIN: 'https://play.luckycrown.example' });
    expect(await demoRows(ctx)).toHaveLength(0);
    expect((await demoLogin(ctx)).status).toBe(401);
    // Production (an https origin) never carries the published password: the start is refused.
    await expect(
      seedAsServer(ctx, { PUBLIC_ORIGIN: 'https://play.luckycrown.example', SEED_DEMO_PLAYER: 'true' }),
    ).rejects.toThrow(/SEED_DEMO_PLAYER must be off in production/);
    expect(await demoRows(ctx)).toHaveLength(0);

    // A public http origin (a demo on a LAN or staging host) may still force it, with a warning.
    const lines = await seedAsServer(ctx, {
      PUBLIC_ORIGIN: 'http://play.luckycrown.example',
      SEED_DEMO_PLAYER: 'true',
    });
    expect(await demoRows(ctx)).toHaveLength(1);
    const warnings = lines.filter((l) => l.level === 'warn');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toMatch(/demo player seeded on a public origin/);
    expect(warnings[0]!.data).toMatchObject({ public_origin: 'http://play.luckycrown.example' });
  });

  it('SEED_DEMO_PLAYER=false turns it off on localhost too; gold-only mode seeds it with Gold only', async () => {
    const ctx = await context();
    await seedAsServer(ctx, { PUBLIC_ORIGIN: 'http://localhost:8080', SEED_DEMO_PLAYER: 'false' });
    expect(await demoRows(ctx)).toHaveLength(0);

    await seedAsServer(ctx, { PUBLIC_ORIGIN: 'http://localhost:8080', GOLD_ONLY: 'true' });
    const entries = await ctx.db.query<{ currency: string; amount_minor: string }>(
      `SELECT currency, amount_minor FROM ledger_entries e JOIN users u ON u.id = e.user_id WHERE lower(u.email) = $1`,
      [DEMO_PLAYER.email],
    );
    expect(entries.map((e) => [e.currency, Number(e.amount_minor)])).toEqual([['gold', DEMO_PLAYER.gold]]);
  });
});
