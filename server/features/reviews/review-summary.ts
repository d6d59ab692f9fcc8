/**
 * The review summary the footer shows, read from the reviews provider at most once per
 * REFRESH_MS whatever the traffic (one call in flight at a time; every page view of the site asks
 * for it). When the provider fails, the last good summary is answered until it is a day old.
 */
import type { ReviewSummary } from '../../../src/contract/reviews.ts';
import type { Logger } from '../../platform/logger.ts';
import type { ReviewsProvider } from '../../providers/reviews/reviews-provider.ts';

/** How long a summary is answered before the provider is asked again. */
export const REFRESH_MS = 5 * 60_000;
/** How long the last good summary stands in while the provider fails. */
export const STALE_LIMIT_MS = 24 * 60 * 60_000;
/** After a failure the provider is not asked again for this long (no storm while it is down). */
const RETRY_AFTER_FAILURE_MS = 30_000;

export interface ReviewSummarySource {
  /** The summary, or null when the provider has not answered (or its last answer is too old). */
  get(): Promise<ReviewSummary | null>;
}

export function reviewSummarySource(
  provider: ReviewsProvider,
  now: () => number,
  logger: Pick<Logger, 'warn'>,
): ReviewSummarySource {
  let kept: { summary: ReviewSummary; fetchedAt: number } | null = null;
  let lastFailure = -Infinity;
  let inFlight: Promise<void> | null = null;

  const refresh = () =>
    (inFlight ??= provider
      .summary()
      .then((s) => {
        kept = {
          summary: {
            rating: s.rating,
            review_count: s.reviewCount,
            profile_url: s.profileUrl,
            updated_at: s.updatedAt,
          },
          fetchedAt: now(),
        };
      })
      .catch((error: unknown) => {
        lastFailure = now();
        logger.warn('reviews provider failed', {
          error: error instanceof Error ? error.message : String(error),
        });
      })
      .finally(() => {
        inFlight = null;
      }));

  return {
    async get() {
      const at = now();
      const fresh = kept !== null && at - kept.fetchedAt < REFRESH_MS;
      if (!fresh && at - lastFailure >= RETRY_AFTER_FAILURE_MS) await refresh();
      if (!kept || now() - kept.fetchedAt >= STALE_LIMIT_MS) return null;
      return kept.summary;
    },
  };
}
