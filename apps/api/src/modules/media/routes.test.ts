import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { blackPng, phonePhoto } from '../../../test/images.ts';
import { type FormPart, multipartForm } from '../../../test/multipart.ts';
import { type S3StandIn, startS3StandIn } from '../../../test/s3-stand-in.ts';
import { localFileStorage } from '../../shared/storage.ts';
import { feedback } from './schema.ts';
import { eraseMediaOf, removeStoredFiles } from './service.ts';

function pngOf(width: number, height: number) {
  return sharp({ create: { width, height, channels: 4, background: { r: 170, g: 0, b: 0, alpha: 0.5 } } })
    .png()
    .toBuffer();
}

const UPLOAD_URL = /^\/api\/files\/(avatars|feedback)\/2026\/[0-9a-f-]{36}\.webp$/;

/** Every file under `dir`, as paths relative to it. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1));
}

// ---------------------------------------------------------------------------------------------------

const root = mkdtempSync(join(tmpdir(), 'xuanli-media-'));
const filesRoot = join(root, 'files');
let t: TestApp;
let user: { token: string; userId: number | null };
let visitor: { token: string };

beforeAll(async () => {
  t = await buildTestApp({ config: { storage: { kind: 'local', root: filesRoot } } });
  user = await signIn(t, 'user');
  visitor = await signIn(t, 'visitor');
});
afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

async function upload(parts: FormPart[], token?: string) {
  const { payload, headers } = multipartForm(parts);
  return t.app.inject({
    method: 'POST',
    url: '/api/base/upload',
    payload,
    headers: token === undefined ? headers : { ...headers, token },
  });
}

const fileOf = (data: Buffer, filename = 'photo.jpg', type = 'image/jpeg'): FormPart => ({
  name: 'file',
  filename,
  type,
  data,
});

describe('POST /api/base/upload', () => {
  it('refuses visitors and callers without a token with 401, storing nothing', async () => {
    const before = filesUnder(root).length;
    const photo = await phonePhoto();
    for (const res of [
      await upload([fileOf(photo)], visitor.token),
      await upload([fileOf(photo)]),
      await upload([fileOf(photo), { name: 'token', value: visitor.token }]),
      await upload([fileOf(photo)], 'not-a-token'),
    ]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'Unauthorized' });
    }
    expect(filesUnder(root).length).toBe(before);
  });

  it('stores an avatar as a 512 px WebP square and serves it at the answered URL', async () => {
    const res = await upload([fileOf(await pngOf(800, 600), 'me.png', 'image/png')], user.token);
    expect(res.statusCode).toBe(200);
    const { code, resData } = res.json();
    expect(code).toBe(0);
    expect(Object.keys(resData)).toEqual(['url']);
    expect(resData.url).toMatch(UPLOAD_URL);
    expect(resData.url).toContain('/avatars/');

    const file = await t.app.inject({ method: 'GET', url: resData.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/webp');
    const meta = await sharp(file.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 512, height: 512 });
    // The same bytes are in the storage folder under the URL's key.
    const key = resData.url.slice('/api/files/'.length);
    expect(readFileSync(join(filesRoot, key)).equals(file.rawPayload)).toBe(true);
  });

  it('strips EXIF with the GPS position from a phone photo and turns it upright (feedback: ≤ 1600 px)', async () => {
    const photo = await phonePhoto(2400, 1800);
    expect((await sharp(photo).metadata()).exif?.includes(Buffer.from([0x25, 0x88]))).toBe(true);
    const res = await upload(
      [{ name: 'purpose', value: 'feedback' }, fileOf(photo, 'IMG_0001.JPG')],
      user.token,
    );
    expect(res.statusCode).toBe(200);
    const url: string = res.json().resData.url;
    expect(url).toMatch(UPLOAD_URL);
    expect(url).toContain('/feedback/');
    const stored = readFileSync(join(filesRoot, url.slice('/api/files/'.length)));
    const meta = await sharp(stored).metadata();
    // 2400×1800 rotated by orientation 6 is 1800×2400, fitted inside 1600.
    expect(meta).toMatchObject({ format: 'webp', width: 1200, height: 1600 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.orientation).toBeUndefined();
    expect(stored.includes(Buffer.from('TestCam'))).toBe(false);
    expect(stored.includes(Buffer.from('Serial-0042'))).toBe(false);
  });

  it('takes the token from the form field, before or after the file (PRODUCT.md#paths)', async () => {
    const png = await pngOf(64, 64);
    const before = await upload([{ name: 'token', value: user.token }, fileOf(png, 'a.png', 'image/png')]);
    expect(before.statusCode).toBe(200);
    expect(before.json().resData.url).toMatch(UPLOAD_URL);
    const after = await upload([fileOf(png, 'a.png', 'image/png'), { name: 'token', value: user.token }]);
    expect(after.statusCode).toBe(200);
    // A 64 px picture is not enlarged.
    const meta = await sharp(readFileSync(join(filesRoot, after.json().resData.url.slice(11)))).metadata();
    expect([meta.width, meta.height]).toEqual([64, 64]);
  });

  it('lets the header win over the form field', async () => {
    const png = await pngOf(32, 32);
    const res = await upload(
      [{ name: 'token', value: user.token }, fileOf(png, 'a.png', 'image/png')],
      visitor.token,
    );
    expect(res.statusCode).toBe(401);
    const ok = await upload(
      [{ name: 'token', value: visitor.token }, fileOf(png, 'a.png', 'image/png')],
      user.token,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('refuses a text file named .png and declared image/png with 415', async () => {
    const before = filesUnder(filesRoot).length;
    const res = await upload(
      [fileOf(Buffer.from('这不是图片，只是一段文字。\n'.repeat(50)), 'photo.png', 'image/png')],
      user.token,
    );
    expect(res.statusCode).toBe(415);
    expect(res.json()).toEqual({ code: 'UnsupportedMediaType', msg: expect.any(String) });
    const svg = await upload(
      [
        fileOf(
          Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
          'a.svg',
          'image/svg+xml',
        ),
      ],
      user.token,
    );
    expect(svg.statusCode).toBe(415);
    expect(filesUnder(filesRoot).length).toBe(before);
  });

  it('refuses a file over 5 MB with 413 PayloadTooLarge, never a 500', async () => {
    const big = Buffer.concat([await phonePhoto(16, 16), Buffer.alloc(6 * 1024 * 1024, 1)]);
    const res = await upload([fileOf(big)], user.token);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ code: 'PayloadTooLarge', msg: expect.any(String) });
  });

  it('refuses a decompression bomb (100 megapixels in a few KB) with 413', async () => {
    const bomb = blackPng(10_000, 10_000);
    expect(bomb.length).toBeLessThan(100_000);
    const res = await upload([fileOf(bomb, 'bomb.png', 'image/png')], user.token);
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PayloadTooLarge');
  });

  it('refuses what is not a one-image multipart form', async () => {
    const png = await pngOf(8, 8);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/base/upload',
      headers: { token: user.token },
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(415);
    expect(json.json().code).toBe('UnsupportedMediaType');

    const noFile = await upload([{ name: 'purpose', value: 'avatar' }], user.token);
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().code).toBe('ValidationError');

    const badPurpose = await upload([{ name: 'purpose', value: 'banner' }, fileOf(png)], user.token);
    expect(badPurpose.statusCode).toBe(400);

    const twoFiles = await upload([fileOf(png), fileOf(png)], user.token);
    expect(twoFiles.statusCode).toBe(413);

    const noBoundary = await t.app.inject({
      method: 'POST',
      url: '/api/base/upload',
      headers: { token: user.token, 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);

    const { payload, headers } = multipartForm([fileOf(png)]);
    const cut = await t.app.inject({
      method: 'POST',
      url: '/api/base/upload',
      headers: { ...headers, token: user.token },
      payload: payload.subarray(0, payload.length - 30),
    });
    expect(cut.statusCode).toBe(400);
    expect(cut.json().code).toBe('BadRequest');
  });

  it('keeps multipart to this route: others still refuse it', async () => {
    const { payload, headers } = multipartForm([{ name: 'content', value: 'x' }]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/crm/feedback',
      payload,
      headers: { ...headers, token: user.token },
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
  });

  it('leaves no temporary file behind', async () => {
    const leftovers = () => readdirSync(tmpdir()).filter((name) => name.startsWith('xuanli-upload-'));
    const before = leftovers().length;
    await upload([fileOf(await pngOf(16, 16), 'a.png', 'image/png')], user.token);
    await upload([fileOf(Buffer.from('text'), 'a.png', 'image/png')], user.token);
    await upload([fileOf(Buffer.alloc(6 * 1024 * 1024))], user.token);
    expect(leftovers().length).toBe(before);
  });
});

describe('GET /api/files/*', () => {
  const content = Buffer.from('0123456789abcdefghij');
  const key = 'courseware/2026/range-test.txt';
  beforeAll(() => {
    // Beside the storage folder, where a key must never reach.
    writeFileSync(join(root, 'secret-outside.txt'), 'nope');
    // Placed where an operator would put courseware.
    const path = join(filesRoot, key);
    mkdirSync(dirname(path), { recursive: true });
    writeFileSync(path, content);
  });

  it('serves a file with its type, an immutable cache and nosniff', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(content.toString());
    expect(res.headers).toMatchObject({
      'content-type': 'text/plain; charset=utf-8',
      'content-length': '20',
      'cache-control': 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'accept-ranges': 'bytes',
    });
  });

  it('answers byte ranges with 206 and Content-Range', async () => {
    const cases: [string, string, string][] = [
      ['bytes=0-9', '0123456789', 'bytes 0-9/20'],
      ['bytes=10-', 'abcdefghij', 'bytes 10-19/20'],
      ['bytes=-3', 'hij', 'bytes 17-19/20'],
      ['bytes=15-99', 'fghij', 'bytes 15-19/20'],
      ['bytes=-50', content.toString(), 'bytes 0-19/20'],
    ];
    for (const [range, body, contentRange] of cases) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers: { range } });
      expect(res.statusCode, range).toBe(206);
      expect(res.body, range).toBe(body);
      expect(res.headers['content-range'], range).toBe(contentRange);
      expect(res.headers['content-length'], range).toBe(String(body.length));
    }
  });

  it('answers 416 for a range past the end and ignores ranges it does not serve', async () => {
    for (const range of ['bytes=20-', 'bytes=25-30', 'bytes=-0']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers: { range } });
      expect(res.statusCode, range).toBe(416);
      expect(res.headers['content-range']).toBe('bytes */20');
      expect(res.headers['cache-control']).toBeUndefined();
      expect(res.json()).toEqual({ code: 'RangeNotSatisfiable', msg: expect.any(String) });
    }
    // Malformed, reversed, other units and several ranges: the whole file (RFC 9110 lets a server ignore them).
    for (const range of [
      'bytes=5-2',
      'items=0-1',
      'bytes=0-1,4-5',
      'bytes=x-y',
      'bytes=99999999999999999999-',
    ]) {
      const res = await t.app.inject({ method: 'GET', url: `/api/files/${key}`, headers: { range } });
      expect(res.statusCode, range).toBe(200);
      expect(res.body).toBe(content.toString());
    }
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: `/api/files/${key}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-length']).toBe('20');
    expect(res.body).toBe('');
  });

  it('answers 404 with the envelope for a missing key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/files/avatars/2026/missing.webp' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: 'NotFound', msg: expect.any(String) });
    expect(res.headers['cache-control']).toBeUndefined();
  });

  it('refuses keys that try to leave the storage folder, plain or encoded', async () => {
    const attempts = [
      '/api/files/..%2fsecret-outside.txt',
      '/api/files/%2e%2e/%2e%2e/etc/passwd',
      '/api/files/courseware/..%2F..%2Fsecret-outside.txt',
      '/api/files/%2Fetc%2Fpasswd',
      '/api/files//etc/passwd',
      '/api/files/.env',
      '/api/files/a%5c..%5csecret-outside.txt',
      '/api/files/courseware/%2e%2e/2026/range-test.txt',
      '/api/files/a%00b',
      '/api/files/',
    ];
    for (const url of attempts) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect(res.body, url).not.toContain('nope');
      expect(res.body, url).not.toContain('root:');
    }
  });

  it('refuses them on the wire too, where no client library normalises the path', async () => {
    // inject() parses URLs like a browser ('/a/%2e%2e/b' → '/b'); a raw request line is not parsed.
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const raw = (path: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
    for (const path of [
      '/api/files/courseware/%2e%2e/2026/range-test.txt',
      '/api/files/%2e%2e/secret-outside.txt',
      '/api/files/../secret-outside.txt',
      '/api/files/courseware/../../secret-outside.txt',
      '/api/files/%2E%2E%2Fsecret-outside.txt',
    ]) {
      const res = await raw(path);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(res.status, path).toBeLessThan(500);
      expect(res.body, path).not.toContain('nope');
    }
    expect(await raw('/api/files/courseware/%2e%2e/2026/range-test.txt')).toEqual({
      status: 400,
      body: JSON.stringify({ code: 'BadRequest', msg: 'invalid file key' }),
    });
    expect((await raw(`/api/files/${key}`)).status).toBe(200);
  });
});

describe('POST /api/crm/feedback', () => {
  let image: string;
  beforeAll(async () => {
    const res = await upload(
      [{ name: 'purpose', value: 'feedback' }, fileOf(await phonePhoto(400, 300))],
      user.token,
    );
    image = res.json().resData.url;
  });

  const send = (body: unknown, token = user.token) =>
    t.app.inject({ method: 'POST', url: '/api/crm/feedback', headers: { token }, payload: body as object });

  it('stores a feedback row for the operators and answers its id', async () => {
    const res = await send({
      content: '  字太小了，希望能再大一点。  ',
      rating: 4,
      images: [image],
      contact: ' 13800000000 ',
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json().resData;
    expect(Number.isInteger(id)).toBe(true);
    const [row] = await t.database.db.select().from(feedback).where(eq(feedback.id, id));
    expect(row).toMatchObject({
      userId: user.userId,
      content: '字太小了，希望能再大一点。',
      rating: 4,
      images: [image],
      contact: '13800000000',
      createdAt: new Date(t.clock.now()),
    });
    const plain = await send({ content: '很好用', rating: 5 });
    expect(plain.statusCode).toBe(200);
    const [second] = await t.database.db
      .select()
      .from(feedback)
      .where(eq(feedback.id, plain.json().resData.id));
    expect(second).toMatchObject({ images: [], contact: '' });
  });

  it('refuses visitors with 401', async () => {
    const res = await send({ content: '你好', rating: 3 }, visitor.token);
    expect(res.statusCode).toBe(401);
    expect((await send({ content: '你好', rating: 3 }, '')).statusCode).toBe(401);
  });

  it('validates content, rating and images', async () => {
    const bad = [
      { content: '', rating: 3 },
      { content: '   ', rating: 3 },
      { content: '好'.repeat(501), rating: 3 },
      { content: '好', rating: 0 },
      { content: '好', rating: 6 },
      { content: '好', rating: 2.5 },
      { content: '好' },
      { content: '好', rating: 3, images: Array(10).fill(image) },
      { content: '好', rating: 3, images: ['https://evil.example/x.webp'] },
      { content: '好', rating: 3, images: [image.replace('/feedback/', '/avatars/')] },
      { content: '好', rating: 3, images: ['/api/files/feedback/2026/../../jwt-secret'] },
      { content: '好', rating: 3, images: [`/api/files/feedback/2026/${randomUUID()}.webp`] },
      { content: '好', rating: 3, contact: 'x'.repeat(101) },
    ];
    for (const body of bad) {
      const res = await send(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
      expect(res.json().code, JSON.stringify(body).slice(0, 80)).toBe('ValidationError');
    }
    expect((await send({ content: '好'.repeat(500), rating: 1, images: [image] })).statusCode).toBe(200);
  });

  it("deletes a user's feedback and its images when the account goes", async () => {
    const someone = await signIn(t, 'user');
    const upload1 = await upload(
      [{ name: 'purpose', value: 'feedback' }, fileOf(await phonePhoto(100, 100))],
      someone.token,
    );
    const url: string = upload1.json().resData.url;
    expect((await send({ content: '删除测试', rating: 2, images: [url] }, someone.token)).statusCode).toBe(
      200,
    );
    const keys = await t.database.db.transaction((tx) =>
      eraseMediaOf(tx, { id: someone.userId!, avatar: '' }),
    );
    expect(keys).toEqual([url.slice('/api/files/'.length)]);
    await removeStoredFiles(localFileStorage(filesRoot), keys);
    expect(await t.database.db.select().from(feedback).where(eq(feedback.userId, someone.userId!))).toEqual(
      [],
    );
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
  });
});

describe('the same routes on S3-compatible storage', () => {
  let standIn: S3StandIn;
  let s3App: TestApp;
  beforeAll(async () => {
    standIn = await startS3StandIn('xuanli-media');
    s3App = await buildTestApp({ config: { storage: standIn.settings } });
  });
  afterAll(async () => {
    await s3App?.close();
    await standIn?.close();
  });

  it('uploads into the bucket and streams the file back, ranges included', async () => {
    const s3User = await signIn(s3App, 'user');
    const { payload, headers } = multipartForm([fileOf(await phonePhoto(600, 400))]);
    const res = await s3App.app.inject({
      method: 'POST',
      url: '/api/base/upload',
      payload,
      headers: { ...headers, token: s3User.token },
    });
    expect(res.statusCode).toBe(200);
    const url: string = res.json().resData.url;
    expect(url).toMatch(UPLOAD_URL);
    const whole = await s3App.app.inject({ method: 'GET', url });
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('image/webp');
    const meta = await sharp(whole.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 400, height: 400 });
    expect(meta.exif).toBeUndefined();
    const part = await s3App.app.inject({ method: 'GET', url, headers: { range: 'bytes=0-11' } });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    expect(part.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
    expect(
      (await s3App.app.inject({ method: 'GET', url: '/api/files/avatars/2026/none.webp' })).statusCode,
    ).toBe(404);
  });
});
