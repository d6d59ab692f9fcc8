/**
 * The game vendor sandbox end to end, in process: its page (framed by our app only), its backend
 * deciding a spin and paying it through our signed wallet, and the rollback it sends when the
 * bet's answer is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VENDOR_GAME_ID } from '../../../../src/contract/games.ts';
import { minorToDisplay } from '../../../../src/contract/money.ts';
import { maxWinMultipleOf, SEED_BET_STEPS, SEED_GAMES } from '../../../features/games/catalogue.ts';
import { bucketBalances, ledgerViolations } from '../../../test-support/wallet-test-helpers.ts';
import { fund, launchedPlayer } from '../../../test-support/vendor-wallet-test-support.ts';
import { createTestContext, type TestContext } from '../../../test-support/test-app.ts';
import { BET_STEPS, exactReturn, maxMultiplier, multiplierOf, SYMBOLS } from './slot-math.ts';
import { createVendorSandbox, type VendorSandbox } from './vendor-sandbox.ts';
import type { FetchLike } from './wallet-client.ts';

let ctx: TestContext;
/** Our API as the sandbox reaches it: in process, or failing on purpose. */
let transport: FetchLike;
let stops: number[] = [];
let sandbox: VendorSandbox;

beforeAll(async () => {
  ctx = await createTestContext();
  transport = async (url, init) => ctx.app.request(url, init);
  sandbox = createVendorSandbox({
    origin: ctx.deps.config.vendorSandboxOrigin,
    appOrigin: ctx.deps.config.publicOrigin,
    walletApiBase: 'http://127.0.0.1:1',
    secret: ctx.deps.secrets.vendorWalletSecret,
    fetch: (url, init) => transport(url, init),
    now: ctx.deps.now,
    pick: (n) => (stops.length > 0 ? stops.shift()! : 0) % n,
  });
});
afterAll(() => ctx.close());

/** The player's vendor wallet transactions, oldest first. */
const vendorRowsOf = (userId: string) =>
  ctx.db.query<{ kind: string; status: string }>(
    'SELECT kind, status FROM vendor_transactions WHERE user_id = $1 ORDER BY id',
    [userId],
  );

const post = async (path: string, body: unknown) => {
  const res = await sandbox.app.request(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
};

describe('slot page', () => {
  it('serves the launch page framed only by our app, with its own scripts only', async () => {
    const { launch } = await launchedPlayer(ctx, 'gold');
    const url = new URL(launch.launch_url);
    const res = await sandbox.app.request(`${url.pathname}${url.search}`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain(`frame-ancestors ${ctx.deps.config.publicOrigin}`);
    expect(csp).toContain("script-src 'self'");
    expect(res.headers.get('X-Frame-Options')).toBeNull();
    expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
    expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(res.headers.get('Cache-Control')).toBe('no-store');
    const html = await res.text();
    expect(html).toContain('>Spin</button>');
    expect(html).toContain(`data-game="${VENDOR_GAME_ID}"`);
    expect(html).toContain(`data-app-origin="${ctx.deps.config.publicOrigin}"`);
    const script = await sandbox.app.request('/assets/slot.js');
    expect(await script.text()).toContain("postMessage({ type: 'vendor_round_end' }, data.appOrigin)");
  });

  it("is allowed by the app's CSP as a frame source (beside the payments and identity sandboxes only)", async () => {
    const page = await ctx.app.request('/games/fruit-frenzy');
    const frameSrc = (page.headers.get('Content-Security-Policy') ?? '')
      .split('; ')
      .find((d) => d.startsWith('frame-src'));
    expect(frameSrc).toBe(
      `frame-src 'self' ${ctx.deps.config.cardSandboxOrigin} ${ctx.deps.config.vendorSandboxOrigin} ${ctx.deps.config.kycSandboxOrigin}`,
    );
  });

  it('refuses a launch link with a malformed token or game', async () => {
    for (const query of ['token=short&game=fruit-frenzy', 'token=aaaaaaaaaaaaaaaa&game=Bad%20Game', '']) {
      const res = await sandbox.app.request(`/launch?${query}`);
      expect(res.status, query).toBe(400);
    }
  });

  it('pays 207 / 216 of the stake over all stops (about 95.83 %)', () => {
    expect(exactReturn()).toBeCloseTo(207 / 216, 12);
    expect(multiplierOf(['seven', 'seven', 'seven'])).toBe(100);
    expect(multiplierOf(['cherry', 'cherry', 'lemon'])).toBe(2);
    expect(multiplierOf(['lemon', 'cherry', 'cherry'])).toBe(0);
  });

  it("pays at most the maximum the catalogue publishes for the game, and offers the catalogue's bet steps", () => {
    expect(maxMultiplier()).toBe(100);
    expect(maxWinMultipleOf(VENDOR_GAME_ID)).toBe(maxMultiplier());
    const game = SEED_GAMES.find((g) => g.id === VENDOR_GAME_ID);
    expect(game?.maxWinMultiple).toBe(maxMultiplier());
    // The vendor is set up with the catalogue's steps (SEED_BET_STEPS, as the house games'); its
    // sandbox holds them as the vendor's own configuration, which must follow the catalogue.
    expect(BET_STEPS).toEqual({
      gold: SEED_BET_STEPS.gold.map((v) => minorToDisplay('gold', v)),
      sweeps: SEED_BET_STEPS.sweeps.map((v) => minorToDisplay('sweeps', v)),
    });
  });
});

describe('vendor backend over our wallet', () => {
  it('answers the balance and plays a winning Sweeps spin: bet debited, win credited to redeemable', async () => {
    const { player, token } = await launchedPlayer(ctx, 'sweeps');
    await fund(ctx, player.id, { freeCents: 1000 });
    const balance = await post('/vendor-api/balance', { token });
    expect(balance.status).toBe(200);
    expect(balance.body.currency).toBe('sweeps');
    const before = await bucketBalances(ctx.db, player.id);
    const seven = SYMBOLS.indexOf('seven');
    stops = [seven, seven, seven];
    const spin = await post('/vendor-api/spin', { token, game: VENDOR_GAME_ID, bet: 0.5 });
    expect(spin.status).toBe(200);
    expect(spin.body).toMatchObject({
      reels: ['seven', 'seven', 'seven'],
      multiplier: 100,
      win: 50,
      currency: 'sweeps',
    });
    const after = await bucketBalances(ctx.db, player.id);
    expect(after['sweeps:redeemable']).toBe((before['sweeps:redeemable'] ?? 0) + 5000);
    expect(spin.body.balance).toBeCloseTo((balance.body.balance as number) - 0.5 + 50, 2);
    const rounds = await vendorRowsOf(player.id);
    expect(rounds).toEqual([
      { kind: 'bet', status: 'settled' },
      { kind: 'win', status: 'credited' },
    ]);
  });

  it('plays a losing Gold spin (win 0) and refuses bets it does not offer or the player cannot pay', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    const start = (await post('/vendor-api/balance', { token })).body.balance as number;
    await fund(ctx, player.id, { gold: 150 - start });
    stops = [0, 1, 2];
    const lost = await post('/vendor-api/spin', { token, game: VENDOR_GAME_ID, bet: BET_STEPS.gold[0] });
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ win: 0, balance: 50 });
    const odd = await post('/vendor-api/spin', { token, game: VENDOR_GAME_ID, bet: 123 });
    expect(odd.status).toBe(400);
    const broke = await post('/vendor-api/spin', { token, game: VENDOR_GAME_ID, bet: BET_STEPS.gold[0] });
    expect(broke.status).toBe(400);
    expect((broke.body.error as { message: string }).message).toMatch(
      /more than the player's Gold Coin balance/,
    );
    expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(50);
  });

  it('rolls the bet back when its answer is lost, so the player is not charged', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const before = (await bucketBalances(ctx.db, player.id))['gold:main'];
    // The bet reaches our wallet and is debited, but every answer to it is lost on the way back.
    transport = async (url, init) => {
      const res = await ctx.app.request(url, init);
      if (url.endsWith('/vendor-wallet/bet')) throw new Error('connection reset');
      return res;
    };
    try {
      const spin = await post('/vendor-api/spin', { token, game: VENDOR_GAME_ID, bet: 100 });
      expect(spin.status).toBe(502);
    } finally {
      transport = async (url, init) => ctx.app.request(url, init);
    }
    expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(before);
    const rows = await vendorRowsOf(player.id);
    expect(rows).toEqual([
      { kind: 'bet', status: 'rolled_back' },
      { kind: 'rollback', status: 'refunded' },
    ]);
    expect(await ledgerViolations(ctx.db)).toEqual([]);
  });

  it('records the rollback of a bet that never arrived', async () => {
    const { player, token } = await launchedPlayer(ctx, 'gold');
    await fund(ctx, player.id, { gold: 1000 });
    const before = (await bucketBalances(ctx.db, player.id))['gold:main'];
    transport = async (url, init) => {
      if (url.endsWith('/vendor-wallet/bet')) throw new Error('connection refused');
      return ctx.app.request(url, init);
    };
    try {
      expect((await post('/vendor-api/spin', { token, game: VENDOR_GAME_ID, bet: 100 })).status).toBe(502);
    } finally {
      transport = async (url, init) => ctx.app.request(url, init);
    }
    expect((await bucketBalances(ctx.db, player.id))['gold:main']).toBe(before);
    const rows = await vendorRowsOf(player.id);
    expect(rows).toEqual([{ kind: 'rollback', status: 'bet_unknown' }]);
  });
});
