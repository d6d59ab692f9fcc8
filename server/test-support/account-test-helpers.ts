/** Helpers of the account API tests: signed-in players, multipart uploads, mails, test images. */
import { expect } from 'vitest';
import sharp from 'sharp';
import { ACCOUNT_API_PATHS } from '../../src/contract/account.ts';
import { API_PATHS, API_PREFIX } from '../../src/contract/api-paths.ts';
import { AUTH_SCHEME, CSRF_COOKIE, CSRF_HEADER } from '../../src/contract/constants.ts';
import { Client, signUpPayload, type TestContext } from './test-app.ts';

export const PASSWORD = 'Velvet-Harbor-42';

export interface Player {
  client: Client;
  email: string;
  id: string;
}

export async function signUp(ctx: TestContext, overrides: Record<string, unknown> = {}): Promise<Player> {
  const client = new Client(ctx);
  const payload = signUpPayload(overrides);
  const res = await client.request<{ token: string; user: { id: string } }>('POST', API_PATHS.users, {
    body: payload,
  });
  expect(res.status).toBe(201);
  client.token = res.body.token;
  return { client, email: String(payload.email), id: res.body.user.id };
}

/** Signs the same player in from another device (its own cookies and address). */
export async function signIn(ctx: TestContext, email: string, password = PASSWORD) {
  const client = new Client(ctx);
  const res = await client.request<{ token?: string; code?: string; extra?: Record<string, unknown> }>(
    'POST',
    API_PATHS.login,
    { body: { email, password } },
  );
  if (res.status === 200) client.token = String(res.body.token);
  return { client, res };
}

/** PATCH the avatar with any body, as the browser would (cookies, CSRF header, token). */
export async function uploadAvatar(
  ctx: TestContext,
  client: Client,
  body: NonNullable<RequestInit['body']>,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: Record<string, unknown> }> {
  if (!client.cookies.has(CSRF_COOKIE)) await client.request('GET', API_PATHS.csrf);
  const res = await ctx.app.request(`${API_PREFIX}${ACCOUNT_API_PATHS.avatar}`, {
    method: 'PATCH',
    headers: {
      'X-Forwarded-For': client.ip,
      [CSRF_HEADER]: client.cookies.get(CSRF_COOKIE) ?? '',
      Authorization: `${AUTH_SCHEME} ${client.token}`,
      Cookie: [...client.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      ...headers,
    },
    body,
  });
  const text = await res.text();
  let parsed: Record<string, unknown> = {};
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = { text };
  }
  return { status: res.status, body: parsed };
}

export function formWith(bytes: Uint8Array, name: string, type: string): FormData {
  const form = new FormData();
  form.append('username', 'ignored');
  form.append('avatar', new Blob([bytes], { type }), name);
  return form;
}

/** A photo-like test image of the given format, with EXIF (camera and GPS) when JPEG. */
export async function testImage(format: 'png' | 'jpeg' | 'webp' | 'gif', width = 640, height = 480) {
  const base = sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 40, b: 90 } },
  });
  if (format === 'jpeg')
    return base
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam', Model: 'Model X' }, IFD3: { GPSLatitudeRef: 'N' } })
      .toBuffer();
  return base.toFormat(format).toBuffer();
}

/** The last mail of a kind to an address. */
export async function lastMail(ctx: TestContext, to: string, kind: string): Promise<string | null> {
  const rows = await ctx.db.query<{ body_text: string }>(
    'SELECT body_text FROM outbox WHERE to_address = $1 AND kind = $2 ORDER BY id DESC LIMIT 1',
    [to, kind],
  );
  return rows[0]?.body_text ?? null;
}

export const tokenIn = (mail: string | null): string => {
  const match = /[?&]token=([\w-]+)/.exec(mail ?? '');
  expect(match).not.toBeNull();
  return match![1]!;
};
