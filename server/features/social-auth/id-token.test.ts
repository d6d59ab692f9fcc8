/**
 * The providers' ID token checks on their own (no server): the algorithms accepted, the claims
 * checked and the problem each refusal names, and how the key cache follows a key rotation.
 */
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../../http/api-error.ts';
import { TokenRejected, verifySignedToken, type TokenProblem } from './id-token.ts';
import { ProviderKeys } from './provider-keys.ts';

const ISSUER = 'https://idp.example/google';
const AUDIENCE = 'lucky-crown-web';
const JWKS_URL = 'https://idp.example/jwks';

interface Signer {
  kid: string;
  alg: 'ES256' | 'RS256';
  privateKey: CryptoKey;
  jwk: JWK;
}

async function signer(kid: string, alg: 'ES256' | 'RS256'): Promise<Signer> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { kid, alg, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: 'sig', alg } };
}

/** A key set served from memory, counting its fetches; `published` can change (rotation). */
function jwksHost(published: JWK[]) {
  const host = { published, fetches: 0, down: false };
  const fetch = async () => {
    host.fetches += 1;
    if (host.down) return new Response('down', { status: 503 });
    return Response.json({ keys: host.published });
  };
  return { host, fetch };
}

let nowMs = Date.UTC(2026, 5, 1, 12);
const nowS = () => Math.floor(nowMs / 1000);

const sign = (s: Signer, claims: Record<string, unknown> = {}, header: Record<string, unknown> = {}) =>
  new SignJWT({ iss: ISSUER, aud: AUDIENCE, iat: nowS(), exp: nowS() + 600, sub: 'g-1', ...claims })
    .setProtectedHeader({ alg: s.alg, kid: s.kid, ...header })
    .sign(s.privateKey);

const check = (token: string, keys: ProviderKeys) =>
  verifySignedToken(token, keys, { issuer: ISSUER, audience: AUDIENCE, nowMs });

async function problemOf(token: string, keys: ProviderKeys): Promise<TokenProblem | 'accepted'> {
  try {
    await check(token, keys);
    return 'accepted';
  } catch (error) {
    if (error instanceof TokenRejected) return error.problem;
    throw error;
  }
}

const seg = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');

describe('provider ID tokens', () => {
  let es: Signer;
  let rs: Signer;
  let other: Signer;
  let keys: ProviderKeys;
  beforeAll(async () => {
    es = await signer('es-1', 'ES256');
    rs = await signer('rs-1', 'RS256');
    other = await signer('es-1', 'ES256');
    const { fetch } = jwksHost([es.jwk, rs.jwk]);
    keys = new ProviderKeys(JWKS_URL, fetch, () => nowMs);
  });

  it('accepts ES256 and RS256 tokens signed with a published key', async () => {
    expect(await check(await sign(es), keys)).toMatchObject({ sub: 'g-1' });
    expect(await check(await sign(rs), keys)).toMatchObject({ sub: 'g-1' });
    expect(await check(await sign(es, { aud: [AUDIENCE] }), keys)).toMatchObject({ sub: 'g-1' });
  });

  it('refuses an unsigned (alg none) token, an HMAC token and one signed with another key', async () => {
    const claims = { iss: ISSUER, aud: AUDIENCE, iat: nowS(), exp: nowS() + 600 };
    // Unsigned: no signature segment at all is unreadable; with one, the alg is refused.
    expect(await problemOf(`${seg({ alg: 'none', kid: es.kid })}.${seg(claims)}.`, keys)).toBe('malformed');
    expect(await problemOf(`${seg({ alg: 'none', kid: es.kid })}.${seg(claims)}.AAAA`, keys)).toBe(
      'signature',
    );
    expect(
      await problemOf(`${seg({ alg: 'HS256', kid: es.kid })}.${seg(claims)}.${'A'.repeat(43)}`, keys),
    ).toBe('signature');
    expect(await problemOf(await sign(other), keys)).toBe('signature');
    // The header names an ES256 key but claims RS256.
    expect(await problemOf(await sign(rs, {}, { kid: es.kid }), keys)).toBe('signature');
    expect(await problemOf(await sign(es, {}, { kid: 'unknown' }), keys)).toBe('signature');
  });

  it.each<[string, Record<string, unknown>, TokenProblem]>([
    ['another issuer', { iss: 'https://idp.example/facebook' }, 'issuer'],
    ['another audience', { aud: 'another-site' }, 'audience'],
    ['several audiences', { aud: [AUDIENCE, 'another-site'] }, 'audience'],
    ['no exp', { exp: undefined }, 'expired'],
    ['an exp past the skew', { exp: Math.floor(Date.UTC(2026, 5, 1, 12) / 1000) - 61 }, 'expired'],
    ['an iat in the future', { iat: Math.floor(Date.UTC(2026, 5, 1, 12) / 1000) + 120 }, 'issued_at'],
    ['an iat too old', { iat: Math.floor(Date.UTC(2026, 5, 1, 12) / 1000) - 10 * 60 - 61 }, 'issued_at'],
  ])('refuses a token with %s', async (_name, claims, problem) => {
    expect(await problemOf(await sign(es, claims), keys)).toBe(problem);
  });

  it('accepts an exp within the 60 s of skew', async () => {
    expect(await problemOf(await sign(es, { exp: nowS() - 30 }), keys)).toBe('accepted');
  });

  it('calls unreadable tokens malformed', async () => {
    expect(await problemOf('abc', keys)).toBe('malformed');
    expect(await problemOf(`${seg({ alg: 'ES256', kid: es.kid })}.${seg([1, 2])}.AAAA`, keys)).toBe(
      'malformed',
    );
    expect(await problemOf(`${seg({ alg: 'ES256', kid: es.kid })}.bm90IGpzb24.AAAA`, keys)).toBe('malformed');
    expect(await problemOf('a'.repeat(9000), keys)).toBe('malformed');
  });
});

describe('provider key cache', () => {
  it('refetches once for an unknown kid (rotation), at most every 30 s, and every 5 minutes anyway', async () => {
    const first = await signer('k1', 'ES256');
    const second = await signer('k2', 'ES256');
    const { host, fetch } = jwksHost([first.jwk]);
    const keys = new ProviderKeys(JWKS_URL, fetch, () => nowMs);
    expect(await problemOf(await sign(first), keys)).toBe('accepted');
    expect(host.fetches).toBe(1);
    host.published = [first.jwk, second.jwk];
    // Within 30 s of the last fetch an unknown kid does not refetch.
    expect(await problemOf(await sign(second), keys)).toBe('signature');
    expect(host.fetches).toBe(1);
    nowMs += 31_000;
    expect(await problemOf(await sign(second), keys)).toBe('accepted');
    expect(host.fetches).toBe(2);
    // The provider drops the old key: it is refused after the cache's 5 minutes.
    host.published = [second.jwk];
    expect(await problemOf(await sign(first), keys)).toBe('accepted');
    nowMs += 5 * 60_000 + 1;
    expect(await problemOf(await sign(first), keys)).toBe('signature');
    expect(host.fetches).toBe(3);
  });

  it('keeps serving the keys it holds when a refetch fails; without any, 503 SOCIAL_PROVIDER_UNAVAILABLE', async () => {
    const k = await signer('k1', 'RS256');
    const { host, fetch } = jwksHost([k.jwk]);
    const keys = new ProviderKeys(JWKS_URL, fetch, () => nowMs);
    expect(await problemOf(await sign(k), keys)).toBe('accepted');
    host.down = true;
    nowMs += 5 * 60_000 + 1;
    expect(await problemOf(await sign(k), keys)).toBe('accepted');

    const empty = new ProviderKeys(JWKS_URL, fetch, () => nowMs);
    const refused = await check(await sign(k), empty).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 503, code: 'SOCIAL_PROVIDER_UNAVAILABLE' });
  });

  it('skips keys not meant for signatures, of another curve or with a mismatched alg', async () => {
    const k = await signer('k1', 'ES256');
    const { fetch } = jwksHost([
      { ...k.jwk, use: 'enc' },
      { ...k.jwk, kid: 'k2', alg: 'RS256' },
      { ...k.jwk, kid: 'k3', crv: 'P-384' },
    ]);
    const keys = new ProviderKeys(JWKS_URL, fetch, () => nowMs);
    for (const kid of ['k1', 'k2', 'k3']) expect(await keys.keyFor(kid)).toBeNull();
  });
});
