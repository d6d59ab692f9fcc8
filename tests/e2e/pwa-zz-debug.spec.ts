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
    await page.goto(`${server.origin}/`);
    await page.getByTestId('header-logo').waitFor();
    await page.route(`**${chunkOf(build, 'policy-page-')}`, (r) => { console.log('refuse', r.request().url()); return r.fulfill({ status: 404, body: 'x' }); });
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions', exact: true }).click();
    await page.waitForTimeout(6000);
    console.log('url', page.url(), await page.evaluate(() => sessionStorage.getItem('lc.chunkReloadAt')));
    console.log((await page.locator('body').innerText()).slice(0, 300));
  } finally { await server.stop(); }
});
