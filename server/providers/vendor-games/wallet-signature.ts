/**
 * Signature of the seamless wallet calls: `X-Vendor-Signature` = hex HMAC-SHA256 with the shared
 * key over `<X-Vendor-Timestamp>.<raw body>`, the timestamp in unix seconds. The vendor signs;
 * our wallet checks the timestamp against its clock (VENDOR_CLOCK_WINDOW_SECONDS) and recomputes
 * the HMAC over the exact bytes received, so neither a changed body nor an old capture passes.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  VENDOR_CLOCK_WINDOW_SECONDS,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
} from '../../../src/contract/vendor-wallet.ts';

export const vendorSignature = (secret: string, timestamp: string, rawBody: string): string =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** The two headers of a signed call made at `nowMs`. */
export function signedHeaders(secret: string, rawBody: string, nowMs: number): Record<string, string> {
  const timestamp = String(Math.floor(nowMs / 1000));
  return {
    [VENDOR_TIMESTAMP_HEADER]: timestamp,
    [VENDOR_SIGNATURE_HEADER]: vendorSignature(secret, timestamp, rawBody),
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

/** Constant-time comparison of the signature header with the one computed from the body. */
export function isValidSignature(
  secret: string,
  timestamp: string,
  rawBody: string,
  header: string | undefined,
): boolean {
  if (!header || !/^[0-9a-f]{64}$/i.test(header)) return false;
  const expected = Buffer.from(vendorSignature(secret, timestamp, rawBody), 'hex');
  const given = Buffer.from(header, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
