/**
 * The support site sandbox: a small help center on its own origin (SUPPORT_SITE_ORIGIN) that
 * signs players in the way a hosted help center does with "JWT single sign-on": the app sends
 * the browser to /access/jwt?jwt=…&return_to=…, the site checks the HS256 signature with the
 * shared secret, the token's age (iat) and that its jti was never used, then keeps its own
 * session cookie and shows the signed-in player. Signed-out visitors read the public pages.
 * State (sessions, used jti) lives in memory: a sandbox, not a ticketing system.
 */
import { randomBytes } from 'node:crypto';
import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { verify } from 'hono/jwt';
import { ROUTES } from '../../../../src/contract/routes.ts';
import {
  SUPPORT_DESK_JWT_MAX_AGE_SECONDS,
  SUPPORT_SITE_PATHS,
} from '../../../../src/contract/support-desk.ts';
import { escapeHtml, framePage } from '../../sandbox-page-shell.ts';

const SESSION_COOKIE = 'support_session';
const CLOCK_SKEW_SECONDS = 60;
const STYLESHEET = '/assets/help-center.css';

export interface SupportSandboxOptions {
  /** The app's origin: where "Sign in" sends a visitor (its support-desk sign-in route). */
  appOrigin: string;
  /** The secret shared with the app for HS256. */
  secret: string;
  now: () => number;
}

interface SignedInPlayer {
  name: string;
  email: string;
  externalId: string;
}

const ARTICLES = [
  [
    'How do I claim my Daily Bonus?',
    'Open Get Coins, then Daily Bonus, once per day (the day runs in Eastern Time).',
  ],
  ['How do I redeem Sweeps Coins?', 'Open My Account, then Redeem. Identity verification is needed first.'],
  ['I forgot my password', 'Use "Forgot password" on the sign-in page to receive a sign-in link by email.'],
  ['How do I stop promotional emails?', 'Use the link at the foot of any marketing email, or My Account.'],
] as const;

const CSS = `body{font-family:system-ui,sans-serif;margin:0;color:#1b1b1f;background:#f6f5f1}
header{background:#2b1d4e;color:#fff;padding:16px}header h1{margin:0;font-size:1.4rem}
main{max-width:720px;margin:0 auto;padding:16px}.who{background:#fff;border:1px solid #d9d4c7;border-radius:8px;padding:12px;margin-bottom:16px}
a{color:#5a3bb0}button{font:inherit;padding:8px 14px}article{background:#fff;border-radius:8px;padding:12px;margin-bottom:12px}`;

function headers(c: Context): void {
  c.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'self'; img-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'",
  );
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Referrer-Policy', 'no-referrer');
  c.header('Cache-Control', 'no-store');
}

/** A path on this site only (never another origin: an open redirect would leak the session). */
const safeReturnTo = (value: string | undefined): string =>
  value && value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')
    ? value
    : SUPPORT_SITE_PATHS.helpCenter;

export function createSupportSandbox(options: SupportSandboxOptions): Hono {
  const app = new Hono();
  const sessions = new Map<string, SignedInPlayer>();
  /** Used token ids with when they may be forgotten (after they are too old to be accepted anyway). */
  const usedJti = new Map<string, number>();

  function forgetOld(nowMs: number): void {
    for (const [jti, until] of usedJti) if (until < nowMs) usedJti.delete(jti);
  }

  function page(c: Context, status: 200 | 401, title: string, body: string): Response {
    headers(c);
    return c.html(
      framePage(
        title,
        `<header><h1>Lucky Crown Help Center</h1></header><main>${body}</main>`,
        {},
        null,
        STYLESHEET,
      ),
      status,
    );
  }

  app.get(STYLESHEET, (c) => {
    c.header('Content-Type', 'text/css; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=3600');
    return c.body(CSS);
  });

  app.get('/', (c) => c.redirect(SUPPORT_SITE_PATHS.helpCenter, 302));

  app.get(SUPPORT_SITE_PATHS.helpCenter, (c) => {
    const player = sessions.get(getCookie(c, SESSION_COOKIE) ?? '');
    const who = player
      ? `<section class="who" aria-label="Signed in" data-testid="support-signed-in">
<p>Signed in as <strong>${escapeHtml(player.name)}</strong> (${escapeHtml(player.email)})</p>
<p>Your requests are linked to player account ${escapeHtml(player.externalId)}.</p>
<form method="post" action="/signout"><button type="submit">Sign out of the Help Center</button></form></section>`
      : `<section class="who" aria-label="Signed out"><p>Sign in with your Lucky Crown account to see and open requests.</p>
<p><a href="${escapeHtml(options.appOrigin + ROUTES.supportDeskLogin)}">Sign in</a></p></section>`;
    const articles = ARTICLES.map(
      ([q, a]) => `<article><h2>${escapeHtml(q)}</h2><p>${escapeHtml(a)}</p></article>`,
    ).join('');
    return page(c, 200, 'Help Center', `${who}<h2>Popular articles</h2>${articles}`);
  });

  app.get(SUPPORT_SITE_PATHS.jwtAccess, async (c) => {
    const token = c.req.query('jwt') ?? '';
    const nowMs = options.now();
    const refuse = (reason: string) =>
      page(
        c,
        401,
        'Sign-in failed',
        `<h2>Sign-in failed</h2><p role="alert">${escapeHtml(reason)}</p>
<p><a href="${escapeHtml(SUPPORT_SITE_PATHS.helpCenter)}">Help Center</a></p>`,
      );
    let claims: Record<string, unknown>;
    try {
      // The age is checked below against this site's clock (the app's clock, which browser tests
      // can move), not the machine's.
      claims = (await verify(token, options.secret, {
        alg: 'HS256',
        iat: false,
        exp: false,
        nbf: false,
      })) as Record<string, unknown>;
    } catch {
      return refuse('The sign-in token is not valid.');
    }
    const { name, email, external_id: externalId, iat, jti } = claims;
    if (typeof name !== 'string' || typeof email !== 'string' || typeof externalId !== 'string')
      return refuse('The sign-in token does not name a player.');
    if (typeof jti !== 'string' || jti.length < 8) return refuse('The sign-in token has no id.');
    const nowSeconds = Math.floor(nowMs / 1000);
    if (
      typeof iat !== 'number' ||
      iat > nowSeconds + CLOCK_SKEW_SECONDS ||
      iat < nowSeconds - SUPPORT_DESK_JWT_MAX_AGE_SECONDS
    )
      return refuse('The sign-in token has expired. Open the Help Center from the app again.');
    forgetOld(nowMs);
    if (usedJti.has(jti))
      return refuse('The sign-in token was already used. Open the Help Center from the app again.');
    usedJti.set(jti, nowMs + (SUPPORT_DESK_JWT_MAX_AGE_SECONDS + CLOCK_SKEW_SECONDS) * 1000);
    const sid = randomBytes(24).toString('base64url');
    sessions.set(sid, { name, email, externalId });
    setCookie(c, SESSION_COOKIE, sid, { httpOnly: true, sameSite: 'Lax', path: '/' });
    return c.redirect(safeReturnTo(c.req.query('return_to')), 303);
  });

  app.post('/signout', (c) => {
    sessions.delete(getCookie(c, SESSION_COOKIE) ?? '');
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.redirect(SUPPORT_SITE_PATHS.helpCenter, 303);
  });

  return app;
}
