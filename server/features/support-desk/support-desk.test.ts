/** Support desk sign-in: the JWT the server issues, and the support site sandbox that accepts it once. */
import { verify } from 'hono/jwt';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SUPPORT_DESK_PATHS, type SupportDeskJwtAnswer } from '../../../src/contract/support-desk.ts';
import { createSupportSandbox } from '../../providers/support-desk/sandbox/support-sandbox.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { signUpPlayer } from '../../test-support/wallet-test-helpers.ts';
import { seed, seedOptionsOf } from '../../seed.ts';
import { supportDeskSecret } from './support-desk-jwt.ts';

let ctx: TestContext;
let secret: string;
let site: ReturnType<typeof createSupportSandbox>;
beforeAll(async () => {
  ctx = await createTestContext({ PUBLIC_ORIGIN: 'http://localhost:8080' }, { seedDemo: false });
  secret = supportDeskSecret(ctx.deps.config.supportDeskJwtSecret, ctx.deps.secrets.jwtSecret);
  site = createSupportSandbox({ appOrigin: ctx.deps.config.publicOrigin, secret, now: () => ctx.clock.now });
});
afterAll(async () => ctx?.close());

async function issued(client: Client): Promise<SupportDeskJwtAnswer> {
  const res = await client.request<SupportDeskJwtAnswer>('POST', SUPPORT_DESK_PATHS.jwt);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

/** Opens the access URL on the sandbox as the browser would: the answer and the session cookie. */
async function access(
  url: string,
): Promise<{ status: number; location: string | null; cookie: string | null; text: string }> {
  const u = new URL(url);
  const res = await site.request(`${u.pathname}${u.search}`);
  const cookie = res.headers.get('set-cookie')?.split(';')[0] ?? null;
  return { status: res.status, location: res.headers.get('location'), cookie, text: await res.text() };
}

describe('the support-desk JWT', () => {
  it('needs a signed-in player', async () => {
    expect((await new Client(ctx).request('POST', SUPPORT_DESK_PATHS.jwt)).status).toBe(401);
  });

  it("carries the player's name, email, id, issue time and a unique id, signed HS256 with the shared secret", async () => {
    const player = await signUpPlayer(ctx, { first_name: 'Ada', last_name: 'Lovelace' });
    const a = await issued(player.client);
    const b = await issued(player.client);
    const claims = await verify(a.zendesk_jwt, secret, 'HS256');
    const email = (
      await ctx.db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [player.id])
    )[0]!.email;
    expect(claims).toMatchObject({
      name: 'Ada Lovelace',
      email,
      external_id: player.id,
      iat: Math.floor(ctx.clock.now / 1000),
    });
    expect(Object.keys(claims).sort()).toEqual(['email', 'external_id', 'iat', 'jti', 'name']);
    const header: unknown = JSON.parse(Buffer.from(a.zendesk_jwt.split('.')[0]!, 'base64url').toString());
    expect(header).toEqual({ alg: 'HS256', typ: 'JWT' });
    expect(claims.jti).not.toBe((await verify(b.zendesk_jwt, secret, 'HS256')).jti);
    expect(a.access_url.startsWith(`${ctx.deps.config.supportSiteOrigin}/access/jwt?jwt=`)).toBe(true);
    await expect(
      verify(a.zendesk_jwt, 'another-secret-0123456789abcdef0123456789', 'HS256'),
    ).rejects.toThrow();
  });

  it("a new database's support_url (the signed-out visitors' Help Center) is the help center's public page", async () => {
    await ctx.db.query(`DELETE FROM named_properties WHERE key = 'support_url'`);
    await seed(ctx.db, ctx.deps.hasher, {
      ...seedOptionsOf(ctx.deps.config, ctx.deps.logger),
      demoPlayer: false,
    });
    const res = await new Client(ctx).request<{ results: { key: string; value: string }[] }>(
      'GET',
      '/properties?names=support_url',
    );
    expect(res.body.results).toEqual([
      { key: 'support_url', value: `${ctx.deps.config.supportSiteOrigin}/hc` },
    ]);
  });
});

describe('the support site sandbox', () => {
  it('signs the player in once and shows who is signed in', async () => {
    const player = await signUpPlayer(ctx, { first_name: 'Grace', last_name: 'Hopper' });
    const { access_url } = await issued(player.client);
    const first = await access(access_url);
    expect(first.status).toBe(303);
    expect(first.location).toBe('/hc');
    expect(first.cookie).toMatch(/^support_session=/);
    const home = await site.request('/hc', { headers: { Cookie: first.cookie! } });
    const html = await home.text();
    expect(html).toContain('Signed in as <strong>Grace Hopper</strong>');
    expect(html).toContain(player.id);
    // The same token again (a replayed link) is refused.
    const again = await access(access_url);
    expect(again.status).toBe(401);
    expect(again.text).toContain('already used');
  });

  it('a burst of the same token signs in exactly once', async () => {
    const player = await signUpPlayer(ctx);
    const { access_url } = await issued(player.client);
    const answers = await Promise.all(Array.from({ length: 8 }, () => access(access_url)));
    expect(answers.filter((a) => a.status === 303)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 401)).toHaveLength(7);
  });

  it('refuses an old, altered or foreign token, and never redirects off the site', async () => {
    const player = await signUpPlayer(ctx);
    const old = await issued(player.client);
    ctx.clock.advance(181);
    expect((await access(old.access_url)).text).toContain('expired');

    const fresh = await issued(player.client);
    const token = new URL(fresh.access_url).searchParams.get('jwt')!;
    const [h, p, sig] = token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), email: 'x@evil.example' })).toString('base64url')}.${sig}`;
    for (const bad of [forged, 'not-a-jwt', '', `${token}x`, 'a'.repeat(10_000)]) {
      const res = await site.request(`/access/jwt?jwt=${encodeURIComponent(bad)}`);
      expect(res.status, bad.slice(0, 20)).toBe(401);
    }
    const offSite = await site.request(
      `/access/jwt?jwt=${token}&return_to=${encodeURIComponent('//evil.example/x')}`,
    );
    expect(offSite.status, await offSite.clone().text()).toBe(303);
    expect(offSite.headers.get('location')).toBe('/hc');
  });

  it('shows visitors the public pages with a sign-in link to the app', async () => {
    const html = await (await site.request('/hc')).text();
    expect(html).toContain('Popular articles');
    expect(html).toContain('http://localhost:8080/support-desk-login');
  });
});
