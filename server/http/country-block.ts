/**
 * Country block (spec: play is US only). When TRUST_COUNTRY_HEADER names a header set by the
 * CDN/proxy (e.g. CF-IPCountry) and a request carries it with a country other than US, the API
 * answers 403 ACCESS_CURRENTLY_UNAVAILABLE and the app opens its country dialog. Unknown
 * country values ("XX") are let through; Tor ("T1") is blocked. Off when the header is not set.
 * Health, CSRF, logout, named properties and legal documents stay reachable so the app can
 * still show the dialog, its policies and sign the player out.
 */
import type { MiddlewareHandler } from 'hono';
import { API_PATHS, API_PREFIX } from '../../src/contract/api-paths.ts';
import { ERROR_CODES, ERROR_TEXTS } from '../../src/contract/errors.ts';
import { ApiError } from './api-error.ts';

const EXEMPT = new Set(
  [API_PATHS.health, API_PATHS.csrf, API_PATHS.logout, API_PATHS.properties, API_PATHS.legalDocuments].map(
    (p) => `${API_PREFIX}${p}`,
  ),
);
const ALLOWED = new Set(['US', 'XX']);

/** The country of a request's country header when it is one play is refused from; null otherwise. */
export function blockedCountry(headerValue: string | undefined): string | null {
  const country = headerValue?.trim().toUpperCase();
  return country && !ALLOWED.has(country) ? country : null;
}

export function countryBlock(headerName: string | null): MiddlewareHandler {
  return async (c, next) => {
    if (!headerName || EXEMPT.has(c.req.path)) return next();
    const country = blockedCountry(c.req.header(headerName));
    if (country) {
      throw new ApiError(403, ERROR_CODES.ACCESS_CURRENTLY_UNAVAILABLE, ERROR_TEXTS.accessUnavailable, null, {
        country,
      });
    }
    return next();
  };
}
