/**
 * The server's side of the prerendered pages, with a stand-in for the build's SSR bundle (the
 * real bundle is checked against a real build in tests/build/prerendered-pages.test.ts): which
 * paths carry markup, the latest policy version, inlined styles, the plain shell as the fallback.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { fillTemplate, PAGE_STYLES_FILE, PRERENDER_DIR, RENDER_MODULE_FILE } from './prerendered-pages.ts';

const INDEX_HTML =
  '<!doctype html><html><head><title>Lucky Crown</title><style>.global{}</style></head><body><div id="root"></div><script type="module" src="/assets/index-x.js"></script></body></html>';

/** Stands in for src/prerender/render-page.tsx: the login form, and the policy text, escaped. */
const RENDER_MODULE = `
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const POLICIES = { '/policies/terms-and-conditions': 'terms_conditions' };
export const calls = [];
export function prerenderedPageStyles(pathname) {
  if (pathname === '/login') return ['layout', 'login'];
  return POLICIES[pathname] ? ['layout', 'policy'] : null;
}
export const needsLegalDocuments = (pathname) => pathname in POLICIES;
export async function renderPage(url, data) {
  const pathname = new URL(url).pathname;
  globalThis.__renderCalls = (globalThis.__renderCalls ?? 0) + 1;
  if (pathname === '/login')
    return { html: '<main><form aria-label="Sign in"><label for="email">Email</label><input id="email" name="email"></form></main>', hasForm: true };
  const doc = data.legalDocuments.find((d) => d.type === POLICIES[pathname]);
  return { html: '<main><h1>' + escape(doc.title) + '</h1><p>version ' + doc.version + '</p><p>' + escape(doc.body) + '</p></main>', hasForm: false };
}
`;

let ctx: TestContext;
let dist: string;

const renderCalls = (): number => (globalThis as { __renderCalls?: number }).__renderCalls ?? 0;

async function publishTerms(body: string): Promise<void> {
  await ctx.db.query(
    `INSERT INTO legal_documents (type, version, title, body, body_sha256, acceptance_required, scroll_required)
     SELECT type, version + 1, title, $1, md5($1), acceptance_required, scroll_required
       FROM legal_documents WHERE type = 'terms_conditions' ORDER BY version DESC LIMIT 1`,
    [body],
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  dist = ctx.deps.config.distDir;
  mkdirSync(path.join(dist, PRERENDER_DIR), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), INDEX_HTML);
  writeFileSync(path.join(dist, PRERENDER_DIR, RENDER_MODULE_FILE), RENDER_MODULE);
  writeFileSync(
    path.join(dist, PRERENDER_DIR, PAGE_STYLES_FILE),
    JSON.stringify({
      layout: { files: ['assets/start-1.css'], css: '.header{color:red}' },
      login: { files: ['assets/login-page-2.css', 'assets/start-1.css'], css: '.form{}</style><b>' },
      policy: { files: [], css: '.doc{}' },
    }),
  );
});
afterAll(async () => ctx?.close());

describe('prerendered pages', () => {
  it('/login answers the shell with the form inside, inert until the app starts, and its styles inlined', async () => {
    const res = await ctx.app.request(ROUTES.login);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toMatch(/^text\/html/);
    expect(res.headers.get('Cache-Control')).toBe('no-cache');
    // The page's CSP stays the app's: no inline script is added.
    expect(res.headers.get('Content-Security-Policy')).toContain("script-src 'self'");
    const html = await res.text();
    expect(html).toContain(
      '<div id="root" data-prerendered inert><main><form aria-label="Sign in"><label for="email">Email</label>',
    );
    // The page's styles follow the entry's, in the head; a style text cannot close its element.
    expect(html).toContain(
      '<style>.global{}</style><style>.header{color:red}.form{}<\\/style><b></style>' +
        '<link rel="stylesheet" href="/assets/start-1.css" media="not all" disabled>' +
        '<link rel="stylesheet" href="/assets/login-page-2.css" media="not all" disabled></head>',
    );
    // The app's entry is the page's only script.
    expect(html.match(/<script/g)).toEqual(['<script']);
  });

  it('a policy page carries the latest version of its document, escaped, and no inert', async () => {
    const first = await (await ctx.app.request(ROUTES.policiesTerms)).text();
    expect(first).toContain('<div id="root" data-prerendered><main><h1>Terms and Conditions</h1>');
    const version = Number(/version (\d+)/.exec(first)?.[1]);
    expect(version).toBeGreaterThan(0);

    await publishTerms('New terms <script>alert(1)</script> & $& $1 apply.');
    const next = await (await ctx.app.request(ROUTES.policiesTerms)).text();
    expect(next).toContain(`version ${version + 1}`);
    expect(next).toContain('New terms &lt;script&gt;alert(1)&lt;/script&gt; &amp; $&amp; $1 apply.');
    expect(next).not.toContain('<script>alert(1)');
  });

  it('renders each page once per document version, and answers 304 to its ETag', async () => {
    await ctx.app.request(ROUTES.login);
    const calls = renderCalls();
    const res = await ctx.app.request(ROUTES.login);
    expect(renderCalls()).toBe(calls);
    const etag = res.headers.get('ETag');
    expect(etag).toBeTruthy();
    const again = await ctx.app.request(ROUTES.login, { headers: { 'If-None-Match': etag! } });
    expect(again.status).toBe(304);
  });

  it('answers a burst of requests, and requests sent while others are in flight, with the same page', async () => {
    await publishTerms('Burst terms.');
    const burst = await Promise.all(
      Array.from({ length: 12 }, async () => (await ctx.app.request(ROUTES.policiesTerms)).text()),
    );
    expect(new Set(burst).size).toBe(1);
    expect(burst[0]).toContain('Burst terms.');
    const inFlight = (async () => (await ctx.app.request(ROUTES.policiesTerms)).text())();
    const sequential = await (await ctx.app.request(ROUTES.policiesTerms)).text();
    expect(await inFlight).toBe(sequential);
  });

  it("a browser holding a session (the hint cookie) gets the plain shell, which the app renders as the player's", async () => {
    const res = await ctx.app.request(ROUTES.login, { headers: { Cookie: 'lc_signed_in=1' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
    // Any other value is no hint.
    const visitor = await ctx.app.request(ROUTES.login, { headers: { Cookie: 'lc_signed_in=0' } });
    expect(await visitor.text()).toContain('data-prerendered');
  });

  it('other client routes answer the plain shell', async () => {
    for (const url of [ROUTES.lobby, '/policies/no-such-policy', ROUTES.buyCoins]) {
      const res = await ctx.app.request(url);
      expect(res.status, url).toBe(200);
      expect(await res.text(), url).toBe(INDEX_HTML);
    }
  });

  it('without the SSR bundle (an older build), /login answers the plain shell', async () => {
    rmSync(path.join(dist, PRERENDER_DIR, RENDER_MODULE_FILE));
    const res = await ctx.app.request(ROUTES.login);
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(INDEX_HTML);
  });
});

describe('fillTemplate', () => {
  it('keeps "$" patterns of the page as text and refuses a template without an empty root', () => {
    const page = { html: '<p>$& $1 $$</p>', hasForm: false, styles: { files: [], css: '' } };
    expect(fillTemplate(INDEX_HTML, page)).toContain('<div id="root" data-prerendered><p>$& $1 $$</p></div>');
    expect(fillTemplate('<html><head></head><body><div id="root">x</div></body></html>', page)).toBeNull();
  });

  it('marks markup rendered in gold-only mode, so the first render in the browser matches it', () => {
    const page = { html: '<main>Gold</main>', hasForm: true, styles: { files: [], css: '' }, goldOnly: true };
    expect(fillTemplate(INDEX_HTML, page)).toContain(
      '<div id="root" data-prerendered data-gold-only inert><main>Gold</main>',
    );
  });
});
