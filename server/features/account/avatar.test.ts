import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { AVATAR_MAX_BYTES } from '../../../src/contract/account.ts';
import { createTestContext, type TestContext } from '../../test-support/test-app.ts';
import { formWith, signUp, testImage, uploadAvatar } from '../../test-support/account-test-helpers.ts';
import { sniffImageType } from './avatar-image.ts';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({}, { seedDemo: false });
});
afterAll(async () => ctx?.close());

async function fetchPicture(url: string, headers: Record<string, string> = {}) {
  const res = await ctx.app.request(url, { headers });
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

describe('PATCH /users/me/avatar', () => {
  it('re-encodes a PNG to a 256x256 WebP served with immutable caching, shown on the User', async () => {
    const { client } = await signUp(ctx);
    const up = await uploadAvatar(ctx, client, formWith(await testImage('png'), 'me.png', 'image/png'));
    expect(up.status).toBe(200);
    const url = String(up.body.profile_pic);
    expect(url).toMatch(/^\/api\/v1\/avatars\/[0-9a-f-]{36}$/);
    expect((await client.request('GET', '/users/me')).body.profile_pic).toBe(url);

    const { res, bytes } = await fetchPicture(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('image/webp');
    expect(res.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(sniffImageType(bytes)).toBe('image/webp');
    const meta = await sharp(bytes).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 256, 256]);

    const again = await fetchPicture(url, { 'If-None-Match': String(res.headers.get('ETag')) });
    expect(again.res.status).toBe(304);
  });

  it('drops the EXIF of a JPEG (camera, GPS) and keeps only the newest picture', async () => {
    const { client } = await signUp(ctx);
    const jpeg = await testImage('jpeg');
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const first = await uploadAvatar(ctx, client, formWith(jpeg, 'photo.jpg', 'image/jpeg'));
    expect(first.status).toBe(200);
    const { bytes } = await fetchPicture(String(first.body.profile_pic));
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(bytes.includes(Buffer.from('SecretCam'))).toBe(false);

    const second = await uploadAvatar(ctx, client, formWith(await testImage('webp'), 'b.webp', 'image/webp'));
    expect(second.status).toBe(200);
    expect(second.body.profile_pic).not.toBe(first.body.profile_pic);
    expect((await fetchPicture(String(first.body.profile_pic))).res.status).toBe(404);
  });

  it('judges the type from the bytes: a text file named .png and a GIF are refused', async () => {
    const { client } = await signUp(ctx);
    const text = new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"></svg>');
    const spoofed = await uploadAvatar(ctx, client, formWith(text, 'cat.png', 'image/png'));
    expect(spoofed.status).toBe(400);
    expect(spoofed.body).toMatchObject({ code: 'IMAGE_TYPE_NOT_ALLOWED', field: 'avatar' });
    const gif = await uploadAvatar(ctx, client, formWith(await testImage('gif'), 'a.jpg', 'image/jpeg'));
    expect(gif.body).toMatchObject({ code: 'IMAGE_TYPE_NOT_ALLOWED' });
    // A real PNG sent under a JPEG name and type is taken: the name does not matter either way.
    const png = await uploadAvatar(ctx, client, formWith(await testImage('png'), 'x.jpg', 'image/jpeg'));
    expect(png.status).toBe(200);
  });

  it('refuses bytes that start like an image but do not decode', async () => {
    const { client } = await signUp(ctx);
    const head = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const broken = Buffer.concat([head, Buffer.alloc(2000, 7)]);
    const res = await uploadAvatar(ctx, client, formWith(broken, 'x.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'IMAGE_UNREADABLE' });
    const truncated = (await testImage('jpeg')).subarray(0, 300);
    expect((await uploadAvatar(ctx, client, formWith(truncated, 'x.jpg', 'image/jpeg'))).status).toBe(400);
  });

  it('refuses a small file that would decode into too many pixels (a decompression bomb)', async () => {
    const { client } = await signUp(ctx);
    const bomb = await sharp({
      create: { width: 7100, height: 7100, channels: 3, background: { r: 1, g: 2, b: 3 } },
    })
      .png({ compressionLevel: 9 })
      .toBuffer();
    expect(bomb.length).toBeLessThan(AVATAR_MAX_BYTES);
    const res = await uploadAvatar(ctx, client, formWith(bomb, 'bomb.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ code: 'IMAGE_UNREADABLE' });
  });

  it('answers 413 to a picture over the limit, by Content-Length and by a streamed body', async () => {
    const { client } = await signUp(ctx);
    const big = Buffer.alloc(AVATAR_MAX_BYTES + 1024, 1);
    big.set([0xff, 0xd8, 0xff], 0);
    const streamed = await uploadAvatar(ctx, client, formWith(big, 'big.jpg', 'image/jpeg'));
    expect(streamed.status).toBe(413);
    expect(streamed.body).toMatchObject({ code: 'IMAGE_TOO_LARGE' });
    const declared = await uploadAvatar(ctx, client, new Uint8Array(AVATAR_MAX_BYTES + 64 * 1024), {
      'Content-Type': 'multipart/form-data; boundary=x',
      'Content-Length': String(AVATAR_MAX_BYTES + 64 * 1024),
    });
    expect(declared.status).toBe(413);
  });

  it('answers 4xx, never 5xx, to malformed or missing multipart bodies', async () => {
    const { client } = await signUp(ctx);
    const cases: Array<[NonNullable<RequestInit['body']>, Record<string, string>]> = [
      ['not multipart at all', { 'Content-Type': 'text/plain' }],
      [JSON.stringify({ avatar: 'x' }), { 'Content-Type': 'application/json' }],
      [
        '--x\r\nContent-Disposition: form-data; name="avatar"\r\n\r\nabc',
        { 'Content-Type': 'multipart/form-data; boundary=x' },
      ],
      ['garbage', { 'Content-Type': 'multipart/form-data; boundary=' }],
      ['', { 'Content-Type': 'multipart/form-data; boundary=x' }],
    ];
    for (const [body, headers] of cases) {
      const res = await uploadAvatar(ctx, client, body, headers);
      expect(res.status, JSON.stringify(headers)).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    const noFile = new FormData();
    noFile.append('avatar', 'just text');
    expect((await uploadAvatar(ctx, client, noFile)).body).toMatchObject({ code: 'INVALID_UPLOAD' });
    const two = formWith(await testImage('png'), 'a.png', 'image/png');
    two.append('avatar', new Blob([await testImage('png')], { type: 'image/png' }), 'b.png');
    expect((await uploadAvatar(ctx, client, two)).body).toMatchObject({ code: 'INVALID_UPLOAD' });
  });

  it('a parallel burst of uploads leaves exactly one picture, the one the User names', async () => {
    const { client, id } = await signUp(ctx);
    const png = await testImage('png', 320, 200);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => uploadAvatar(ctx, client, formWith(png, 'a.png', 'image/png'))),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await ctx.db.query<{ id: string }>('SELECT id FROM avatars WHERE user_id = $1', [id]);
    expect(rows).toHaveLength(1);
    const me = await client.request('GET', '/users/me');
    expect(me.body.profile_pic).toBe(`/api/v1/avatars/${rows[0]!.id}`);
  });

  it('needs a signed-in player; an unknown picture is 404', async () => {
    const { client } = await signUp(ctx);
    client.token = null;
    expect(
      (await uploadAvatar(ctx, client, formWith(await testImage('png'), 'a.png', 'image/png'))).status,
    ).toBe(401);
    expect((await fetchPicture('/api/v1/avatars/00000000-0000-0000-0000-000000000000')).res.status).toBe(404);
    expect((await fetchPicture('/api/v1/avatars/not-a-uuid')).res.status).toBe(404);
  });
});
