/**
 * The game vendor sandbox, served on its own origin (VENDOR_SANDBOX_ORIGIN) like a real vendor:
 *   page     GET  /launch?token=<our session token>&game=<game id>   the slot, framed by our app
 *   assets   GET  /assets/slot.js, /assets/slot.css
 *   backend  POST /vendor-api/balance { token }                      -> { currency, balance }
 *            POST /vendor-api/spin { token, game, bet }              -> { reels, multiplier, win, balance, currency }
 * The backend decides each spin itself and moves the coins through our seamless wallet, server
 * to server: bet, then win (0 when the spin lost). When the bet's answer is lost (network, 5xx),
 * it rolls the bet back so the player is never charged for a spin that did not happen.
 * Errors answer `{ error: { code, message } }`.
 */
import { randomUUID } from 'node:crypto';
import { Hono, type Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { Currency } from '../../../../src/contract/currency.ts';
import { GAME_ID_PATTERN } from '../../../../src/contract/games.ts';
import { VENDOR_SESSION_TOKEN_PATTERN, VENDOR_WALLET_PATHS } from '../../../../src/contract/vendor-wallet.ts';
import { pageHeaders } from '../../sandbox-page-shell.ts';
import type { VendorGameProvider } from '../vendor-game-provider.ts';
import { BET_STEPS, multiplierOf, spinReels } from './slot-math.ts';
import { SLOT_CSS, SLOT_JS, slotPage } from './slot-page.ts';
import { createVendorWalletClient, type FetchLike, type WalletReply } from './wallet-client.ts';

export interface VendorSandboxOptions {
  /** The sandbox's own origin (launch URLs point here). */
  origin: string;
  /** Our app's origin: the only one allowed to frame the page and to receive its messages. */
  appOrigin: string;
  /** Where our API listens, e.g. http://127.0.0.1:8080. */
  walletApiBase: string;
  /** The shared wallet key (secrets.vendorWalletSecret). */
  secret: string;
  fetch: FetchLike;
  now: () => number;
  /** Reel stops (tests fix them); the crypto RNG otherwise. */
  pick?: (n: number) => number;
}

export interface VendorSandbox {
  app: Hono;
  provider: VendorGameProvider;
}

const fail = (c: Context, status: ContentfulStatusCode, code: string, message: string) =>
  c.json({ error: { code, message } }, status);

async function jsonBody(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const parsed = (await c.req.json()) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const walletMessage = (reply: WalletReply): string =>
  typeof reply.body.message === 'string' ? reply.body.message : 'The wallet refused the call.';

export function sandboxVendorProvider(origin: string): VendorGameProvider {
  return {
    name: 'sandbox',
    origin,
    launchUrl: ({ token, gameId }) =>
      `${origin}/launch?${new URLSearchParams({ token, game: gameId }).toString()}`,
  };
}

export function createVendorSandbox(o: VendorSandboxOptions): VendorSandbox {
  const wallet = createVendorWalletClient(o);
  const app = new Hono();

  app.get('/', (c) => c.text('Sandbox game vendor (Fruit Frenzy). See docs/vendor-wallet.md.'));

  app.get('/launch', (c) => {
    const token = c.req.query('token') ?? '';
    const game = c.req.query('game') ?? '';
    pageHeaders(c, o.appOrigin);
    if (!VENDOR_SESSION_TOKEN_PATTERN.test(token) || !GAME_ID_PATTERN.test(game))
      return c.text('This game link is not valid. Go back and open the game again.', 400);
    return c.html(slotPage({ token, game, appOrigin: o.appOrigin, betSteps: JSON.stringify(BET_STEPS) }));
  });
  app.get('/assets/slot.js', (c) => {
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(SLOT_JS, 200, { 'Content-Type': 'text/javascript; charset=utf-8' });
  });
  app.get('/assets/slot.css', (c) => {
    c.header('X-Content-Type-Options', 'nosniff');
    return c.body(SLOT_CSS, 200, { 'Content-Type': 'text/css; charset=utf-8' });
  });

  const balanceOf = (token: string) => wallet.call(VENDOR_WALLET_PATHS.balance, { session_token: token });

  app.post('/vendor-api/balance', async (c) => {
    const body = await jsonBody(c);
    const token = typeof body?.token === 'string' ? body.token : '';
    if (!VENDOR_SESSION_TOKEN_PATTERN.test(token))
      return fail(c, 400, 'invalid_request', 'This game link is not valid.');
    const reply = await balanceOf(token);
    if (reply.status !== 200)
      return fail(c, reply.status === 0 ? 502 : 400, 'wallet_refused', walletMessage(reply));
    return c.json({ currency: reply.body.currency, balance: reply.body.balance });
  });

  app.post('/vendor-api/spin', async (c) => {
    const body = await jsonBody(c);
    const token = typeof body?.token === 'string' ? body.token : '';
    const bet = typeof body?.bet === 'number' ? body.bet : NaN;
    if (!VENDOR_SESSION_TOKEN_PATTERN.test(token))
      return fail(c, 400, 'invalid_request', 'This game link is not valid.');
    const session = await balanceOf(token);
    if (session.status !== 200)
      return fail(c, session.status === 0 ? 502 : 400, 'wallet_refused', walletMessage(session));
    const currency = session.body.currency as Currency;
    if (!(BET_STEPS[currency] as readonly number[]).includes(bet))
      return fail(c, 400, 'invalid_bet', 'Choose one of the offered bets.');

    const reels = spinReels(o.pick);
    const multiplier = multiplierOf(reels);
    const roundId = `ffr-${randomUUID()}`;
    const betId = `ffb-${randomUUID()}`;
    const placed = await wallet.call(VENDOR_WALLET_PATHS.bet, {
      session_token: token,
      transaction_id: betId,
      round_id: roundId,
      amount: bet,
    });
    if (placed.status === 0 || placed.status >= 500) {
      // The bet may or may not have been taken: roll it back (recorded even if it never arrived,
      // so a late copy of the bet is refused).
      await wallet.call(VENDOR_WALLET_PATHS.rollback, {
        session_token: token,
        transaction_id: `ffx-${randomUUID()}`,
        bet_transaction_id: betId,
        round_id: roundId,
      });
      return fail(c, 502, 'wallet_unavailable', 'The spin could not be placed; your bet was refunded.');
    }
    if (placed.status !== 200) return fail(c, 400, 'bet_refused', walletMessage(placed));

    const win = currency === 'gold' ? bet * multiplier : Math.round(bet * 100 * multiplier) / 100;
    const paid = await wallet.call(VENDOR_WALLET_PATHS.win, {
      session_token: token,
      transaction_id: `ffw-${randomUUID()}`,
      bet_transaction_id: betId,
      round_id: roundId,
      amount: win,
    });
    if (paid.status !== 200)
      return fail(c, 502, 'win_pending', 'Your win could not be paid yet; it will be credited shortly.');
    return c.json({ reels, multiplier, win, balance: paid.body.balance, currency });
  });

  return { app, provider: sandboxVendorProvider(o.origin) };
}
