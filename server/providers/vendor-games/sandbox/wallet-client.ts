/**
 * The sandbox vendor's client of our seamless wallet: JSON POSTs signed over their method, path,
 * body and time (wallet-signature.ts), retried on a network
 * failure or a 5xx with the very same body (the wallet answers a repeated transaction id with its
 * first answer, so a retry never pays twice).
 */
import { API_PREFIX } from '../../../../src/contract/api-paths.ts';
import type { VENDOR_WALLET_PATHS } from '../../../../src/contract/vendor-wallet.ts';
import { signedHeaders } from '../wallet-signature.ts';

export type FetchLike = (url: string, init: RequestInit) => Promise<Response>;

export interface WalletReply {
  /** 0 when the wallet could not be reached. */
  status: number;
  body: Record<string, unknown>;
}

export interface VendorWalletClient {
  call(
    path: (typeof VENDOR_WALLET_PATHS)[keyof typeof VENDOR_WALLET_PATHS],
    body: object,
  ): Promise<WalletReply>;
}

export function createVendorWalletClient(o: {
  /** Our API server, e.g. http://127.0.0.1:8080 (API_PREFIX is added). */
  walletApiBase: string;
  secret: string;
  fetch: FetchLike;
  now: () => number;
  attempts?: number;
}): VendorWalletClient {
  const attempts = o.attempts ?? 3;
  return {
    async call(path, body) {
      const raw = JSON.stringify(body);
      const url = `${o.walletApiBase}${API_PREFIX}${path}`;
      // The signature covers the method and the URL's path as well as the body and the time.
      const signed = { method: 'POST', path: new URL(url).pathname, rawBody: raw };
      let last: WalletReply = { status: 0, body: {} };
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const res = await o.fetch(url, {
            method: signed.method,
            headers: { 'Content-Type': 'application/json', ...signedHeaders(o.secret, signed, o.now()) },
            body: raw,
          });
          const parsed = (await res.json().catch(() => ({}))) as Record<string, unknown>;
          last = { status: res.status, body: parsed };
          if (res.status < 500) return last;
        } catch {
          last = { status: 0, body: {} };
        }
      }
      return last;
    },
  };
}
