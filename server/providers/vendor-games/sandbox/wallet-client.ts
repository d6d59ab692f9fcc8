/**
 * The sandbox vendor's client of our seamless wallet: signed JSON POSTs, retried on a network
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
      let last: WalletReply = { status: 0, body: {} };
      for (let attempt = 1; attempt <= attempts; attempt++) {
        try {
          const res = await o.fetch(`${o.walletApiBase}${API_PREFIX}${path}`, {
            method: 'POST',
            headers: { 'Content-Type': 'application/json', ...signedHeaders(o.secret, raw, o.now()) },
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
