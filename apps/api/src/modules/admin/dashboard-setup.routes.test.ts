/**
 * The 开店清单 through the API: a fresh install (the seed's examples, the sandbox, the SMS outbox) is
 * 示例 throughout; each item turns 已设置 when an operator saves its rows in the console, or when the
 * server is configured with a real payment channel and a real SMS provider. And the migration that
 * marks an older install's seeded rows as examples, by the audit trail of what operators saved.
 */
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/build.ts';
import { signInOperator, type TestOperator } from '../../../test/operators.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { parsePayConfig, parseSmsConfig } from '../../config.ts';
import { articles, content, masters } from '../content/testing-tables.ts';

type Items = Record<string, { state: string; note: string }>;

/** The checklist's items, in its order. */
const ITEMS = ['customerService', 'payment', 'sms', 'agreements', 'masters'];

/** The states of a checklist where every item is in `state`. */
const every = (state: string) => Object.fromEntries(ITEMS.map((item) => [item, state]));

async function checklist(t: TestApp, as: TestOperator): Promise<Items> {
  const res = await t.app.inject({ method: 'GET', url: '/api/admin/dashboard/setup', headers: as.headers });
  expect(res.statusCode, res.body).toBe(200);
  const items: { item: string; state: string; note: string }[] = res.json().resData.items;
  expect(items.map((entry) => entry.item)).toEqual(ITEMS);
  return Object.fromEntries(items.map(({ item, state, note }) => [item, { state, note }]));
}

const states = (items: Items) => Object.fromEntries(Object.entries(items).map(([key, v]) => [key, v.state]));

describe('开店清单 on a fresh install', () => {
  const t = useTestApp();
  const admin = useOperator(t, 'admin');
  const editor = useOperator(t, 'editor');

  const post = async (url: string, payload: object) => {
    const res = await t.app.inject({ method: 'POST', url, headers: editor.headers, payload });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().resData;
  };

  it('shows every item as 示例 until operators save their own', async () => {
    const fresh = await checklist(t, admin);
    expect(states(fresh)).toEqual(every('demo'));
    expect(fresh.payment.note).toContain('模拟支付');
    expect(fresh.sms.note).toContain('outbox');
    expect(fresh.agreements.note).toBe('《玄历用户协议》《玄历隐私政策》仍是示例文本');

    // The card: saved with a WeChat ID.
    const card = await post('/api/admin/customer-service', {
      avatar: '',
      nickname: '玄历客服小周',
      intro: '工作时间 9:00–21:00',
      wx: 'xuanli_kefu_zhou',
      qrcode: '',
      body: '添加客服微信办理 VIP。',
    });
    expect(card.wx).toBe('xuanli_kefu_zhou');
    const afterCard = await checklist(t, admin);
    expect(afterCard.customerService).toEqual({ state: 'set', note: '客服微信 xuanli_kefu_zhou' });

    // One agreement edited, the other still the seed's: still 示例, naming the one left.
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/admin/articles',
      headers: editor.headers,
      query: { label: '协议' },
    });
    const agreements: { id: number }[] = list.json().resData.list;
    expect(agreements).toHaveLength(2);
    const edit = async (id: number) => {
      const article = (
        await t.app.inject({ method: 'GET', url: `/api/admin/articles/${id}`, headers: editor.headers })
      ).json().resData;
      await post(`/api/admin/articles/${id}`, {
        label: article.label,
        name: article.name,
        title: article.title,
        summary: article.summary,
        sort: article.sort,
        html: article.html.replace('</p>', '（运营方：北京玄历文化有限公司）</p>'),
      });
    };
    await edit(agreements[0].id);
    expect((await checklist(t, admin)).agreements).toEqual({
      state: 'demo',
      note: '《玄历隐私政策》仍是示例文本',
    });
    // Publishing is no edit of the text.
    const published = await t.app.inject({
      method: 'POST',
      url: `/api/admin/articles/${agreements[1].id}/unpublish`,
      headers: editor.headers,
    });
    expect(published.statusCode, published.body).toBe(200);
    expect((await checklist(t, admin)).agreements.state).toBe('demo');
    await edit(agreements[1].id);
    expect((await checklist(t, admin)).agreements.state).toBe('set');

    // Masters: every one the app shows must have been saved; a hidden example does not count.
    const masterList: { sellid: number; nickname: string }[] = (
      await t.app.inject({ method: 'GET', url: '/api/admin/masters', headers: editor.headers })
    ).json().resData.list;
    const save = (master: { sellid: number; nickname: string }, active: boolean) =>
      post(`/api/admin/masters/${master.sellid}`, {
        avatar: '',
        nickname: master.nickname.replace('七星堂', '玄历'),
        intro: '本店老师',
        wx: `teacher_${master.sellid}`,
        qrcode: '',
        sort: master.sellid,
        active,
      });
    await save(masterList[0], true);
    const oneSaved = await checklist(t, admin);
    expect(oneSaved.masters.state).toBe('demo');
    expect(oneSaved.masters.note).toMatch(new RegExp(`^${masterList.length - 1} 位大师仍是示例资料：`));
    for (const master of masterList.slice(1, -1)) await save(master, true);
    // The last one hidden from the app: a hidden master is not one the users meet.
    await save(masterList[masterList.length - 1], false);
    const all = await checklist(t, admin);
    expect(states(all)).toEqual({ ...every('set'), payment: 'demo', sms: 'demo' });
  });

  it('keeps a card without a WeChat ID or QR code as not set, even after a save', async () => {
    await post('/api/admin/customer-service', {
      avatar: '',
      nickname: '玄历客服',
      intro: '',
      wx: '',
      qrcode: '',
      body: '',
    });
    expect((await checklist(t, admin)).customerService).toEqual({
      state: 'demo',
      note: '客服名片还没有微信号或二维码',
    });
  });

  it('is the admin role’s only', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/dashboard/setup',
      headers: editor.headers,
    });
    expect(res.statusCode).toBe(403);
  });

  it('marks an older install’s seeded rows as examples unless the audit trail has their save', async () => {
    // As before the markers existed: every row unmarked; then one master saved by an operator.
    const [card] = await t.database.db
      .select({ key: content.key })
      .from(content)
      .where(sql`${content.key} = 'crm/label/在线客服'`);
    expect(card).toBeDefined();
    await t.database.db.update(masters).set({ demo: false });
    await t.database.db.update(articles).set({ demo: false });
    await t.database.db.update(content).set({ demo: false });
    const backfill = readFileSync(
      new URL('../../../drizzle/0013_demo_markers_backfill.sql', import.meta.url),
      'utf8',
    );
    for (const statement of backfill.split('--> statement-breakpoint')) {
      await t.database.db.execute(sql.raw(statement));
    }
    // Every master, the agreements and the card were saved in the first test: none is an example.
    const demoMasters = await t.database.db.select().from(masters).where(sql`${masters.demo}`);
    expect(demoMasters).toEqual([]);
    const demoAgreements = await t.database.db
      .select({ id: articles.id })
      .from(articles)
      .where(sql`${articles.demo} and ${articles.label} = '协议'`);
    expect(demoAgreements).toEqual([]);
    const [cardRow] = await t.database.db
      .select({ demo: content.demo })
      .from(content)
      .where(sql`${content.key} = 'crm/label/在线客服'`);
    expect(cardRow.demo).toBe(false);
    // The articles nobody saved (the 节气, the help pages…) are the seed's again.
    const [{ n }] = await t.database.db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(articles)
      .where(sql`${articles.demo} and ${articles.label} = '节气'`);
    expect(n).toBe(24);
  });
});

describe('开店清单 on a configured server', () => {
  let t: TestApp;
  let admin: TestOperator;
  let smsDir: string;
  beforeAll(async () => {
    smsDir = mkdtempSync(join(tmpdir(), 'xuanli-setup-sms-'));
    const keys = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
    const app = keys();
    const alipay = keys();
    const pay = parsePayConfig({
      ALIPAY_APP_ID: '2021000000000001',
      ALIPAY_SELLER_ID: '2088000000000001',
      ALIPAY_PRIVATE_KEY: app.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      ALIPAY_PUBLIC_KEY: alipay.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
      PAY_PUBLIC_URL: 'https://shop.example.com',
      PAY_SANDBOX: 'on',
    });
    const sms = parseSmsConfig(
      {
        SMS_PROVIDER: 'aliyun',
        SMS_ACCESS_KEY_ID: 'test-key-id',
        SMS_ACCESS_KEY_SECRET: 'test-key-secret',
        SMS_SIGN_NAME: '玄历',
        SMS_TEMPLATE_CODE: 'SMS_000000001',
      },
      smsDir,
    );
    t = await buildTestApp({ config: { pay, sms } });
    admin = await signInOperator(t, 'admin');
  });
  afterAll(async () => {
    await t?.close();
    rmSync(smsDir, { recursive: true, force: true });
  });

  it('counts a real payment channel beside the sandbox, and a real SMS provider', async () => {
    const items = await checklist(t, admin);
    expect(items.payment).toEqual({ state: 'set', note: '已接入支付宝' });
    expect(items.sms).toEqual({ state: 'set', note: '使用阿里云短信发送验证码' });
    // The content is still the seed's.
    expect(items.masters.state).toBe('demo');
  });
});
