import { test } from '@playwright/test';
import { chunkOf, productionBuild, startServer } from './support/pwa-harness.ts';
test.use({ serviceWorkers: 'block' });
test('debug', async ({ page }) => {
  test.setTimeout(300_000);
  const build = await productionBuild('1.0.0');
  const server = await startServer({ port: 8478, distDir: build });
  try {
    page.on('console', (m) => console.log('console', m.type(), m.text()));
    page.on('pageerror', (e) => console.log('pageerror', e.message));
    page.on('load', () => console.log('load', page.url()));
    page.on('framenavigated', (f) => console.log('nav', f.url()));
    await page.addInitScript(() => {
      addEventListener('beforeunload', () => console.log('beforeunload at', location.href));
      addEventListener('unhandledrejection', (e) => console.log('unhandledrejection', String(e.reason), location.href));
      addEventListener('vite:preloadError', () => console.log('vite:preloadError', location.href));
      const push = history.pushState.bind(history);
      history.pushState = (...a) => { console.log('pushState', String(a[2])); return push(...a); };
      const rep = history.replaceState.bind(history);
      history.replaceState = (...a) => { console.log('replaceState', String(a[2])); return rep(...a); };
    });
    const fs = await import('node:fs');
    console.log('dist', server.distDir, fs.existsSync(server.distDir + '/index.html'), (await (await fetch(server.origin + '/')).text()).slice(0, 40));
    await page.goto(`${server.origin}/`);
    await page.getByTestId('header-logo').waitFor();
    await page.route(`**${chunkOf(build, 'policy-page-')}`, (r) => { console.log('refuse', r.request().url()); return r.fulfill({ status: 404, body: 'x' }); });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions', exact: true }).click();
    await page.waitForTimeout(6000);
    console.log('url', page.url(), await page.evaluate(() => sessionStorage.getItem('lc.chunkReloadAt')));
    console.log((await page.locator('body').innerText()).slice(0, 300));
  } finally { await server.stop(); }
});
