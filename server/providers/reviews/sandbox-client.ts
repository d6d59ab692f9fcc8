/**
 * Our side of the reviews provider: its business-unit call, server to server with our API key.
 * A real platform with the same call replaces the sandbox by its base URL and key.
 */
import { providerCall, type FetchLike } from '../provider-http.ts';
import {
  ReviewsUnavailableError,
  type ProviderReviewSummary,
  type ReviewsProvider,
} from './reviews-provider.ts';

export interface ReviewsClientOptions {
  fetch: FetchLike;
  /** e.g. http://localhost:8087/v1 */
  baseUrl: string;
  apiKey: string;
  businessUnit: string;
}

export function reviewsClient(o: ReviewsClientOptions): ReviewsProvider {
  const call = {
    fetch: o.fetch,
    baseUrl: o.baseUrl,
    secretKey: o.apiKey,
    timeoutMs: 5_000,
    unavailable: (detail: string) => new ReviewsUnavailableError(detail),
  };
  return {
    async summary(): Promise<ProviderReviewSummary> {
      const answer = await providerCall(call, 'GET', `/business-units/${encodeURIComponent(o.businessUnit)}`);
      const body = answer.json as {
        score?: { trust_score?: unknown };
        number_of_reviews?: { total?: unknown };
        links?: { profile?: unknown };
        computed_at?: unknown;
      } | null;
      const rating = body?.score?.trust_score;
      const count = body?.number_of_reviews?.total;
      const profile = body?.links?.profile;
      if (
        !answer.ok ||
        typeof rating !== 'number' ||
        typeof count !== 'number' ||
        !Number.isInteger(count) ||
        typeof profile !== 'string'
      )
        throw new ReviewsUnavailableError(`answered ${answer.status} without a summary`);
      return {
        rating,
        reviewCount: count,
        profileUrl: profile,
        updatedAt: typeof body?.computed_at === 'string' ? body.computed_at : new Date().toISOString(),
      };
    },
  };
}
