/**
 * Signature of the seamless wallet calls: `X-Vendor-Signature` = hex HMAC-SHA256 with the shared
 * key over the string
 *
 *   <X-Vendor-Timestamp> "\n" <HTTP method, upper case> "\n" <path> "\n" <raw body>
 *
 * the timestamp in unix seconds, the path as the request line has it (from `/api/v1/...`, without
 * the query string). The vendor signs; our wallet checks the timestamp against its clock
 * (VENDOR_CLOCK_WINDOW_SECONDS) and recomputes the HMAC over the method and path of the request
 * it received and the exact bytes of its body, so neither a changed body, nor a body sent to
 * another call (a bet's signature on the win path), nor an old capture passes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  VENDOR_CLOCK_WINDOW_SECONDS,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
} from '../../../src/contract/vendor-wallet.ts';

/** What a signature covers: the call's method, path and body at a time. */
export interface SignedRequest {
  method: string;
  /** The URL's path, e.g. `/api/v1/vendor-wallet/bet` (no origin, no query string). */
  path: string;
  rawBody: string;
}

/** The exact string the HMAC is computed over (docs/vendor-wallet.md, "Signature"). */
export const signedString = (timestamp: string, r: SignedRequest): string =>
  `${timestamp}\n${r.method.toUpperCase()}\n${r.path}\n${r.rawBody}`;

export const vendorSignature = (secret: string, timestamp: string, r: SignedRequest): string =>
  createHmac('sha256', secret).update(signedString(timestamp, r)).digest('hex');

/** The two headers of a signed call made at `nowMs`. */
export function signedHeaders(secret: string, r: SignedRequest, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [VENDOR_TIMESTAMP_HEADER]: timestamp,
    [VENDOR_SIGNATURE_HEADER]: vendorSignature(secret, timestamp, r),
  };
}

export type TimestampCheck = 'ok' | 'missing' | 'outside_window';

/** Whether a timestamp header is well formed (unix seconds) and within the window of `nowMs`. */
export function checkTimestamp(
  header: string | undefined,
  nowMs: number,
  windowSeconds: number = VENDOR_CLOCK_WINDOW_SECONDS,
): TimestampCheck {
  if (header === undefined || !/^\d{1,12}$/.test(header)) return 'missing';
  return Math.abs(nowMs / 1000 - Number(header)) <= windowSeconds ? 'ok' : 'outside_window';
}

/** Constant-time comparison of the signature header with the one computed from the request. */
export function isValidSignature(
  secret: string,
  timestamp: string,
  request: SignedRequest,
  header: string | undefined,
): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(vendorSignature(secret, timestamp, request), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
