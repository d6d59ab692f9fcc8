/** The footer's review widget: GET /reviews/summary, public, from the reviews provider (cached). */
import { Hono } from 'hono';
import {
  REVIEW_SUMMARY_MAX_AGE_SECONDS,
  REVIEWS_API_PATHS,
  REVIEWS_ERROR_CODES,
} from '../../../src/contract/reviews.ts';
import type { AppDeps } from '../../core/deps.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { reviewSummarySource } from './review-summary.ts';

export function reviewRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const source = reviewSummarySource(deps.providers.reviews, deps.now, deps.logger);

  app.get(REVIEWS_API_PATHS.summary, async (c) => {
    const summary = await source.get();
    if (!summary)
      throw new ApiError(
        503,
        REVIEWS_ERROR_CODES.REVIEWS_UNAVAILABLE,
        'Player reviews are not available right now.',
        null,
        null,
        { 'Retry-After': '60' },
      );
    // The same for every visitor: browsers and the service worker may keep it a while.
    c.header('Cache-Control', `public, max-age=${REVIEW_SUMMARY_MAX_AGE_SECONDS}`);
    return c.json(summary);
  });

  return app;
}
