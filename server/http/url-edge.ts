/**
 * The URL at the edge of the API: every path segment and query key/value must be valid
 * percent-encoded UTF-8 without NUL or lone surrogates, and the URL at most MAX_URL_LENGTH long.
 * Otherwise 400 VALIDATION_ERROR (`field` = the query key, or null for the path) before any route
 * reads it. A URL without '%' can hold neither (the URL parser encodes control characters and
 * replaces lone surrogates), so the common request costs one length check and one indexOf.
 */
import { ERROR_CODES } from '../../src/contract/errors.ts';
import { ApiError } from './api-error.ts';
import { FORBIDDEN_CHARACTER_MESSAGE, hasForbiddenCharacter } from './untrusted-text.ts';

export const MAX_URL_LENGTH = 4096;

const refuse = (message: string, field: string | null) =>
  new ApiError(400, ERROR_CODES.VALIDATION_ERROR, message, field);

/** Decodes one URL component; null when the percent-encoding is not valid UTF-8. */
function decode(component: string): string | null {
  try {
    return decodeURIComponent(component);
  } catch {
    return null;
  }
}

function checkComponent(raw: string, field: string | null): string {
  const text = decode(raw);
  if (text === null) throw refuse('This value is not valid percent-encoded UTF-8.', field);
  if (hasForbiddenCharacter(text)) throw refuse(FORBIDDEN_CHARACTER_MESSAGE, field);
  return text;
}

/** Throws the 400 when the request URL breaks a rule above. */
export function checkUrl(url: string): void {
  if (url.length > MAX_URL_LENGTH) throw refuse(`The URL is longer than ${MAX_URL_LENGTH} characters.`, null);
  if (!url.includes('%')) return;
  const { pathname, search } = new URL(url);
  for (const segment of pathname.split('/')) checkComponent(segment, null);
  for (const pair of search.slice(1).split('&')) {
    if (pair === '') continue;
    const eq = pair.indexOf('=');
    const rawKey = (eq < 0 ? pair : pair.slice(0, eq)).replace(/\+/g, ' ');
    const key = checkComponent(rawKey, null);
    if (eq >= 0) checkComponent(pair.slice(eq + 1).replace(/\+/g, ' '), key);
  }
}
