/**
 * gzip for text answers when the client accepts it and the answer is at least COMPRESS_MIN_BYTES:
 * - JSON answers (`c.json`) are sized as they are written: the middleware wraps `c.json` for the
 *   request, so a balance or a session answer (a few hundred bytes) is sent as it is without
 *   reading it back, and a large one (legal documents, history pages) is read and gzipped;
 * - answers with a Content-Length (static files) are streamed through gzip;
 * - any other answer built in memory is read back and sized.
 * Answers already encoded, partial, bodiless or marked no-transform are left alone. A gzip stream
 * per request cost more than the rest of a balance read, which is why small answers skip it
 * (`hono/compress` streams every answer without a Content-Length, so it is not used).
 * `Vary: Accept-Encoding` goes on compressed answers: an uncompressed one suits every client.
 */
import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

export const COMPRESS_MIN_BYTES = 1024;

const gzip = promisify(gzipCallback);
const COMPRESSIBLE =
  /^\s*(?:text\/(?!event-stream)|application\/(?:json|javascript|manifest\+json|xml|[\w.+-]*\+json)|image\/svg\+xml)/i;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;
const NO_BODY = new Set([204, 206, 304]);

/** True when Accept-Encoding lists gzip (or *) without q=0. */
export function acceptsGzip(header: string): boolean {
  for (const part of header.split(',')) {
    const [name = '', ...params] = part.split(';');
    const coding = name.trim().toLowerCase();
    if (coding !== 'gzip' && coding !== '*') continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q === undefined || Number(q.slice(2)) > 0) return true;
  }
  return false;
}

function addVary(headers: Headers): void {
  const vary = headers.get('Vary');
  if (!vary) headers.set('Vary', 'Accept-Encoding');
  else if (vary !== '*' && !/accept-encoding/i.test(vary)) headers.set('Vary', `${vary}, Accept-Encoding`);
}

/** Makes `c.json` remember the text it wrote (same arguments and answer as Hono's own). */
function recordJson(c: Context): { text: string | null } {
  const written: { text: string | null } = { text: null };
  const body = c.body;
  const json = (object: unknown, arg?: unknown, headers?: Record<string, string | string[]>) => {
    const text = JSON.stringify(object);
    written.text = text;
    return body(text, arg as ContentfulStatusCode, { 'Content-Type': 'application/json', ...headers });
  };
  c.json = json as unknown as typeof c.json;
  return written;
}

async function sendGzipped(c: Context, res: Response, bytes: Uint8Array): Promise<void> {
  const packed = await gzip(bytes);
  const headers = res.headers;
  addVary(headers);
  headers.set('Content-Encoding', 'gzip');
  headers.set('Content-Length', String(packed.byteLength));
  c.res = new Response(packed, { status: res.status, headers });
}

export function compression(): MiddlewareHandler {
  return async (c, next) => {
    const accepted = c.req.header('Accept-Encoding');
    if (!accepted || c.req.method === 'HEAD' || !acceptsGzip(accepted)) return next();
    const json = recordJson(c);
    await next();
    const res = c.res;
    if (NO_BODY.has(res.status)) return;
    const headers = res.headers;
    const type = headers.get('Content-Type');
    if (!type || !COMPRESSIBLE.test(type) || headers.has('Content-Encoding')) return;
    if (NO_TRANSFORM.test(headers.get('Cache-Control') ?? '')) return;
    const length = headers.get('Content-Length');
    // Written by c.json and under the threshold: sent as it is, sized without reading it back. A
    // larger one is read back below, so what is compressed is always the answer itself.
    if (json.text !== null && length === null && Buffer.byteLength(json.text) < COMPRESS_MIN_BYTES) return;
    if (length !== null) {
      if (Number(length) < COMPRESS_MIN_BYTES || !res.body) return;
      addVary(headers);
      headers.delete('Content-Length');
      headers.set('Content-Encoding', 'gzip');
      const etag = headers.get('ETag');
      if (etag && !etag.startsWith('W/')) headers.set('ETag', `W/${etag}`);
      // Hono copies the previous answer's headers onto a new one, which would bring the
      // uncompressed Content-Length back (and a browser would wait for bytes that never come).
      c.res = undefined;
      c.res = new Response(res.body.pipeThrough(new CompressionStream('gzip')), {
        status: res.status,
        headers,
      });
      return;
    }
    const bytes = new Uint8Array(await res.arrayBuffer());
    if (bytes.byteLength >= COMPRESS_MIN_BYTES) await sendGzipped(c, res, bytes);
    else c.res = new Response(bytes, { status: res.status, headers });
  };
}
