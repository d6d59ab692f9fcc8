/**
 * GET /reviews/summary: the footer's figures from the reviews platform sandbox (its business-unit
 * call, server to server), kept five minutes whatever the traffic, the last good copy answered
 * while the platform fails, 503 with a code before it ever answered.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REVIEWS_API_PATHS } from '../../../src/contract/reviews.ts';
import { REVIEWS_BUSINESS_UNIT } from '../../providers/reviews/sandbox/reviews-sandbox.ts';
import { ReviewsUnavailableError, type ReviewsProvider } from '../../providers/reviews/reviews-provider.ts';
import { Client, createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { REFRESH_MS, STALE_LIMIT_MS } from './review-summary.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

const summary = (c: TestContext) => new Client(c).request('GET', REVIEWS_API_PATHS.summary);

async function addReview(stars: number) {
  const res = await ctx.sandboxes.reviews.app.request(`/v1/business-units/${REVIEWS_BUSINESS_UNIT}/reviews`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${ctx.sandboxes.reviews.apiKey}`, 'Content-Type': 'application/json' },
    body: JSON.stringify({ stars, title: 'Great', text: 'Fun games.', reviewer_name: 'Tess' }),
  });
  expect(res.status).toBe(201);
}

describe('review summary', () => {
  it("answers the platform's rating and count, cacheable by everyone, and links to its public page", async () => {
    const res = await summary(ctx);
    expect(res.status).toBe(200);
    // The sandbox's seeded spread: 61, 23, 57, 214 and 932 reviews of one to five stars.
    expect(res.body).toMatchObject({ rating: 4.5, review_count: 1287 });
    expect(String(res.body.profile_url)).toMatch(/\/review\/lucky-crown$/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    const page = await ctx.sandboxes.reviews.app.request(new URL(String(res.body.profile_url)).pathname);
    expect(await page.text()).toContain('Rated 4.5 out of 5 from 1,287 reviews');
  });

  it('asks the platform again only after five minutes, then shows new reviews', async () => {
    const before = (await summary(ctx)).body.review_count as number;
    await addReview(1);
    expect((await summary(ctx)).body.review_count).toBe(before);
    ctx.clock.advance(REFRESH_MS / 1000);
    expect((await summary(ctx)).body.review_count).toBe(before + 1);
  });

  it('refuses a call without our key at the platform', async () => {
    const res = await ctx.sandboxes.reviews.app.request(`/v1/business-units/${REVIEWS_BUSINESS_UNIT}`, {
      headers: { Authorization: 'Bearer wrong' },
    });
    expect(res.status).toBe(401);
  });
});

describe('review summary when the platform fails', () => {
  it('answers 503 REVIEWS_UNAVAILABLE before the platform ever answered, asking it once for a burst', async () => {
    const failing = vi.fn(async () => {
      await new Promise((r) => setTimeout(r, 20));
      throw new ReviewsUnavailableError('down');
    });
    const down = await createTestContext(
      {},
      { seedDemo: false, providers: { reviews: { summary: failing } } },
    );
    try {
      const burst = await Promise.all(Array.from({ length: 12 }, () => summary(down)));
      for (const res of burst) {
        expect(res.status).toBe(503);
        expect(res.body).toMatchObject({ code: 'REVIEWS_UNAVAILABLE', field: null });
        expect(res.body.message).toMatch(/not available/);
      }
      expect(failing).toHaveBeenCalledTimes(1);
    } finally {
      await down.close();
    }
  });

  it('keeps answering the last good copy while the platform fails, for up to a day', async () => {
    let up = true;
    const provider: ReviewsProvider = {
      summary: vi.fn(async () => {
        if (!up) throw new ReviewsUnavailableError('down');
        return {
          rating: 4.2,
          reviewCount: 10,
          profileUrl: 'https://reviews.example/x',
          updatedAt: '2026-01-01T00:00:00Z',
        };
      }),
    };
    const flaky = await createTestContext({}, { seedDemo: false, providers: { reviews: provider } });
    try {
      expect((await summary(flaky)).body).toMatchObject({ rating: 4.2, review_count: 10 });
      up = false;
      flaky.clock.advance(REFRESH_MS / 1000);
      expect((await summary(flaky)).body).toMatchObject({ rating: 4.2, review_count: 10 });
      flaky.clock.advance(STALE_LIMIT_MS / 1000);
      expect((await summary(flaky)).status).toBe(503);
      up = true;
      flaky.clock.advance(60);
      expect((await summary(flaky)).status).toBe(200);
    } finally {
      await flaky.close();
    }
  });
});
