/**
 * The public pages visitors land on from outside (home, login, the policy pages) answered with their
 * markup already in the HTML: index.html of the build with the page rendered by the build's SSR
 * bundle (<dist>/.ssr/render-page.js, from src/prerender/render-page.tsx) inside #root, and the
 * stylesheets of the layout and the page inlined, so the first paint waits for no script. The app
 * then replaces that markup with its own first render of the same components (src/app/start.tsx).
 *
 * - Policy pages carry the latest version of their document, read from the database on each
 *   request (a new version shows at once); each page is rendered once per set of versions.
 * - A page with a form is marked `inert` until the app has taken over: before that, nothing typed
 *   can be lost and nothing can be submitted.
 * - Without the SSR bundle (an older build, a broken render) the path answers the plain shell, as
 *   every other client route does: this never turns a page into an error.
 */
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { LegalDocument } from '../../src/contract/schemas.ts';

/** The SSR bundle's exports that the server uses (src/prerender/render-page.tsx). */
interface RenderModule {
  prerenderedPageStyles(pathname: string): readonly string[] | null;
  needsLegalDocuments(pathname: string): boolean;
  renderPage(
    url: string,
    data: { legalDocuments?: readonly LegalDocument[]; goldOnly?: boolean },
  ): Promise<{ html: string; hasForm: boolean } | { skip: string }>;
}

export interface PrerenderedPage {
  body: string;
  etag: string;
}

export interface PrerenderedPages {
  /** The page's HTML with its markup, or null when the path answers the plain shell. */
  answer(pathname: string): Promise<PrerenderedPage | null>;
}

export const PRERENDER_DIR = '.ssr';
export const RENDER_MODULE_FILE = 'render-page.js';
export const PAGE_STYLES_FILE = 'page-styles.json';
const ROOT_ELEMENT = '<div id="root"></div>';
/** Rendered pages kept: a few pages times the document versions seen since the last clear. */
const MAX_CACHED_PAGES = 64;

const mtimeOf = (file: string): number | null => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return null;
  }
};

/** Text for inside a <style> element: it must not close the element early. */
const styleText = (css: string): string => css.replace(/<\/style/gi, '<\\/style');

/** The stylesheets of a page's client chunks (page-styles.json, written by vite.config.ts). */
export interface PageStyles {
  /** Paths in the build, e.g. assets/login-page-1a2b.css. */
  files: string[];
  css: string;
}

/** An attribute value: the file names come from the build, but quotes and ampersands stay text. */
const attribute = (value: string): string => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/**
 * Puts the rendered page into the build's index.html; null when the template has no empty root.
 * The page's stylesheets go into the head as text. Each file is also named by a <link> the
 * browser neither fetches nor applies: the app's chunk loader, finding a link to a stylesheet
 * already there, does not load and apply the same rules again when the page's chunk arrives (a
 * second style pass over the whole page, in the main thread, after the first paint).
 * `disabled` alone keeps the link from applying but not from being fetched: Chromium's preload
 * scanner reads the markup ahead of the parser and requests every rel=stylesheet link whose media
 * match, disabled or not. `media="not all"` matches nothing, so the scanner leaves it alone.
 */
export function fillTemplate(
  template: string,
  page: { html: string; hasForm: boolean; styles: PageStyles; goldOnly?: boolean },
): string | null {
  const rootAt = template.indexOf(ROOT_ELEMENT);
  const headEnd = template.indexOf('</head>');
  if (rootAt < 0 || headEnd < 0 || headEnd > rootAt) return null;
  // data-gold-only: the app's first render must match markup rendered in gold-only mode (main.tsx).
  const root = `<div id="root" data-prerendered${page.goldOnly ? ' data-gold-only' : ''}${page.hasForm ? ' inert' : ''}>${page.html}</div>`;
  const links = page.styles.files
    .map((file) => `<link rel="stylesheet" href="/${attribute(file)}" media="not all" disabled>`)
    .join('');
  const style = (page.styles.css ? `<style>${styleText(page.styles.css)}</style>` : '') + links;
  // Plain slicing, not String.replace: the page's text may hold "$&" and the like.
  return (
    template.slice(0, headEnd) +
    style +
    template.slice(headEnd, rootAt) +
    root +
    template.slice(rootAt + ROOT_ELEMENT.length)
  );
}

export function prerenderedPages(
  distDir: string,
  options: {
    latestLegalDocuments: () => Promise<readonly LegalDocument[]>;
    /** GOLD_ONLY: the pages are rendered without Sweeps. */
    goldOnly?: boolean;
    onError?: (error: unknown, pathname: string) => void;
  },
): PrerenderedPages {
  const indexFile = path.join(distDir, 'index.html');
  const moduleFile = path.join(distDir, PRERENDER_DIR, RENDER_MODULE_FILE);
  const stylesFile = path.join(distDir, PRERENDER_DIR, PAGE_STYLES_FILE);
  let loaded: {
    build: string;
    module: RenderModule;
    template: string;
    styles: Record<string, PageStyles>;
  } | null = null;
  const pages = new Map<string, PrerenderedPage>();

  /** The build's SSR module and files, loaded again when a new build replaces them. */
  async function load(): Promise<typeof loaded> {
    const moduleTime = mtimeOf(moduleFile);
    const indexTime = mtimeOf(indexFile);
    if (moduleTime === null || indexTime === null) return null;
    const build = `${moduleTime}-${indexTime}`;
    if (loaded?.build === build) return loaded;
    const url = `${pathToFileURL(moduleFile).href}?build=${moduleTime}`;
    const module = (await import(url)) as RenderModule;
    const styles = JSON.parse(readFileSync(stylesFile, 'utf8')) as Record<string, PageStyles>;
    loaded = { build, module, template: readFileSync(indexFile, 'utf8'), styles };
    pages.clear();
    return loaded;
  }

  return {
    async answer(pathname) {
      try {
        const build = await load();
        if (!build) return null;
        const styleModules = build.module.prerenderedPageStyles(pathname);
        if (!styleModules) return null;
        const legalDocuments = build.module.needsLegalDocuments(pathname)
          ? await options.latestLegalDocuments()
          : undefined;
        const versions = legalDocuments?.map((d) => `${d.type}:${d.version}`).join(',') ?? '';
        const key = `${build.build}|${pathname}|${versions}`;
        const cached = pages.get(key);
        if (cached) return cached;
        const goldOnly = options.goldOnly ?? false;
        const rendered = await build.module.renderPage(`http://localhost${pathname}`, {
          legalDocuments,
          goldOnly,
        });
        if ('skip' in rendered) return null;
        const parts = styleModules.map((m) => build.styles[m] ?? { files: [], css: '' });
        const styles = {
          files: [...new Set(parts.flatMap((p) => p.files))],
          css: parts.map((p) => p.css).join(''),
        };
        const body = fillTemplate(build.template, { ...rendered, styles, goldOnly });
        if (body === null) return null;
        const etag = `W/"p-${createHash('sha256').update(body).digest('base64url').slice(0, 22)}"`;
        if (pages.size >= MAX_CACHED_PAGES) pages.clear();
        const page = { body, etag };
        pages.set(key, page);
        return page;
      } catch (error) {
        options.onError?.(error, pathname);
        return null;
      }
    },
  };
}
