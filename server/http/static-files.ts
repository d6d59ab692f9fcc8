/**
 * Serves the built app from DIST_DIR.
 * - /assets/* carry content hashes in their names: cached for a year, immutable.
 * - index.html, sw.js and the web manifest: no-cache (always revalidated, with ETag) so a new
 *   release is picked up at once.
 * - other files (icons, robots.txt): one hour.
 * - client routes (a path without a file extension, outside /api) answer index.html; the public
 *   landing pages answer it with their markup inside (prerendered-pages.ts).
 * - a missing file with an extension answers 404, never the shell (a missing hashed chunk must
 *   fail loudly so the app can recover by reloading).
 * Without a build, app routes answer 503 with a plain explanation; the API still works.
 * Not `serveStatic` of @hono/node-server: it answers no 304 (no ETag), which the no-cache files
 * rely on, and passes a missing file on instead of answering 404 or the shell as above.
 */
import { createReadStream, existsSync, statSync, type Stats } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import type { PrerenderedPages } from './prerendered-pages.ts';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.webmanifest': 'application/manifest+json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
};

export const NOT_BUILT_MESSAGE =
  'Lucky Crown: the app has not been built yet, so there is nothing to show here. Run `npm run build` (or `npm start`, which builds first) and reload. The API under /api/v1 is running.';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const NO_CACHE = 'no-cache';
const SHORT = 'public, max-age=3600';

export function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return IMMUTABLE;
  const base = path.posix.basename(urlPath);
  if (base === 'index.html' || base === 'sw.js' || base.endsWith('.webmanifest') || base.endsWith('.html'))
    return NO_CACHE;
  return SHORT;
}

const etagOf = (stats: Stats): string =>
  `W/"${stats.size.toString(16)}-${Math.floor(stats.mtimeMs).toString(16)}"`;

function fileResponse(c: Context, file: string, stats: Stats, urlPath: string, status: 200 = 200): Response {
  const etag = etagOf(stats);
  const headers: Record<string, string> = {
    'Content-Type': TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream',
    'Cache-Control': cacheControlFor(urlPath),
    ETag: etag,
    'Last-Modified': stats.mtime.toUTCString(),
  };
  if (c.req.header('if-none-match') === etag) return c.body(null, 304, headers);
  headers['Content-Length'] = String(stats.size);
  if (c.req.method === 'HEAD') return c.body(null, status, headers);
  const stream = Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>;
  return c.body(stream, status, headers);
}

const statFile = (file: string): Stats | null => {
  try {
    const s = statSync(file);
    return s.isFile() ? s : null;
  } catch {
    return null;
  }
};

/** Where the house games' pages and files are served from (a folder per game). */
const GAMES_PREFIX = '/games/';

function prerenderedResponse(c: Context, page: { body: string; etag: string }): Response {
  const headers: Record<string, string> = {
    'Content-Type': TYPES['.html']!,
    'Cache-Control': NO_CACHE,
    ETag: page.etag,
  };
  if (c.req.header('if-none-match') === page.etag) return c.body(null, 304, headers);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(page.body, 200, headers);
}

export function serveApp(
  distDir: string,
  options: {
    prerendered?: PrerenderedPages;
    /** The request comes from a browser holding a session: its pages answer the plain shell. */
    signedIn?: (c: Context) => boolean;
  } = {},
): MiddlewareHandler {
  const root = path.resolve(distDir);
  return async (c, next) => {
    if (
      (c.req.method !== 'GET' && c.req.method !== 'HEAD') ||
      c.req.path === '/api' ||
      c.req.path.startsWith('/api/')
    )
      return next();
    let urlPath: string;
    try {
      urlPath = decodeURIComponent(c.req.path);
    } catch {
      return c.text('Bad request path', 400);
    }
    const indexFile = path.join(root, 'index.html');
    if (!existsSync(indexFile)) {
      return c.text(NOT_BUILT_MESSAGE, 503, { 'Cache-Control': 'no-store', 'Retry-After': '30' });
    }
    // Dot folders of the build (the Vite manifest in /.vite/) are build metadata, not the app.
    if (urlPath.split('/').some((segment) => segment.startsWith('.'))) return c.text('Not found', 404);
    const target = path.resolve(root, `.${path.posix.normalize(urlPath)}`);
    if (target !== root && !target.startsWith(root + path.sep)) return c.text('Not found', 404);
    const stats = target === root ? null : statFile(target);
    if (stats) return fileResponse(c, target, stats, urlPath);
    if (path.posix.extname(urlPath) !== '') return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    // A house game's page, /games/<id>/, is games/<id>/index.html of the build; nothing else
    // under /games/ is a client route (the app's shell in a game's frame would be the app twice).
    if (urlPath.startsWith(GAMES_PREFIX)) {
      const pageFile = path.join(target, 'index.html');
      const pageStats = target === root ? null : statFile(pageFile);
      if (pageStats) return fileResponse(c, pageFile, pageStats, `${urlPath.replace(/\/?$/, '/')}index.html`);
      return c.text('Not found', 404, { 'Cache-Control': 'no-cache' });
    }
    // A signed-in player's app renders these pages as theirs; the visitor's markup would flash first.
    const prerendered = options.signedIn?.(c) ? null : await options.prerendered?.answer(urlPath);
    if (prerendered) return prerenderedResponse(c, prerendered);
    // A client route: the shell decides (router + guards).
    const indexStats = statFile(indexFile);
    if (!indexStats) return c.text(NOT_BUILT_MESSAGE, 503);
    return fileResponse(c, indexFile, indexStats, '/index.html');
  };
}
