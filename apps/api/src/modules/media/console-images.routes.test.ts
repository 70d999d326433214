/**
 * `POST /api/admin/images`: an operator's picture is judged by its bytes (a text file named .png is
 * refused), limited to 5 MB, re-encoded without metadata, stored under console/images/<yyyy>/ and
 * served to the app at the answered URL. Roles: admin and editor (the matrix covers every caller).
 */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { type FormPart, multipartForm } from '../../../test/multipart.ts';
import { signInOperator, type TestOperator } from '../../../test/operators.ts';

const URL_OF_IMAGE = /^\/api\/files\/console\/images\/2026\/[0-9a-f-]{36}\.webp$/;

const root = mkdtempSync(join(tmpdir(), 'xuanli-console-images-'));
let t: TestApp;
let editor: TestOperator;

beforeAll(async () => {
  t = await buildTestApp({ config: { storage: { kind: 'local', root } } });
  editor = await signInOperator(t, 'editor');
});
afterAll(async () => {
  await t?.close();
  rmSync(root, { recursive: true, force: true });
});

const stored = () =>
  readdirSync(root, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).length;

function upload(parts: FormPart[], as: TestOperator | null = editor) {
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/admin/images',
    payload,
    headers: as ? { ...headers, ...as.headers } : headers,
  });
}

const file = (data: Buffer, filename = 'pic.png', type = 'image/png'): FormPart => ({
  name: 'file',
  filename,
  type,
  data,
});

/** A photo with a camera's EXIF. */
const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#8a2b0e' } })
    .jpeg()
    .withExif({ IFD0: { Make: 'TestCam', Model: 'Serial-0042' } })
    .toBuffer();

describe('POST /api/admin/images', () => {
  it('stores a JPEG as WebP without metadata, scaled to 2048 px, and the app loads it', async () => {
    const res = await upload([file(await photo(3000, 1500), 'banner.jpg', 'image/jpeg')]);
    expect(res.statusCode, res.body).toBe(200);
    const { url } = res.json().resData;
    expect(url).toMatch(URL_OF_IMAGE);
    const served = await t.app.inject({ method: 'GET', url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 2048, height: 1024 });
    expect(meta.exif).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('Serial-0042'))).toBe(false);
  });

  it('decides the type by the bytes: a PNG named .txt is taken, text named .png is refused', async () => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 4, background: '#fff0' } })
      .png()
      .toBuffer();
    const renamed = await upload([file(png, 'notes.txt', 'text/plain')]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const kept = await sharp(
      (await t.app.inject({ method: 'GET', url: renamed.json().resData.url })).rawPayload,
    ).metadata();
    expect([kept.width, kept.height]).toEqual([40, 30]);

    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#000' } })
      .gif()
      .toBuffer();
    expect((await upload([file(gif, 'a.gif', 'image/gif')])).statusCode).toBe(200);

    const before = stored();
    const text = await upload([file(Buffer.from('这不是图片。\n'.repeat(40)), 'photo.png')]);
    expect(text.statusCode).toBe(415);
    expect(text.json()).toEqual({ code: 'UnsupportedMediaType', msg: expect.stringMatching(/图片/) });
    const svg = await upload([
      file(
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>1</script></svg>'),
        'a.svg',
        'image/svg+xml',
      ),
    ]);
    expect(svg.statusCode).toBe(415);
    // A PNG signature in front of something else.
    const fake = Buffer.concat([png.subarray(0, 16), Buffer.alloc(200, 7)]);
    expect((await upload([file(fake)])).statusCode).toBe(415);
    expect(stored()).toBe(before);
  });

  it('refuses a file over 5 MB with 413 and keeps nothing', async () => {
    const before = stored();
    const big = Buffer.concat([await photo(16, 16), Buffer.alloc(5 * 1024 * 1024 + 10, 1)]);
    const res = await upload([file(big, 'big.jpg', 'image/jpeg')]);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PayloadTooLarge', msg: expect.stringContaining('5 MB') });
    expect(stored()).toBe(before);
  });

  it('refuses what is not a form with one image', async () => {
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: editor.headers,
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect((await upload([{ name: 'caption', value: '封面' }])).statusCode).toBe(400);
    const png = await photo(8, 8);
    const two = await upload([file(png, 'a.jpg', 'image/jpeg'), file(png, 'b.jpg', 'image/jpeg')]);
    expect(two.statusCode).toBe(413);
    const { payload, headers } = multipartForm([file(png, 'a.jpg', 'image/jpeg')]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/admin/images',
      headers: { ...headers, ...editor.headers },
      payload: payload.subarray(0, payload.length - 30),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('BadRequest');
  });

  it('lets admin and editor upload, refuses support (403) and callers without a console login (401)', async () => {
    const png = await photo(8, 8);
    const admin = await signInOperator(t, 'admin');
    expect((await upload([file(png, 'a.jpg', 'image/jpeg')], admin)).statusCode).toBe(200);
    const support = await signInOperator(t, 'support');
    const before = stored();
    expect((await upload([file(png, 'a.jpg', 'image/jpeg')], support)).statusCode).toBe(403);
    expect((await upload([file(png, 'a.jpg', 'image/jpeg')], null)).statusCode).toBe(401);
    expect(stored()).toBe(before);
  });
});
