/**
 * The built service worker (dist/sw.js) precaches the app shell: index.html, the web manifest
 * (hashed by Vite into assets/manifest-*.webmanifest and linked from index.html) and the offline
 * page, and nothing larger than the limit vite.config.ts gives Workbox
 * (maximumFileSizeToCacheInBytes), so a player's first visit never stalls on a huge download.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { OFFLINE_PAGE } from '../../src/contract/sw-messages.ts';
import { distDir, precachedUrls, readDist, requireBuild, root } from './support/build-output.ts';

/** The limit as written in vite.config.ts (`maximumFileSizeToCacheInBytes: 512 * 1024`). */
function configuredSizeLimit(): number {
  const config = readFileSync(join(root, 'vite.config.ts'), 'utf8');
  const m = /maximumFileSizeToCacheInBytes:\s*([\d_\s*]+)/.exec(config);
  if (!m?.[1]) throw new Error('vite.config.ts sets no maximumFileSizeToCacheInBytes');
  const product = m[1]
    .split('*')
    .map((p) => Number(p.replace(/[_\s]/g, '')))
    .reduce((a, b) => a * b, 1);
  if (!Number.isFinite(product) || product <= 0)
    throw new Error(`cannot read maximumFileSizeToCacheInBytes: ${m[1]}`);
  return product;
}

describe('service worker precache (dist/sw.js)', () => {
  let urls: string[] = [];
  beforeAll(() => {
    requireBuild();
    urls = precachedUrls();
  });

  it('lists a precache manifest', () => {
    expect(urls.length).toBeGreaterThan(5);
    expect(new Set(urls).size, 'no URL twice').toBe(urls.length);
  });

  it('precaches index.html and the offline page', () => {
    expect(urls).toContain('index.html');
    expect(urls).toContain(OFFLINE_PAGE.replace(/^\//, ''));
  });

  it('precaches the web manifest that index.html links', () => {
    const html = readDist('index.html').toString('utf8');
    const href = /<link[^>]+rel="manifest"[^>]+href="\/?([^"]+)"/.exec(html)?.[1];
    expect(href, 'index.html links a manifest').toBeTruthy();
    expect(href).toMatch(/\.webmanifest$/);
    expect(existsSync(join(distDir, href as string)), `${href} exists in the build`).toBe(true);
    expect(urls).toContain(href);
  });

  it('precaches the entry script and styles of index.html', () => {
    const html = readDist('index.html').toString('utf8');
    const assets = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]);
    expect(assets.length).toBeGreaterThan(0);
    for (const a of assets) expect(urls, `${a} is precached`).toContain(a);
  });

  it('precaches only files that exist, none over the configured size limit', () => {
    const limit = configuredSizeLimit();
    const rows = urls.map((u) => {
      const file = join(distDir, u);
      return { url: u, bytes: existsSync(file) ? statSync(file).size : -1 };
    });
    const missing = rows.filter((r) => r.bytes < 0).map((r) => r.url);
    expect(missing, 'precached URLs missing from dist').toEqual([]);
    const biggest = [...rows].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
    console.log(
      `precache: ${rows.length} files, ${(rows.reduce((s, r) => s + r.bytes, 0) / 1024).toFixed(1)} KiB; limit ${limit} bytes; largest: ${biggest
        .map((r) => `${r.url} ${r.bytes}`)
        .join(', ')}`,
    );
    const over = rows.filter((r) => r.bytes > limit);
    expect(over, `files over ${limit} bytes`).toEqual([]);
  });

  it('leaves the build manifest (.vite/) and the screenshots out of the precache', () => {
    expect(urls.filter((u) => u.startsWith('.vite/') || u.startsWith('screenshots/'))).toEqual([]);
  });
});
