/**
 * HTTP face of the identity provider sandbox, on its own origin (SOCIAL_SANDBOX_ORIGIN):
 *   popup    GET  /:provider/authorize?client_id=&nonce=   choose a test identity or type one
 *   popup    POST /:provider/token          { client_id, nonce, sub | email, given_name, family_name, birthdate? } -> { id_token }
 *   keys     GET  /.well-known/jwks.json    the public keys ID tokens and deletion requests are signed with
 *   deletion POST /:provider/data-deletion  { email | sub, client_id } -> signs a deletion request, sends it
 *            to the app's callback and answers the app's { url, confirmation_code }
 * Errors answer `{ error: { code, field?, message } }`.
 */
import { Hono, type Context } from 'hono';
import {
  isSocialProvider,
  SOCIAL_PROVIDER_NAMES,
  SOCIAL_SANDBOX_PATHS,
  type SocialProvider,
} from '../../../../src/contract/social-auth.ts';
import type { FetchLike } from '../../provider-http.ts';
import { escapeHtml, framePage } from '../../sandbox-page-shell.ts';
import { SOCIAL_POPUP_CSS, SOCIAL_POPUP_JS } from './popup-assets.ts';
import { customSubject, TEST_IDENTITIES, type SocialSandbox, type TestIdentity } from './social-sandbox.ts';

const MAX_FIELD = 200;
const NONCE = /^[A-Za-z0-9_-]{16,128}$/;
const CLIENT_ID = /^[A-Za-z0-9._-]{1,128}$/;
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,190}\.[^\s@]{2,}$/;
const NAME = /^[\p{L}' .-]{0,60}$/u;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

export interface SocialSandboxRouteOptions {
  /** Sends a signed deletion request to the app's callback for the provider; null = not wired. */
  deliverDeletion: ((provider: SocialProvider, signedRequest: string) => Promise<Response>) | null;
}

/** The app's data deletion callback reached over HTTP (main.ts) or in-process (tests). */
export const deletionDelivery =
  (fetch: FetchLike, callbackUrl: (provider: SocialProvider) => string) =>
  (provider: SocialProvider, signedRequest: string): Promise<Response> =>
    fetch(callbackUrl(provider), {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signedRequest }).toString(),
    });

const text = (v: unknown): string => (typeof v === 'string' ? v.slice(0, MAX_FIELD).trim() : '');

async function jsonObject(c: Context): Promise<Record<string, unknown> | null> {
  try {
    const parsed = (await c.req.json()) as unknown;
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

const fail = (c: Context, status: 400 | 403 | 404 | 502 | 503, message: string, field?: string) =>
  c.json(
    { error: { code: status === 400 ? 'invalid_request' : 'refused', ...(field ? { field } : {}), message } },
    status,
  );

/** The identity the popup chose: a listed one by sub, or a typed one. */
export function identityOf(provider: SocialProvider, b: Record<string, unknown>): TestIdentity | string {
  const sub = text(b.sub);
  if (sub) return TEST_IDENTITIES[provider].find((i) => i.sub === sub) ?? 'Unknown test identity.';
  const email = text(b.email).toLowerCase();
  if (!EMAIL.test(email)) return 'Enter an email address.';
  const given = text(b.given_name);
  const family = text(b.family_name);
  if (!NAME.test(given) || !NAME.test(family))
    return 'Names use letters, spaces, hyphens, apostrophes or periods.';
  const birthdate = text(b.birthdate);
  if (birthdate && !DATE.test(birthdate)) return 'Birth date as YYYY-MM-DD.';
  return {
    sub: customSubject(provider, email),
    email,
    given_name: given,
    family_name: family,
    ...(birthdate ? { birthdate } : {}),
  };
}

function popupPage(
  sandbox: SocialSandbox,
  provider: SocialProvider,
  clientId: string,
  nonce: string,
): string {
  const name = SOCIAL_PROVIDER_NAMES[provider];
  const listed = TEST_IDENTITIES[provider]
    .map(
      (i) =>
        `<button type="button" class="who" data-sub="${escapeHtml(i.sub)}">${escapeHtml(
          [i.given_name, i.family_name].filter(Boolean).join(' '),
        )}<small>${escapeHtml(i.email)}${i.birthdate ? ' · birth date shared' : ' · no birth date'}</small></button>`,
    )
    .join('\n');
  const content = `
<h1>Sign in with ${name} (sandbox)</h1>
<p class="note">Test identities of the ${name} sandbox. Choose one, or type your own.</p>
${listed}
<h2>Another identity</h2>
<form id="custom" novalidate>
  <label for="email">Email</label><input id="email" name="email" type="email" autocomplete="off">
  <label for="given_name">First name</label><input id="given_name" name="given_name" autocomplete="off">
  <label for="family_name">Last name</label><input id="family_name" name="family_name" autocomplete="off">
  <label for="birthdate">Birth date (optional)</label><input id="birthdate" name="birthdate" type="date">
  <button type="submit" class="primary">Continue as this person</button>
</form>
<p id="error" class="error" role="alert" aria-live="polite"></p>
<p id="status" role="status"></p>
<h2>Data deletion</h2>
<p class="note">Ask Lucky Crown to delete what it received from ${name} for this email.</p>
<form id="deletion" novalidate>
  <label for="deletion_email">Email of the person to delete</label><input id="deletion_email" name="deletion_email" type="email" autocomplete="off">
  <button type="submit">Send data deletion request</button>
</form>
<p><a id="deletion-result" hidden target="_blank" rel="noopener"></a></p>`;
  return framePage(
    `Sign in with ${name}`,
    content,
    { 'app-origin': sandbox.options.appOrigin, provider, 'client-id': clientId, nonce },
    '/social/assets/popup.js',
    '/social/assets/popup.css',
  );
}

export function socialSandboxRoutes(sandbox: SocialSandbox, o: SocialSandboxRouteOptions): Hono {
  const app = new Hono();
  app.onError((_error, c) => c.json({ error: { code: 'api_error', message: 'Sandbox error.' } }, 500));

  const asset = (body: string, type: string) => (c: Context) => {
    c.header('Content-Type', type);
    c.header('Cache-Control', 'no-cache');
    return c.body(body);
  };
  app.get('/social/assets/popup.css', asset(SOCIAL_POPUP_CSS, 'text/css; charset=utf-8'));
  app.get('/social/assets/popup.js', asset(SOCIAL_POPUP_JS, 'text/javascript; charset=utf-8'));

  app.get(SOCIAL_SANDBOX_PATHS.jwks, (c) => {
    c.header('Cache-Control', 'public, max-age=300');
    return c.json(sandbox.jwks());
  });

  app.get('/:provider/authorize', (c) => {
    const provider = c.req.param('provider');
    const clientId = c.req.query('client_id') ?? '';
    const nonce = c.req.query('nonce') ?? '';
    c.header(
      'Content-Security-Policy',
      "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
    );
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Referrer-Policy', 'no-referrer');
    c.header('Cache-Control', 'no-store');
    if (!isSocialProvider(provider)) return c.text('Unknown provider.', 404);
    if (!CLIENT_ID.test(clientId) || !NONCE.test(nonce))
      return c.text('client_id and nonce are required.', 400);
    return c.html(popupPage(sandbox, provider, clientId, nonce));
  });

  /** The popup's own call: only from the sandbox origin's page. */
  const sameOrigin = (c: Context): boolean => {
    const origin = c.req.header('Origin');
    return origin === undefined || origin === sandbox.origin;
  };

  app.post('/:provider/token', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return fail(c, 404, 'Unknown provider.');
    if (!sameOrigin(c)) return fail(c, 403, 'Cross-origin request refused.');
    const b = await jsonObject(c);
    if (!b) return fail(c, 400, 'Body must be a JSON object.');
    const clientId = text(b.client_id);
    const nonce = text(b.nonce);
    if (!CLIENT_ID.test(clientId)) return fail(c, 400, 'client_id is required.', 'client_id');
    if (!NONCE.test(nonce)) return fail(c, 400, 'nonce is required.', 'nonce');
    const identity = identityOf(provider, b);
    if (typeof identity === 'string') return fail(c, 400, identity);
    return c.json({ id_token: sandbox.idToken({ provider, clientId, nonce, identity }) });
  });

  app.post('/:provider/data-deletion', async (c) => {
    const provider = c.req.param('provider');
    if (!isSocialProvider(provider)) return fail(c, 404, 'Unknown provider.');
    if (!sameOrigin(c)) return fail(c, 403, 'Cross-origin request refused.');
    const b = await jsonObject(c);
    if (!b) return fail(c, 400, 'Body must be a JSON object.');
    const clientId = text(b.client_id);
    if (!CLIENT_ID.test(clientId)) return fail(c, 400, 'client_id is required.', 'client_id');
    const identity = identityOf(provider, { sub: b.sub, email: b.email ?? b.deletion_email });
    if (typeof identity === 'string') return fail(c, 400, identity);
    if (!o.deliverDeletion) return fail(c, 503, 'Deletion requests are not wired to an app here.');
    const listed = TEST_IDENTITIES[provider].find((i) => i.email === identity.email);
    const answer = await o.deliverDeletion(
      provider,
      sandbox.deletionRequest(provider, clientId, (listed ?? identity).sub),
    );
    const json = (await answer.json().catch(() => null)) as unknown;
    if (!answer.ok) return fail(c, 502, `The app refused the request (${answer.status}).`);
    return c.json(json);
  });

  app.get('/', (c) =>
    c.text('Lucky Crown identity provider sandbox (Google, Facebook). See docs/social-sign-in.md.'),
  );
  return app;
}
