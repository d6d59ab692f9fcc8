/**
 * The identity provider sandbox for Google and Facebook sign-in (docs/social-sign-in.md). It
 * plays both providers on its own origin: issuer `${origin}/google` or `${origin}/facebook`, an
 * ES256 key pair it generates once and keeps in DATA_DIR/social-sandbox-key.json (in memory
 * without a data folder), its public key published as a JWKS. It signs ID tokens for the test
 * identity the tester picks in the popup, and data deletion requests the tester sends from it.
 */
import {
  createHash,
  createPrivateKey,
  generateKeyPairSync,
  randomBytes,
  sign,
  type KeyObject,
} from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { SocialProvider } from '../../../../src/contract/social-auth.ts';

/** ID tokens live this long (as providers' do: an hour). */
export const ID_TOKEN_LIFETIME_SECONDS = 60 * 60;
/** Deletion requests are valid this long after they are signed. */
export const DELETION_REQUEST_LIFETIME_SECONDS = 5 * 60;

export interface TestIdentity {
  /** Stable subject: the provider's id of the person. */
  sub: string;
  email: string;
  given_name: string;
  family_name: string;
  /** YYYY-MM-DD, or absent when the person did not share it. */
  birthdate?: string;
  picture?: string;
}

/** A few listed identities per provider, with and without a birth date. */
export const TEST_IDENTITIES: Record<SocialProvider, TestIdentity[]> = {
  google: [
    {
      sub: 'g-100001',
      email: 'avery.johnson@gmail.test',
      given_name: 'Avery',
      family_name: 'Johnson',
      birthdate: '1990-04-12',
    },
    { sub: 'g-100002', email: 'jordan.lee@gmail.test', given_name: 'Jordan', family_name: 'Lee' },
    { sub: 'g-100003', email: 'riley.park@gmail.test', given_name: 'Riley', family_name: '' },
  ],
  facebook: [
    {
      sub: 'fb-200001',
      email: 'sam.rivera@facebook.test',
      given_name: 'Sam',
      family_name: 'Rivera',
      birthdate: '1985-09-30',
    },
    { sub: 'fb-200002', email: 'casey.morgan@facebook.test', given_name: 'Casey', family_name: 'Morgan' },
  ],
};

/** A typed identity's subject: stable for the same provider and email, so it signs in again. */
export const customSubject = (provider: SocialProvider, email: string): string =>
  `${provider === 'google' ? 'g' : 'fb'}-c${createHash('sha256').update(`${provider}:${email.trim().toLowerCase()}`).digest('hex').slice(0, 20)}`;

export interface SocialSandboxOptions {
  /** SOCIAL_SANDBOX_ORIGIN: the popup's origin and the issuers' base. */
  origin: string;
  /** The app's origin: the only target of the popup's messages. */
  appOrigin: string;
  /** The file keeping the private key; null = a new key in memory. */
  keyFile: string | null;
  now: () => number;
}

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/** A compact JWS signed with ES256 (the signature as r||s, as JOSE requires). */
export function signEs256(key: KeyObject, kid: string, claims: Record<string, unknown>): string {
  const header = b64url(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid }));
  const payload = b64url(JSON.stringify(claims));
  const signature = sign('sha256', Buffer.from(`${header}.${payload}`), { key, dsaEncoding: 'ieee-p1363' });
  return `${header}.${payload}.${signature.toString('base64url')}`;
}

function loadOrCreateKey(file: string | null): { key: KeyObject; kid: string } {
  if (file && existsSync(file)) {
    const stored = JSON.parse(readFileSync(file, 'utf8')) as { kid: string; jwk: Record<string, string> };
    return { key: createPrivateKey({ key: stored.jwk, format: 'jwk' }), kid: stored.kid };
  }
  const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const kid = `sbx-${randomBytes(6).toString('hex')}`;
  if (file) {
    writeFileSync(`${file}.tmp`, JSON.stringify({ kid, jwk: privateKey.export({ format: 'jwk' }) }), {
      mode: 0o600,
    });
    renameSync(`${file}.tmp`, file);
  }
  return { key: privateKey, kid };
}

export interface IdTokenRequest {
  provider: SocialProvider;
  clientId: string;
  nonce: string;
  identity: TestIdentity;
}

export class SocialSandbox {
  private readonly key: KeyObject;
  readonly kid: string;

  constructor(readonly options: SocialSandboxOptions) {
    const loaded = loadOrCreateKey(options.keyFile);
    this.key = loaded.key;
    this.kid = loaded.kid;
  }

  get origin(): string {
    return this.options.origin;
  }

  issuer(provider: SocialProvider): string {
    return `${this.options.origin}/${provider}`;
  }

  /** The published keys (public halves only). */
  jwks(): { keys: Record<string, string>[] } {
    const jwk = this.key.export({ format: 'jwk' }) as Record<string, string>;
    return {
      keys: [{ kty: jwk.kty!, crv: jwk.crv!, x: jwk.x!, y: jwk.y!, kid: this.kid, alg: 'ES256', use: 'sig' }],
    };
  }

  /** Signs the claims as they are (tests use it for tokens a real provider would never issue). */
  signClaims(claims: Record<string, unknown>): string {
    return signEs256(this.key, this.kid, claims);
  }

  idToken(r: IdTokenRequest): string {
    const iat = Math.floor(this.options.now() / 1000);
    const { identity } = r;
    const name = [identity.given_name, identity.family_name].filter(Boolean).join(' ');
    return this.signClaims({
      iss: this.issuer(r.provider),
      aud: r.clientId,
      sub: identity.sub,
      email: identity.email,
      email_verified: true,
      name,
      given_name: identity.given_name,
      family_name: identity.family_name,
      ...(identity.picture ? { picture: identity.picture } : {}),
      ...(identity.birthdate ? { birthdate: identity.birthdate } : {}),
      iat,
      exp: iat + ID_TOKEN_LIFETIME_SECONDS,
      nonce: r.nonce,
    });
  }

  /** A signed data deletion request for the person `sub` (its jti identifies the request). */
  deletionRequest(provider: SocialProvider, clientId: string, sub: string): string {
    const iat = Math.floor(this.options.now() / 1000);
    return this.signClaims({
      iss: this.issuer(provider),
      aud: clientId,
      sub,
      event: 'data_deletion',
      jti: randomBytes(12).toString('hex'),
      iat,
      exp: iat + DELETION_REQUEST_LIFETIME_SECONDS,
    });
  }
}
