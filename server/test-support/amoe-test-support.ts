/** Helpers of the AMOE API tests: the robot check solved like the page does, codes issued like the operator does. */
import { randomUUID } from 'node:crypto';
import {
  AMOE_API_PATHS,
  type AmoeCaptchaChallenge,
  type AmoePostalRequestCodeResponse,
} from '../../src/contract/amoe.ts';
import type { Database } from '../db/driver.ts';
import { transaction } from '../db/transaction.ts';
import type { Client, JsonResponse } from './test-app.ts';
import { issueAmoeCode, type IssuedAmoeCode } from '../features/amoe/amoe-codes.ts';
import { solveChallenge } from '../features/amoe/captcha.ts';

/** A solved robot-check token for this client's player. */
export async function solvedCaptchaToken(client: Client): Promise<{ token: string; siteKey: string }> {
  const res = await client.request<AmoeCaptchaChallenge>('GET', AMOE_API_PATHS.captchaChallenge);
  if (res.status !== 200) throw new Error(`captcha challenge: ${res.status} ${JSON.stringify(res.body)}`);
  const { challenge, difficulty, site_key } = res.body;
  return { token: `${challenge}:${solveChallenge(challenge, difficulty)}`, siteKey: site_key };
}

export function postPostalRequestCode(
  client: Client,
  token: string,
  siteKey: string,
): Promise<JsonResponse<AmoePostalRequestCodeResponse & { code?: string; extra?: { reason?: string } }>> {
  return client.request('POST', AMOE_API_PATHS.postalRequestCode, {
    body: { recaptcha_token: token, site_key: siteKey },
  });
}

/** A postal request code for the client's player (robot check passed). */
export async function requestPostalCode(client: Client): Promise<string> {
  const { token, siteKey } = await solvedCaptchaToken(client);
  const res = await postPostalRequestCode(client, token, siteKey);
  if (res.status !== 201) throw new Error(`postal request code: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.postal_request_code;
}

/** The operator issues the AMOE code of the request (delivered at `nowMs`). */
export const issueCode = (db: Database, postalRequestCode: string, nowMs: number): Promise<IssuedAmoeCode> =>
  transaction(db, (tx) => issueAmoeCode(tx, { postalRequestCode, nowMs }));

/** A code for the client's player, from request to issue. */
export async function codeFor(client: Client, db: Database, nowMs: number): Promise<IssuedAmoeCode> {
  return issueCode(db, await requestPostalCode(client), nowMs);
}

export type RedeemAnswer = JsonResponse<{
  amount_ghc?: number;
  amount_gld?: number;
  code?: string;
  message?: string;
  field?: string | null;
  extra?: Record<string, unknown> | null;
}>;

export function redeem(client: Client, code: unknown, key: string = randomUUID()): Promise<RedeemAnswer> {
  return client.request('POST', AMOE_API_PATHS.redeem, {
    body: { code },
    headers: { 'Idempotency-Key': key },
  });
}
