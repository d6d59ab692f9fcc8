/**
 * The footer's review widget (docs/reviews.md) against the reviews platform sandbox the test
 * server runs on its own origin (REVIEWS_SANDBOX_ORIGIN, 7000 ports above the server): a
 * returning player sees the platform's rating and review count, linking to its public page; the
 * widget asks for them only after the page has loaded and keeps its box, so nothing moves when the
 * figures arrive late. The offline copy is tests/e2e/pwa-review-widget-offline.spec.ts.
 */
import { expect, test, type Page } from '@playwright/test';
import { REVIEWS_API_PATHS } from '../../src/contract/reviews.ts';
import { ROUTES } from '../../src/contract/routes.ts';
import { DEMO, signInToLobby } from './support/app.ts';
import { LOADED, MAX_SHIFT, observeLayoutShifts, settledShift } from './support/layout-shift.ts';

/** The platform's public page of our reviews, on the sandbox's own origin. */
function platformPage(baseURL: string | undefined): string {
  const port = Number(new URL(baseURL ?? 'http://localhost:8499').port) + 7000;
  return `http://localhost:${port}/review/lucky-crown`;
}

const widget = (page: Page) => page.getByTestId('review-widget');

test('a returning player sees the rating and review count of the reviews platform, linking to its page', async ({
  page,
  request,
  baseURL,
}) => {
  const platform = await request.get(platformPage(baseURL));
  expect(platform.ok()).toBeTruthy();
  const figures = /Rated (\d\.\d) out of 5 from ([\d,]+) reviews/.exec(await platform.text());
  expect(figures).not.toBeNull();

  await page.setViewportSize({ width: 360, height: 780 });
  await signInToLobby(page, DEMO.email, DEMO.password);
  const footerWidget = widget(page);
  await footerWidget.scrollIntoViewIfNeeded();
  await expect(footerWidget).toHaveAttribute('aria-busy', 'false', LOADED);
  await expect(footerWidget.getByTestId('review-widget-summary')).toHaveText(
    `Rated ${figures![1]} out of 5 from ${figures![2]} reviews`,
  );
  // At 360 px the whole text shows inside the box (no cut, nothing past its edge).
  const fits = await footerWidget.evaluate((box) => {
    const outer = box.getBoundingClientRect();
    const link = box.querySelector('a')!;
    const summary = box.querySelector<HTMLElement>('[data-testid="review-widget-summary"]')!;
    const r = link.getBoundingClientRect();
    return (
      summary.scrollWidth <= summary.clientWidth + 1 &&
      r.top >= outer.top - 0.5 &&
      r.bottom <= outer.bottom + 0.5 &&
      r.right <= outer.right + 0.5 &&
      link.scrollWidth <= link.clientWidth + 1
    );
  });
  expect(fits).toBe(true);
  const link = footerWidget.getByRole('link', { name: /Rated .* out of 5 .* Read player reviews/ });
  await expect(link).toHaveAttribute('href', platformPage(baseURL));
  await expect(link).toHaveAttribute('target', '_blank');
  // The same figures on another page of the app, without asking again at once.
  await page.goto(ROUTES.policiesTerms);
  await expect(widget(page).getByTestId('review-widget-summary')).toHaveText(
    `Rated ${figures![1]} out of 5 from ${figures![2]} reviews`,
    LOADED,
  );
});

test('the widget loads after the page and late figures move nothing (footer in view at a tall screen)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 412, height: 2600 });
  await observeLayoutShifts(page);
  // A slow platform: the figures arrive well after everything else.
  await page.route(`**/api/v1${REVIEWS_API_PATHS.summary}`, async (route) => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await route.continue();
  });
  await page.goto(ROUTES.policiesTerms);
  const box = widget(page);
  await expect(box).toBeVisible(LOADED);
  await expect(box).toHaveAttribute('aria-busy', 'true');
  const legal = page.getByTestId('legal-notice');
  const before = { widget: await box.boundingBox(), legal: await legal.boundingBox() };
  await expect(box.getByTestId('review-widget-summary')).toBeVisible(LOADED);
  const after = { widget: await box.boundingBox(), legal: await legal.boundingBox() };
  expect(after.widget?.height).toBe(before.widget?.height);
  expect(after.legal?.y).toBe(before.legal?.y);
  const shift = await settledShift(page);
  expect(shift.total, `layout shifts: ${shift.sources.join(', ')}`).toBeLessThan(MAX_SHIFT);

  // Asked for only after the page's load event (it never competes with the page's own loading).
  const timing = await page.evaluate((path) => {
    const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    const call = performance.getEntriesByType('resource').find((e) => e.name.endsWith(`/api/v1${path}`)) as
      PerformanceResourceTiming | undefined;
    return { loadEnd: nav.loadEventEnd, callStart: call?.startTime ?? -1 };
  }, REVIEWS_API_PATHS.summary);
  expect(timing.callStart).toBeGreaterThanOrEqual(timing.loadEnd);
});

test('with the platform unreachable and nothing kept, the widget says so in the same box', async ({
  page,
}) => {
  await page.route(`**/api/v1${REVIEWS_API_PATHS.summary}`, (route) =>
    route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'REVIEWS_UNAVAILABLE', message: 'x', field: null }),
    }),
  );
  await page.goto(ROUTES.policiesPrivacy);
  const box = widget(page);
  await box.scrollIntoViewIfNeeded();
  await expect(box).toContainText('Player reviews are not available right now.', LOADED);
  await expect(box.getByRole('link')).toHaveCount(0);
  expect((await box.boundingBox())?.height).toBe(64);
});
