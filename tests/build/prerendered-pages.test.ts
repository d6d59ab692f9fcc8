/**
 * The build's SSR bundle (<dist>/.ssr/render-page.js, vite.config.ts's `prerenderBundle`), which
 * the server uses to answer the home, login and policy pages with their markup: it renders the app's
 * real pages with the class names of the client build's stylesheets, escapes document text, and
 * stays out of the service worker's precache.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { POLICY_PAGES, ROUTES } from '../../src/contract/routes.ts';
import type { LegalDocument } from '../../src/contract/schemas.ts';
import { distDir, precachedUrls, readDist, requireBuild } from './support/build-output.ts';

interface RenderModule {
  prerenderedPageStyles(pathname: string): readonly string[] | null;
  needsLegalDocuments(pathname: string): boolean;
  renderPage(
    url: string,
    data?: { legalDocuments?: readonly LegalDocument[]; goldOnly?: boolean },
  ): Promise<{ html: string; hasForm: boolean } | { skip: string }>;
}

const SSR_DIR = join(distDir, '.ssr');
let render: RenderModule;
let styles: Record<string, { files: string[]; css: string }>;

const classesIn = (html: string): string[] =>
  [...html.matchAll(/class="([^"]+)"/g)].flatMap((m) => m[1]!.split(/\s+/));

/** Every CSS rule the page gets: index.html's inlined entry styles and the page's own. */
function cssOf(pathname: string): string {
  const modules = render.prerenderedPageStyles(pathname) ?? [];
  return readDist('index.html').toString('utf8') + modules.map((m) => styles[m]?.css ?? '').join('');
}

beforeAll(async () => {
  requireBuild();
  expect(existsSync(join(SSR_DIR, 'render-page.js')), 'the build has no SSR bundle').toBe(true);
  render = (await import(pathToFileURL(join(SSR_DIR, 'render-page.js')).href)) as RenderModule;
  styles = JSON.parse(readFileSync(join(SSR_DIR, 'page-styles.json'), 'utf8')) as Record<
    string,
    { files: string[]; css: string }
  >;
});

describe('prerendered pages of the build', () => {
  it('renders the login form as the app does, with class names the client styles define', async () => {
    const result = await render.renderPage(`http://localhost${ROUTES.login}`);
    if (!('html' in result)) throw new Error(`login skipped: ${result.skip}`);
    expect(result.hasForm).toBe(true);
    const { html } = result;
    expect(html).toMatch(/<h1 id="page-title"[^>]*>Sign in<\/h1>/);
    expect(html).toMatch(/<label for="email-[^"]+"[^>]*>Email<\/label><input id="email-[^"]+" type="email"/);
    expect(html).toMatch(/<input id="password-[^"]+" type="password"/);
    expect(html).toMatch(/<button type="submit"[^>]*>Sign in<\/button>/);
    expect(html).toContain('data-testid="header-join-now"');
    expect(html).toContain('data-testid="site-footer"');
    // No script of any kind in the markup (the CSP allows only our script files).
    expect(html).not.toMatch(/<script/i);
    // The form's classes (field, label, input, button) are styled by the page's inlined CSS.
    const css = cssOf(ROUTES.login);
    const form = /<form[\s\S]*<\/form>/.exec(html)![0];
    const formClasses = classesIn(form);
    expect(formClasses.length).toBeGreaterThan(4);
    for (const name of formClasses) expect(css, `.${name}`).toContain(`.${name}`);
  });

  it('renders a policy page with the given version of its document, escaped', async () => {
    const doc: LegalDocument = {
      type: 'privacy_policy',
      version: 7,
      title: 'Privacy Policy',
      body: '## Data we keep\n\nYour <script>alert(1)</script> & data.\n\n## Rights\n\n- One\n\n## Contact\n\nWrite to us.',
      acceptance_required: true,
      scroll_required: false,
      timestamp_created: '2026-03-04T12:00:00.000Z',
    };
    const result = await render.renderPage(`http://localhost${ROUTES.policiesPrivacy}`, {
      legalDocuments: [doc],
    });
    if (!('html' in result)) throw new Error(`policy skipped: ${result.skip}`);
    expect(result.hasForm).toBe(false);
    expect(result.html).toContain('Your &lt;script&gt;alert(1)&lt;/script&gt; &amp; data.');
    expect(result.html).not.toContain('<script');
    expect(result.html).toMatch(/Last updated (<!-- -->)?March 4, 2026/);
    expect(result.html).toContain('aria-label="Contents"');
    const css = cssOf(ROUTES.policiesPrivacy);
    const article = /<article[\s\S]*<\/article>/.exec(result.html)![0];
    for (const name of classesIn(article)) expect(css, `.${name}`).toContain(`.${name}`);
  });

  it('renders the home page as the light entry does, and without Sweeps in gold-only mode', async () => {
    const full = await render.renderPage('http://localhost/');
    if (!('html' in full)) throw new Error(`home skipped: ${full.skip}`);
    expect(full.hasForm).toBe(false);
    expect(full.html).toContain('Social casino games, free to play');
    expect(full.html).toContain(`href="${ROUTES.createUser}"`);
    expect(full.html).toContain('data-testid="site-footer"');
    expect(full.html).toMatch(/Sweeps Coins/);
    // The welcome offer is read in the browser: its line is empty, and no pending boundary (which
    // would make React render the page again) is in the markup.
    expect(full.html).toMatch(/<p [^>]*data-testid="welcome-offer"[^>]*><\/p>/);
    expect(full.html).not.toContain('<!--$');
    expect(full.html).not.toMatch(/<script/i);
    const css = cssOf('/');
    for (const name of classesIn(full.html)) expect(css, `.${name}`).toContain(`.${name}`);

    const goldOnly = await render.renderPage('http://localhost/', { goldOnly: true });
    if (!('html' in goldOnly)) throw new Error(`home skipped: ${goldOnly.skip}`);
    expect(goldOnly.html).toContain('Social casino games, free to play');
    expect(goldOnly.html).not.toMatch(/sweep/i);
    // The next render, as another visitor's, is the full product's again.
    const login = await render.renderPage(`http://localhost${ROUTES.login}`);
    expect('html' in login && login.html).toMatch(/Sweepstakes promotions/);
  });

  it('prerenders home, login and every policy page, and nothing that needs a session', () => {
    expect(render.prerenderedPageStyles('/')).toEqual([]);
    expect(render.prerenderedPageStyles(ROUTES.login)).not.toBeNull();
    for (const p of POLICY_PAGES) {
      expect(render.prerenderedPageStyles(p.path), p.path).not.toBeNull();
      expect(render.needsLegalDocuments(p.path), p.path).toBe(true);
    }
    for (const path of [ROUTES.lobby, ROUTES.myAccount, ROUTES.buyCoins])
      expect(render.prerenderedPageStyles(path)).toBeNull();
  });

  it("names the client build's stylesheet files of each page beside their text", () => {
    for (const [module, { files, css }] of Object.entries(styles)) {
      expect(files.length, module).toBeGreaterThan(0);
      expect(css, module).toBe(files.map((file) => readDist(file).toString('utf8')).join(''));
    }
  });

  it('keeps the SSR bundle out of the service worker precache', () => {
    expect(precachedUrls().filter((url) => url.includes('.ssr'))).toEqual([]);
  });
});
