/**
 * The door of the seamless wallet routes: no cookie, no JWT, no CSRF token (the vendor's server
 * calls them), but a timestamp within VENDOR_CLOCK_WINDOW_SECONDS of our clock and an HMAC with
 * the shared key of "<timestamp>\n<METHOD>\n<path>\n<raw body>" (wallet-signature.ts): a
 * signature is good for one call only, never for another path or method. Checked before the body
 * is parsed, so an unsigned caller learns nothing about the body rules.
 */
import type { MiddlewareHandler } from 'hono';
import {
  VENDOR_CLOCK_WINDOW_SECONDS,
  VENDOR_SIGNATURE_HEADER,
  VENDOR_TIMESTAMP_HEADER,
  VENDOR_WALLET_ERROR_CODES,
} from '../../../src/contract/vendor-wallet.ts';
import { ApiError } from '../../http/api-error.ts';
import type { AppEnv } from '../../http/app-env.ts';
import { checkTimestamp, isValidSignature } from '../../providers/vendor-games/wallet-signature.ts';

export function requireVendorSignature(secret: string, now: () => number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const timestamp = c.req.header(VENDOR_TIMESTAMP_HEADER);
    const nowMs = now();
    const verdict = checkTimestamp(timestamp, nowMs);
    if (verdict !== 'ok')
      throw new ApiError(
        401,
        VENDOR_WALLET_ERROR_CODES.VENDOR_TIMESTAMP_INVALID,
        verdict === 'missing'
          ? `${VENDOR_TIMESTAMP_HEADER} must be the time of the call in unix seconds.`
          : `${VENDOR_TIMESTAMP_HEADER} is more than ${VENDOR_CLOCK_WINDOW_SECONDS} s from the server clock.`,
        null,
        { server_time: Math.floor(nowMs / 1000), window_seconds: VENDOR_CLOCK_WINDOW_SECONDS },
      );
    const rawBody = await c.req.text();
    const request = { method: c.req.method, path: c.req.path, rawBody };
    if (!isValidSignature(secret, timestamp!, request, c.req.header(VENDOR_SIGNATURE_HEADER)))
      throw new ApiError(
        401,
        VENDOR_WALLET_ERROR_CODES.VENDOR_SIGNATURE_INVALID,
        `${VENDOR_SIGNATURE_HEADER} is missing or does not match the method, path and body of the call.`,
      );
    await next();
  };
}
