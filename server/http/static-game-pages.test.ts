import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test-support/test-app.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  const dist = ctx.deps.config.distDir;
  mkdirSync(path.join(dist, 'games', 'jacks-or-better'), { recursive: true });
  mkdirSync(path.join(dist, 'games', 'chunks'), { recursive: true });
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Lucky Crown</title>');
  writeFileSync(
    path.join(dist, 'games', 'jacks-or-better', 'index.html'),
    '<!doctype html><title>Jacks or Better</title>',
  );
  writeFileSync(path.join(dist, 'games', 'chunks', 'cards-AbC123.js'), 'export{}');
});
afterAll(async () => ctx?.close());

describe("house games' pages", () => {
  it.each(['/games/jacks-or-better/', '/games/jacks-or-better'])(
    '%s answers the game page, revalidated each time, framable by our own pages',
    async (url) => {
      const res = await ctx.app.request(url);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('<title>Jacks or Better</title>');
      expect(res.headers.get('Cache-Control')).toBe('no-cache');
      expect(res.headers.get('Content-Type')).toMatch(/text\/html/);
      expect(res.headers.get('X-Frame-Options')).toBe('SAMEORIGIN');
    },
  );

  it("serves a game's files", async () => {
    const res = await ctx.app.request('/games/chunks/cards-AbC123.js');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('export{}');
  });

  it("a game without a page is a 404, never the app's shell (the app inside a game frame)", async () => {
    for (const url of ['/games/no-such-game/', '/games/', '/games/chunks/']) {
      const res = await ctx.app.request(url);
      expect(res.status, url).toBe(404);
      expect(await res.text(), url).not.toContain('Lucky Crown');
    }
  });

  it('client routes still answer the shell', async () => {
    const res = await ctx.app.request('/quick-play-games/games/jacks-or-better');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('<title>Lucky Crown</title>');
  });
});
