/**
 * Server-side rendering of the public pages visitors land on from outside (home, login, the
 * policy pages): the real route table, layout and page components rendered to HTML (the home page
 * as the light entry shows it, src/app/home-landing.tsx), so the first paint needs no script. Built as a separate SSR bundle (vite.config.ts, `prerenderBundle`) and called
 * by the server (server/http/prerendered-pages.ts), which puts the markup into index.html.
 * The markup is what the app's first render shows a signed-out visitor; the app replaces it with
 * that render (src/app/start.tsx), so both come from the same components.
 */
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { SWRConfig, unstable_serialize } from 'swr';
import { API_PATHS } from '../contract/api-paths.ts';
import { POLICY_PAGES, ROUTES } from '../contract/routes.ts';
import type { LegalDocument } from '../contract/schemas.ts';
import { swrConfig } from '../lib/swr.tsx';
import { renderAsSignedOutVisitor } from '../state/prerender-actions.ts';
import { routes } from '../app/routes.tsx';
import { HomeLanding } from '../app/home-landing.tsx';

/** The app's layout: its stylesheets come with every prerendered page. */
const LAYOUT_MODULE = 'src/app/start.tsx';

/**
 * The pages answered with their markup, and the modules whose stylesheets they need (keys of the
 * build's page-styles.json, written by vite.config.ts's `prerenderBundle`).
 */
const PRERENDERED_PAGES: ReadonlyMap<string, readonly string[]> = new Map<string, readonly string[]>([
  // The light entry's stylesheet is already inside index.html.
  [ROUTES.home, []],
  [ROUTES.login, [LAYOUT_MODULE, 'src/features/auth/login-page.tsx']],
  ...POLICY_PAGES.map((p) => [p.path, [LAYOUT_MODULE, 'src/features/policies/policy-page.tsx']] as const),
]);

/** The stylesheet modules of a prerendered page, or null when the path is not prerendered. */
export function prerenderedPageStyles(pathname: string): readonly string[] | null {
  return PRERENDERED_PAGES.get(pathname.replace(/\/+$/, '') || '/') ?? null;
}

/** Whether the page at this path needs the legal documents (the policy pages). */
export function needsLegalDocuments(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '');
  return POLICY_PAGES.some((p) => p.path === path);
}

export interface PrerenderData {
  /** The latest legal documents (what GET /legal-documents answers), for the policy pages. */
  legalDocuments?: readonly LegalDocument[];
  /** The server's gold-only mode: no Sweeps word in the markup when on. */
  goldOnly?: boolean;
}

export type PrerenderResult =
  | {
      html: string;
      /** The markup holds a form: it must not take input until the app has replaced it. */
      hasForm: boolean;
    }
  | { skip: 'redirect' | 'not-found' | 'error' };

const handler = createStaticHandler(routes);

/** The page at `url` (absolute, our origin) as a first-time, signed-out visitor's first render. */
export async function renderPage(url: string, data: PrerenderData = {}): Promise<PrerenderResult> {
  renderAsSignedOutVisitor({ goldOnly: data.goldOnly });
  // The home page is what the light entry renders for a first-time visitor (src/main.tsx
  // hydrates it), not the full app's route.
  if ((new URL(url).pathname.replace(/\/+$/, '') || '/') === ROUTES.home) {
    return { html: renderToString(<HomeLanding />), hasForm: false };
  }
  const context = await handler.query(new Request(url));
  if (context instanceof Response) return { skip: 'redirect' };
  if (context.statusCode === 404) return { skip: 'not-found' };
  if (context.errors) return { skip: 'error' };
  const router = createStaticRouter(handler.dataRoutes, context);
  // The policy page's useApiGet finds the documents in SWR's cache, as in the app's first render.
  const fallback = data.legalDocuments
    ? { [unstable_serialize([API_PATHS.legalDocuments, '{}'])]: { results: data.legalDocuments } }
    : {};
  const html = renderToString(
    <StrictMode>
      <SWRConfig value={{ ...swrConfig, fallback }}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SWRConfig>
    </StrictMode>,
  );
  return { html, hasForm: /<form[\s>]/.test(html) };
}
