/**
 * The identity provider's published signing keys (its JWKS), fetched from the provider and kept
 * for a few minutes. A token naming a key we do not hold triggers one refetch (the provider
 * rotated its keys), at most every MIN_REFETCH_MS so forged kids cannot make us hammer it.
 * Keys are imported with jose. jose's own remote key set is not used: it drops the keys it holds
 * when a refetch fails (ours keep serving), and it cannot take the injected clock the tests move.
 */
import { importJWK, type CryptoKey, type JWK } from 'jose';
import { SOCIAL_AUTH_ERROR_CODES } from '../../../src/contract/social-auth.ts';
import { ApiError } from '../../http/api-error.ts';
import type { FetchLike } from '../../providers/provider-http.ts';

const CACHE_MS = 5 * 60 * 1000;
const MIN_REFETCH_MS = 30 * 1000;
const FETCH_TIMEOUT_MS = 5000;

export interface PublishedKey {
  kid: string;
  alg: 'ES256' | 'RS256';
  key: CryptoKey;
}

export const providerUnavailable = () =>
  new ApiError(
    503,
    SOCIAL_AUTH_ERROR_CODES.SOCIAL_PROVIDER_UNAVAILABLE,
    'Google and Facebook sign-in is unavailable right now. Please try again in a moment, or sign in with your email.',
  );

async function toKey(jwk: Record<string, unknown>): Promise<PublishedKey | null> {
  if (typeof jwk.kid !== 'string') return null;
  if (jwk.use !== undefined && jwk.use !== 'sig') return null;
  const alg = jwk.kty === 'EC' && jwk.crv === 'P-256' ? 'ES256' : jwk.kty === 'RSA' ? 'RS256' : null;
  if (!alg || (jwk.alg !== undefined && jwk.alg !== alg)) return null;
  // The public members only, so a key published with its private part still imports as public.
  const members: JWK =
    alg === 'ES256'
      ? { kty: 'EC', crv: 'P-256', x: jwk.x as string, y: jwk.y as string }
      : { kty: 'RSA', n: jwk.n as string, e: jwk.e as string };
  try {
    const key = await importJWK(members, alg);
    return key instanceof Uint8Array ? null : { kid: jwk.kid, alg, key };
  } catch {
    return null;
  }
}

export class ProviderKeys {
  private keys = new Map<string, PublishedKey>();
  private fetchedAt = -Infinity;
  private inFlight: Promise<void> | null = null;

  constructor(
    private readonly jwksUrl: string,
    private readonly fetch: FetchLike,
    private readonly now: () => number = Date.now,
  ) {}

  /** The key `kid` names, fetching the key set when it is stale or does not have it. */
  async keyFor(kid: string): Promise<PublishedKey | null> {
    const age = this.now() - this.fetchedAt;
    if (age > CACHE_MS || (!this.keys.has(kid) && age > MIN_REFETCH_MS)) await this.refresh();
    return this.keys.get(kid) ?? null;
  }

  private refresh(): Promise<void> {
    // Parallel sign-ins share one fetch.
    this.inFlight ??= this.load().finally(() => {
      this.inFlight = null;
    });
    return this.inFlight;
  }

  private async load(): Promise<void> {
    let body: unknown;
    try {
      const res = await this.fetch(this.jwksUrl, {
        method: 'GET',
        signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
      body = await res.json();
    } catch {
      // Keys we hold stay usable; without any, sign-in is unavailable.
      if (this.keys.size === 0) throw providerUnavailable();
      return;
    }
    const list = (body as { keys?: unknown }).keys;
    const next = new Map<string, PublishedKey>();
    if (Array.isArray(list))
      for (const jwk of list) {
        const key = jwk && typeof jwk === 'object' ? await toKey(jwk as Record<string, unknown>) : null;
        if (key) next.set(key.kid, key);
      }
    this.keys = next;
    this.fetchedAt = this.now();
  }
}
