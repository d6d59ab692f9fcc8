/**
 * The support-desk JWT: what the help center needs to sign the player in and attach their
 * tickets to the right account, and nothing more (no balances, no address). HS256 with the secret
 * shared with the support site; one use (jti) and a short life (iat checked by the site).
 */
import { hkdfSync, randomUUID } from 'node:crypto';
import { SignJWT } from 'jose';

export interface SupportDeskClaims {
  name: string;
  email: string;
  /** Our player id: the help center's external id, stable when the player changes email. */
  external_id: string;
  iat: number;
  jti: string;
  [claim: string]: unknown;
}

/** The configured shared secret, or one derived from the JWT secret (both ends run here). */
export function supportDeskSecret(configured: string | null, jwtSecret: string): string {
  if (configured) return configured;
  return Buffer.from(hkdfSync('sha256', jwtSecret, 'lucky-crown', 'support desk jwt v1', 32)).toString(
    'base64url',
  );
}

export async function issueSupportDeskJwt(
  secret: string,
  player: { id: string; email: string; first_name: string; last_name: string },
  nowMs: number,
): Promise<{ token: string; claims: SupportDeskClaims }> {
  const claims: SupportDeskClaims = {
    name: `${player.first_name} ${player.last_name}`.trim(),
    email: player.email,
    external_id: player.id,
    iat: Math.floor(nowMs / 1000),
    jti: randomUUID(),
  };
  const token = await new SignJWT(claims)
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .sign(new TextEncoder().encode(secret));
  return { token, claims };
}
