/**
 * The footer's review widget (spec: "the footer also shows ... a review widget"; docs/reviews.md):
 * the rating and number of reviews of the product at the reviews provider, served by our API from
 * the provider's summary so the browser never calls the provider itself. Framework-free and
 * library-free.
 */
export const REVIEWS_API_PATHS = {
  /** GET (public) -> ReviewSummary; 503 REVIEWS_UNAVAILABLE before the provider ever answered. */
  summary: '/reviews/summary',
} as const;

/**
 * The answer. A plain type with no superstruct schema: the light home entry and the service worker
 * import this module, and the widget checks the few fields it shows by hand.
 */
export interface ReviewSummary {
  /** The average of every review's stars, one decimal (e.g. 4.5); 0 with no review. */
  rating: number;
  review_count: number;
  /** The provider's public page of our reviews (the widget links to it). */
  profile_url: string;
  /** When the provider computed the figures (ISO time). */
  updated_at: string;
}

export const REVIEWS_ERROR_CODES = {
  /** 503: the reviews provider has not answered since the server started. */
  REVIEWS_UNAVAILABLE: 'REVIEWS_UNAVAILABLE',
} as const;

/** How long browsers and the service worker may use an answer before asking again (seconds). */
export const REVIEW_SUMMARY_MAX_AGE_SECONDS = 300;

/** "4.5 out of 5 from 1,287 reviews": what the widget shows and says to screen readers. */
export function reviewSummaryText(summary: Pick<ReviewSummary, 'rating' | 'review_count'>): string {
  const count = summary.review_count.toLocaleString('en-US');
  return `Rated ${summary.rating.toFixed(1)} out of 5 from ${count} ${summary.review_count === 1 ? 'review' : 'reviews'}`;
}
export type ReviewsErrorCode = (typeof REVIEWS_ERROR_CODES)[keyof typeof REVIEWS_ERROR_CODES];
