/**
 * The reviews provider sandbox: a hosted review platform on its own origin (REVIEWS_SANDBOX_ORIGIN)
 * with the calls such a platform offers.
 *
 * - `GET /v1/business-units/:unit` (Authorization: Bearer <API key>): the business's score, one
 *   decimal (the average of every review's stars), the review counts per star, its public page
 *   and when the figures were computed.
 * - `POST /v1/business-units/:unit/reviews` (API key): a review collected by an invitation
 *   ({ stars 1-5, title, text, reviewer_name }), as the platform's invitation flow adds them.
 * - `GET /review/:unit`: the public page of the business's reviews (the widget links to it).
 *
 * State lives in memory, seeded with a fixed spread of reviews (the figures a new demo shows);
 * reviews added by the API count from then on. One business unit: ours.
 */
import { Hono, type Context } from 'hono';
import { PRODUCT_NAME } from '../../../../src/contract/constants.ts';
import { escapeHtml } from '../../sandbox-page-shell.ts';

export const REVIEWS_BUSINESS_UNIT = 'lucky-crown';

export interface ReviewsSandboxOptions {
  /** The sandbox's own origin (links to its public page). */
  origin: string;
  /** The key our API server calls with. */
  apiKey: string;
  now: () => number;
}

interface Review {
  stars: 1 | 2 | 3 | 4 | 5;
  title: string;
  text: string;
  reviewerName: string;
  createdAt: string;
}

/** The seeded spread: reviews per star, one to five. */
const SEEDED_COUNTS: Record<Review['stars'], number> = { 1: 61, 2: 23, 3: 57, 4: 214, 5: 932 };

const SEEDED_LATEST: Omit<Review, 'createdAt'>[] = [
  {
    stars: 5,
    title: 'Fast prize payout',
    text: 'Redeemed to my bank, arrived in two days.',
    reviewerName: 'Dana R.',
  },
  {
    stars: 4,
    title: 'Fun slots',
    text: 'Crown Jewels is my favourite. Wish the daily bonus were bigger.',
    reviewerName: 'Marcus T.',
  },
  {
    stars: 5,
    title: 'Support answered',
    text: 'Had a question about identity checks, answered within an hour.',
    reviewerName: 'Priya S.',
  },
  { stars: 2, title: 'Slow verification', text: 'Took a while to verify my ID.', reviewerName: 'Greg H.' },
];

const STAR_NAMES = ['one_star', 'two_stars', 'three_stars', 'four_stars', 'five_stars'] as const;

export function createReviewsSandbox(options: ReviewsSandboxOptions): Hono {
  const { origin, apiKey, now } = options;
  const counts = { ...SEEDED_COUNTS };
  const latest: Review[] = SEEDED_LATEST.map((r, i) => ({
    ...r,
    createdAt: new Date(now() - (i + 1) * 86_400_000).toISOString(),
  }));
  let computedAt = new Date(now()).toISOString();

  const total = () => Object.values(counts).reduce((a, b) => a + b, 0);
  const score = () => {
    const sum = (Object.entries(counts) as [string, number][]).reduce((a, [s, n]) => a + Number(s) * n, 0);
    return total() === 0 ? 0 : Math.round((sum / total()) * 10) / 10;
  };
  const profileUrl = (unit: string) => `${origin}/review/${encodeURIComponent(unit)}`;

  const app = new Hono();
  const authorized = (c: Context) => c.req.header('Authorization') === `Bearer ${apiKey}`;
  const unknownUnit = (c: Context) => c.json({ error: 'unknown_business_unit' }, 404);

  app.get('/v1/business-units/:unit', (c) => {
    if (!authorized(c)) return c.json({ error: 'invalid_api_key' }, 401);
    const unit = c.req.param('unit');
    if (unit !== REVIEWS_BUSINESS_UNIT) return unknownUnit(c);
    return c.json({
      id: unit,
      display_name: PRODUCT_NAME,
      score: { trust_score: score(), stars: Math.round(score() * 2) / 2 },
      number_of_reviews: {
        total: total(),
        ...Object.fromEntries(STAR_NAMES.map((name, i) => [name, counts[(i + 1) as Review['stars']]])),
      },
      links: { profile: profileUrl(unit) },
      computed_at: computedAt,
    });
  });

  app.post('/v1/business-units/:unit/reviews', async (c) => {
    if (!authorized(c)) return c.json({ error: 'invalid_api_key' }, 401);
    const unit = c.req.param('unit');
    if (unit !== REVIEWS_BUSINESS_UNIT) return unknownUnit(c);
    const body = (await c.req.json().catch(() => null)) as Record<string, unknown> | null;
    const stars = Number(body?.stars);
    const text = (v: unknown, max: number) => (typeof v === 'string' ? v.trim().slice(0, max) : '');
    if (!Number.isInteger(stars) || stars < 1 || stars > 5)
      return c.json({ error: 'invalid_stars', message: 'stars must be a whole number from 1 to 5' }, 400);
    const review: Review = {
      stars: stars as Review['stars'],
      title: text(body?.title, 120) || 'Review',
      text: text(body?.text, 2000),
      reviewerName: text(body?.reviewer_name, 60) || 'Anonymous',
      createdAt: new Date(now()).toISOString(),
    };
    counts[review.stars] += 1;
    latest.unshift(review);
    latest.splice(20);
    computedAt = review.createdAt;
    return c.json({ id: `${unit}-${total()}`, stars: review.stars, created_at: review.createdAt }, 201);
  });

  app.get('/review/:unit', (c) => {
    const unit = c.req.param('unit');
    if (unit !== REVIEWS_BUSINESS_UNIT) return c.text('Not found', 404);
    c.header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; base-uri 'none'");
    c.header('X-Content-Type-Options', 'nosniff');
    const items = latest
      .map(
        (r) =>
          `<article><h3>${'★'.repeat(r.stars)}${'☆'.repeat(5 - r.stars)} ${escapeHtml(r.title)}</h3><p>${escapeHtml(r.text)}</p><small>${escapeHtml(r.reviewerName)}, ${r.createdAt.slice(0, 10)}</small></article>`,
      )
      .join('');
    return c.html(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(PRODUCT_NAME)} reviews (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:0 auto;padding:16px;color:#1b1b1f}article{border-bottom:1px solid #ddd;padding:8px 0}</style></head>
<body><p><em>Reviews provider sandbox</em></p><h1>${escapeHtml(PRODUCT_NAME)}</h1>
<p>Rated ${score().toFixed(1)} out of 5 from ${total().toLocaleString('en-US')} reviews</p>${items}</body></html>`);
  });
  return app;
}
