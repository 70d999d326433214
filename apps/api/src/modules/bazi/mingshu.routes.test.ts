import { baziChart } from '@xuanli/almanac/bazi/chart';
import { PDFDict, PDFDocument, PDFName } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { describe, expect, it } from 'vitest';
import { signIn } from '../../../test/accounts.ts';
import { buildTestApp, testConfig } from '../../../test/build.ts';
import { useCaller, useTestApp } from '../../../test/suite.ts';
import { mingshuDisposition } from './mingshu.routes.ts';

const PROFILE = { name: '张三', sex: '男', born: '公 1990-05-10 08:00' } as const;
const URL_ = '/api/app/bln.Suan/mingshu';

/** The text of every page of a PDF, joined, and its page count, as a PDF reader sees them. */
async function readPdf(bytes: Buffer): Promise<{ pages: number; text: string }> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { totalPages, text } = await extractText(pdf, { mergePages: true });
  return { pages: totalPages, text: text.replace(/\s+/g, ' ') };
}

describe('POST app/bln.suan/mingshu (命书 PDF)', () => {
  const t = useTestApp();
  const vip = useCaller(t, 'vip');

  const post = (token: string | undefined, payload: object) =>
    t.app.inject({ method: 'POST', url: URL_, headers: token ? { token } : {}, payload });

  it('answers a VIP a PDF of several pages holding the chart, its 喜用神, luck and readings', async () => {
    const res = await post(vip.token, PROFILE);
    expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="mingshu.pdf"; filename*=UTF-8''${encodeURIComponent('张三命书.pdf')}`,
    );
    expect(res.headers['cache-control']).toBe('no-store');
    const bytes = res.rawPayload;
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // The font is embedded as a subset of the characters used, so the file stays small.
    expect(bytes.length).toBeLessThan(1024 * 1024);

    const { pages, text } = await readPdf(bytes);
    expect(pages).toBeGreaterThanOrEqual(4);
    expect(text).toContain('庚午 辛巳 乙亥 庚辰');
    const chart = baziChart({ ...PROFILE, liunianCount: 0 });
    expect(text).toContain(`${chart.xiyong.strength}`);
    expect(text).toContain('喜用神');
    // The next ten 流年 from the clock's year (2026 丙午 … 2035 乙卯), and the readings' texts.
    expect(text).toContain('流年（2026–2035）');
    expect(text).toContain('乙木日主');
    expect(text).toContain('制于 2026年1月15日 12:00（北京时间）');
    expect(text).toContain('第 1 页 / 共');
    expect(text).toContain(chart.koujing.split(' · ')[0]);

    // The 楷体 is embedded (a subset: the committed font is 3.5 MB, the file above under 1 MB).
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(pages);
    const fonts = doc.context
      .enumerateIndirectObjects()
      .map(([, object]) => (object instanceof PDFDict ? object.get(PDFName.of('BaseFont')) : undefined))
      .filter((name) => name !== undefined)
      .map(String);
    expect(fonts).toContainEqual(expect.stringMatching(/^\/XuanliKai-Regular/));
  });

  it('prints a chart whose hour is unknown with 不详 in the hour column', async () => {
    const res = await post(vip.token, { ...PROFILE, born: '公 1990-05-10', hourUnknown: true });
    expect(res.statusCode).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('八字 庚午 辛巳 乙亥 不详');
    expect(text).toContain('公历 1990年5月10日 时辰不详');
    // The engine's note: 大运 counted from noon.
    expect(text).toContain('正午');
  });

  it('prints 〇 for a character its font lacks instead of an empty box', async () => {
    // 𠀀 (U+20000) is outside GB2312 and outside the 楷体's subset.
    const res = await post(vip.token, { ...PROFILE, name: '张𠀀' });
    expect(res.statusCode).toBe(200);
    const { text } = await readPdf(res.rawPayload);
    expect(text).toContain('张〇');
    expect(text).not.toContain('𠀀');
  });

  it('refuses visitors (401) and users without an active VIP (403) before reading the body', async () => {
    expect((await post(undefined, PROFILE)).statusCode).toBe(401);
    const visitor = (await signIn(t, 'visitor')).token;
    expect((await post(visitor, PROFILE)).statusCode).toBe(401);
    for (const caller of ['user', 'expiredVip'] as const) {
      const { token } = await signIn(t, caller);
      const res = await post(token, { nonsense: true });
      expect(res.statusCode, caller).toBe(403);
      expect(res.json().code).toBe('Forbidden');
    }
  });

  it('answers a VIP’s wrong birth text with the engine’s Chinese 400', async () => {
    const res = await post(vip.token, { ...PROFILE, born: '1990年13月' });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('WRONG_BIRTH_TEXT');
  });
});

describe('mingshu rate budget', () => {
  it('refuses a caller past RATE_LIMIT_MINGSHU_MAX with 429 and Retry-After', async () => {
    const base = testConfig();
    const t = await buildTestApp({
      config: { rateBudgets: { ...base.rateBudgets, mingshu: { max: 1, windowSeconds: 600 } } },
    });
    try {
      const { token } = await signIn(t, 'vip');
      const send = () => t.app.inject({ method: 'POST', url: URL_, headers: { token }, payload: PROFILE });
      expect((await send()).statusCode).toBe(200);
      const refused = await send();
      expect(refused.statusCode).toBe(429);
      expect(refused.json().code).toBe('TooManyRequests');
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  });
});

describe('mingshuDisposition', () => {
  it('names the file after the profile, without quotes, slashes or control characters', () => {
    expect(mingshuDisposition('李"四/\\\n')).toBe(
      `attachment; filename="mingshu.pdf"; filename*=UTF-8''${encodeURIComponent('李四命书.pdf')}`,
    );
    expect(mingshuDisposition(undefined)).toContain(encodeURIComponent('命书.pdf'));
  });
});
