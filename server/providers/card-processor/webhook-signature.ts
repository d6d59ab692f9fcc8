/**
 * Webhook signatures (sandbox providers; the same scheme as common processors):
 *   header: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
 * The receiver recomputes the HMAC over the exact raw body and refuses timestamps outside the
 * tolerance window, so a captured delivery cannot be replayed later.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../../src/contract/payments.ts';

export function signWebhook(secret: string, rawBody: string, nowMs: number): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

export function isValidWebhookSignature(
  secret: string,
  rawBody: string,
  header: string | undefined,
  nowMs: number,
  toleranceSeconds: number = WEBHOOK_TOLERANCE_SECONDS,
): boolean {
  if (!header) return false;
  const parts = new Map<string, string[]>();
  for (const item of header.split(',')) {
    const eq = item.indexOf('=');
    if (eq <= 0) continue;
    const k = item.slice(0, eq).trim();
    parts.set(k, [...(parts.get(k) ?? []), item.slice(eq + 1).trim()]);
  }
  const t = Number(parts.get('t')?.[0]);
  if (!Number.isInteger(t) || Math.abs(nowMs / 1000 - t) > toleranceSeconds) return false;
  const expected = Buffer.from(createHmac('sha256', secret).update(`${t}.${rawBody}`).digest('hex'));
  return (parts.get('v1') ?? []).some((sig) => {
    const given = Buffer.from(sig);
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
}
