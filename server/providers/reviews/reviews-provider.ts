/**
 * The reviews provider (a hosted review platform; the demo runs its sandbox, sandbox/): the
 * product's rating and review count, read server to server with our API key.
 */
export interface ProviderReviewSummary {
  /** Average stars, one decimal. */
  rating: number;
  reviewCount: number;
  /** The provider's public page of our reviews. */
  profileUrl: string;
  /** When the provider computed the figures (ISO time). */
  updatedAt: string;
}

export interface ReviewsProvider {
  /** Throws ReviewsUnavailableError when the provider cannot be reached or answers badly. */
  summary(): Promise<ProviderReviewSummary>;
}

export class ReviewsUnavailableError extends Error {
  constructor(detail: string) {
    super(`reviews provider unavailable: ${detail}`);
    this.name = 'ReviewsUnavailableError';
  }
}
