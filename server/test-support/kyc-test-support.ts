/**
 * Test support for the KYC suites: a signed-up player, the link / result / status calls, and what
 * the verification frame does in the browser (submitting the form at the sandbox, in-process).
 */
import { expect } from 'vitest';
import { API_PATHS } from '../../src/contract/api-paths.ts';
import { KYC_API_PATHS, type KycFlow, type KycLink } from '../../src/contract/kyc.ts';
import { Client, signUpPayload, type TestContext } from './test-app.ts';

export async function signedUpPlayer(ctx: TestContext): Promise<{ client: Client; userId: string }> {
  const client = new Client(ctx);
  const res = await client.request<{ token: string; user: { id: string } }>('POST', API_PATHS.users, {
    body: signUpPayload(),
  });
  if (res.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(res.body)}`);
  client.token = res.body.token;
  const me = await client.request<{ id: string }>('GET', API_PATHS.me);
  return { client, userId: me.body.id };
}

export const openLink = (client: Client, flow: KycFlow = 'verification') =>
  client.request<KycLink & { code?: string }>('GET', KYC_API_PATHS.link(flow));

/** What the frame's script does: posts the form to the sandbox; answers the auth response. */
export async function submitFrame(
  ctx: TestContext,
  href: string,
  lastName: string,
  overrides: Record<string, string> = {},
): Promise<{ status: number; body: { authorization?: string; error?: { field?: string } } }> {
  const sandbox = ctx.sandboxes.identity;
  const url = new URL(href);
  const res = await sandbox.app.request(`${url.pathname}/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Origin: url.origin },
    body: JSON.stringify({
      first_name: 'Alex',
      last_name: lastName,
      birth_date: '1985-03-14',
      document_number: 'D1234567',
      ...overrides,
    }),
  });
  return { status: res.status, body: (await res.json()) as never };
}

/** Opens a verification link and submits the frame with `lastName`; answers the auth response. */
export async function verifyInFrame(
  ctx: TestContext,
  client: Client,
  lastName: string,
  flow: KycFlow = 'verification',
): Promise<string> {
  const link = await openLink(client, flow);
  expect(link.status).toBe(200);
  const submitted = await submitFrame(ctx, link.body.href, lastName);
  expect(submitted.status).toBe(200);
  return submitted.body.authorization!;
}

export const askResult = (client: Client, authResponse: string, flow: KycFlow = 'verification') =>
  client.request<Record<string, unknown>>('GET', KYC_API_PATHS.result(flow, authResponse));

export const identityStateOf = async (ctx: TestContext, userId: string) =>
  (
    await ctx.db.query<{ identity_state: string; identity_verified_at: unknown }>(
      'SELECT identity_state, identity_verified_at FROM users WHERE id = $1',
      [userId],
    )
  )[0]!;

export const stateChanges = (ctx: TestContext, userId: string) =>
  ctx.db.query<{ from_state: string; to_state: string; reason: string | null }>(
    'SELECT from_state, to_state, reason FROM kyc_state_changes WHERE user_id = $1 ORDER BY id',
    [userId],
  );

export const setProperty = (ctx: TestContext, key: string, value: string) =>
  ctx.db.query('UPDATE named_properties SET value = $2 WHERE key = $1', [key, value]);
