import { mkdirSync, writeFileSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_TEXTS } from '../../src/contract/errors.ts';
import { DEMO_PLAYER } from '../seed.ts';
import { Client, createTestContext, type TestContext, createTestApp } from '../test-support/test-app.ts';
import { NOT_BUILT_MESSAGE } from './static-files.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({ TRUST_COUNTRY_HEADER: 'CF-IPCountry' });
  const dist = ctx.deps.config.distDir;
  mkdirSync(path.join(dist, 'assets'), { recursive: true });
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><title>Lucky Crown</title><div id="root"></div>',
  );
  writeFileSync(path.join(dist, 'sw.js'), 'self.addEventListener("install", () => {});');
  writeFileSync(path.join(dist, 'manifest.webmanifest'), '{"name":"Lucky Crown"}');
  writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
  mkdirSync(path.join(dist, '.vite'), { recursive: true });
  writeFileSync(path.join(dist, '.vite', 'manifest.json'), '{"index.html":{}}');
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.js'), 'console.log(1)');
  writeFileSync(path.join(dist, 'assets', 'index-AbC123.css'), 'body{}');
});
afterAll(async () => ctx?.close());

const get = (url: string, headers: Record<string, string> = {}) => ctx.app.request(url, { headers });

describe('static app serving', () => {
  it('hashed assets are immutable for a year', async () => {
    const res = await get('/assets/index-AbC123.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('Content-Type')).toMatch(/javascript/);
    expect(await res.text()).toBe('console.log(1)');
  });

  it('text answers are gzipped for clients that accept it', async () => {
    writeFileSync(
      path.join(ctx.deps.config.distDir, 'assets', 'big-AbC123.js'),
      'console.log("lucky crown");\n'.repeat(200),
    );
    const res = await ctx.app.request('/assets/big-AbC123.js', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('gzip');
    const api = await ctx.app.request('/api/v1/legal-documents', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(api.headers.get('Content-Encoding')).toBe('gzip');
    expect(api.headers.get('Vary')).toBe('Accept-Encoding');
    const text = await new Response(
      new Blob([await api.arrayBuffer()]).stream().pipeThrough(new DecompressionStream('gzip')),
    ).text();
    expect(JSON.parse(text)).toHaveProperty('results');
  });

  it('a gzipped static file over HTTP carries no stale Content-Length (the browser would wait for it)', async () => {
    writeFileSync(
      path.join(ctx.deps.config.distDir, 'assets', 'wire-AbC123.js'),
      'console.log("sent over the wire");\n'.repeat(200),
    );
    const server = serve({ fetch: ctx.app.fetch, port: 0, hostname: '127.0.0.1' });
    try {
      await new Promise<void>((resolve) => server.once('listening', () => resolve()));
      const { port } = server.address() as AddressInfo;
      const answer = await new Promise<{ headers: Record<string, unknown>; bytes: number }>(
        (resolve, reject) => {
          httpGet(
            {
              host: '127.0.0.1',
              port,
              path: '/assets/wire-AbC123.js',
              headers: { 'Accept-Encoding': 'gzip' },
            },
            (res) => {
              let bytes = 0;
              res.on('data', (chunk: Buffer) => (bytes += chunk.length));
              res.on('end', () => resolve({ headers: res.headers, bytes }));
              res.on('error', reject);
            },
          ).on('error', reject);
        },
      );
      expect(answer.headers['content-encoding']).toBe('gzip');
      const length = answer.headers['content-length'];
      if (length !== undefined) expect(Number(length)).toBe(answer.bytes);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('small JSON answers are sent as they are', async () => {
    const res = await ctx.app.request('/api/v1/health', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(res.headers.get('Content-Encoding')).toBeNull();
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });

  it('nothing is compressed for a client that refuses gzip', async () => {
    for (const encoding of ['identity', 'gzip;q=0', 'br']) {
      const res = await ctx.app.request('/api/v1/legal-documents', {
        headers: { 'Accept-Encoding': encoding },
      });
      expect(res.headers.get('Content-Encoding'), encoding).toBeNull();
    }
  });

  it('index.html, sw.js and the manifest are no-cache', async () => {
    for (const url of ['/', '/index.html', '/sw.js', '/manifest.webmanifest']) {
      const res = await get(url);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Cache-Control'), url).toBe('no-cache');
    }
    expect((await get('/manifest.webmanifest')).headers.get('Content-Type')).toMatch(/manifest\+json/);
  });

  it('other files get a short cache', async () => {
    expect((await get('/robots.txt')).headers.get('Cache-Control')).toBe('public, max-age=3600');
  });

  it('revalidation answers 304 with the same ETag', async () => {
    const first = await get('/');
    const etag = first.headers.get('ETag')!;
    expect(etag).toBeTruthy();
    expect((await get('/', { 'If-None-Match': etag })).status).toBe(304);
  });

  it('client routes fall back to the shell; missing files and API paths do not', async () => {
    for (const route of [
      '/lobby',
      '/signup/create-user',
      '/policies/privacy-policy',
      '/quick-play-games/games/abc',
    ]) {
      const res = await get(route);
      expect(res.status, route).toBe(200);
      expect(await res.text()).toContain('<div id="root">');
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
    }
    expect((await get('/assets/missing-123.js')).status).toBe(404);
    expect((await get('/favicon-missing.png')).status).toBe(404);
  });

  it('does not serve the build metadata in dot folders (the Vite manifest)', async () => {
    expect((await get('/.vite/manifest.json')).status).toBe(404);
    expect((await get('/%2evite/manifest.json')).status).toBe(404);
  });

  it('does not serve files outside the build folder', async () => {
    for (const url of [
      '/../secrets.json',
      '/%2e%2e/secrets.json',
      '/assets/%2e%2e%2f%2e%2e%2fsecrets.json',
    ]) {
      const res = await get(url);
      expect(res.status).not.toBe(200);
    }
  });

  it('answers a clear 503 for app routes when there is no build, while the API works', async () => {
    const app = createTestApp({
      ...ctx.deps,
      config: { ...ctx.deps.config, distDir: path.join(ctx.dataDir, 'nothing-here') },
    });
    const res = await app.request('/lobby');
    expect(res.status).toBe(503);
    expect(await res.text()).toBe(NOT_BUILT_MESSAGE);
    expect((await app.request('/api/v1/health')).status).toBe(200);
  });
});

describe('API errors', () => {
  it('unknown API paths answer a JSON 404 NOT_FOUND', async () => {
    for (const url of ['/api/v1/nope', '/api/v2/users', '/api', '/api/v1/users/me/extra']) {
      const res = await get(url);
      expect(res.status, url).toBe(404);
      expect(res.headers.get('Content-Type')).toMatch(/application\/json/);
      expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('a known path with the wrong method answers 405 with Allow', async () => {
    const res = await get('/api/v1/auth/login');
    expect(res.status).toBe(405);
    expect(res.headers.get('Allow')).toBe('POST');
    expect(await res.json()).toMatchObject({ code: 'METHOD_NOT_ALLOWED' });
  });

  it('bad JSON answers 400 INVALID_JSON', async () => {
    const res = await new Client(ctx).request('POST', '/auth/login', {
      rawBody: '{not json',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'INVALID_JSON' });
  });

  it('a wrong type names the field', async () => {
    const res = await new Client(ctx).request('POST', '/auth/login', { body: { email: 42, password: 'x' } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'VALIDATION_ERROR', field: 'email' });
  });

  it('an oversize body answers 413 PAYLOAD_TOO_LARGE', async () => {
    const res = await new Client(ctx).request('POST', '/auth/login', {
      body: { email: 'a@b.co', password: 'x'.repeat(100_000) },
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('health reports the database', async () => {
    const res = await get('/api/v1/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('security headers', () => {
  it('are set on app pages', async () => {
    for (const url of ['/', '/lobby']) {
      const res = await get(url);
      const csp = res.headers.get('Content-Security-Policy') ?? '';
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy')).toBe('strict-origin-when-cross-origin');
      expect(res.headers.get('Permissions-Policy')).toContain('camera=()');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
    }
  });

  it('API answers get the policy of a JSON API: nothing allowed, never framed, sniffed or stored', async () => {
    for (const url of ['/api/v1/health', '/api/v1/nope', '/api/v1/legal-documents']) {
      const res = await get(url);
      expect(res.headers.get('Content-Security-Policy'), url).toBe(
        "default-src 'none'; frame-ancestors 'none'",
      );
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('X-Frame-Options')).toBe('DENY');
      expect(res.headers.get('Cross-Origin-Resource-Policy')).toBe('same-origin');
      expect(res.headers.get('Cache-Control')).toBe('no-store');
    }
  });

  it('game pages may be framed by our own origin only', async () => {
    const res = await get('/games/slots/index.html');
    expect(res.headers.get('Content-Security-Policy')).toContain("frame-ancestors 'self'");
  });
});

describe('country block', () => {
  it('answers 403 ACCESS_CURRENTLY_UNAVAILABLE outside the US', async () => {
    const client = new Client(ctx);
    const res = await client.request('POST', '/auth/login', {
      body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
      headers: { 'CF-IPCountry': 'CA' },
    });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({
      code: 'ACCESS_CURRENTLY_UNAVAILABLE',
      message: ERROR_TEXTS.accessUnavailable,
      extra: { country: 'CA' },
    });
  });

  it('lets US and header-less requests through, and keeps logout, legal and health reachable', async () => {
    const client = new Client(ctx);
    expect(
      (
        await client.request('POST', '/auth/login', {
          body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
          headers: { 'CF-IPCountry': 'us' },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await new Client(ctx).request('POST', '/auth/login', {
          body: { email: DEMO_PLAYER.email, password: DEMO_PLAYER.password },
        })
      ).status,
    ).toBe(200);
    for (const p of ['/health', '/legal-documents', '/properties']) {
      expect((await client.request('GET', p, { headers: { 'CF-IPCountry': 'DE' } })).status, p).toBe(200);
    }
    expect((await client.raw('POST', '/auth/logout', { headers: { 'CF-IPCountry': 'DE' } })).status).toBe(
      204,
    );
  });

  it('is off when TRUST_COUNTRY_HEADER is not configured', async () => {
    const app = createTestApp({ ...ctx.deps, config: { ...ctx.deps.config, trustCountryHeader: null } });
    const res = await app.request('/api/v1/users/me', { headers: { 'CF-IPCountry': 'CA' } });
    expect(res.status).toBe(401);
  });
});
