/**
 * The console's masters and customer-service card: an editor adds and changes masters (pictures by
 * the URLs of POST admin/images), hides one, and edits the 在线客服 card; the app's dashi and label
 * answers show each change at once, and every save leaves its audit row.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';

const AVATAR = '/api/files/console/images/2026/11111111-1111-4111-8111-111111111111.webp';
const QR = '/api/files/console/images/2026/22222222-2222-4222-8222-222222222222.webp';

const t = useTestApp();
const editor = useOperator(t, 'editor');

const admin = (method: 'GET' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/admin${url}`, headers: editor.headers, payload });

async function lastAudit(target: string) {
  const [row] = await t.database.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.target, target))
    .orderBy(desc(auditLog.id))
    .limit(1);
  return row;
}

const master = {
  nickname: '七星堂·王师傅',
  intro: '擅长择日与起名。',
  wx: 'xuanli_wang',
  avatar: AVATAR,
  qrcode: QR,
  sort: 0,
  active: true,
};

describe('console masters', () => {
  it('lists the seeded masters, adds one that the app answers at once, refuses a taken sellid', async () => {
    const listed = await admin('GET', '/masters');
    expect(listed.statusCode, listed.body).toBe(200);
    const seeded: { sellid: number }[] = listed.json().resData.list;
    expect(seeded.length).toBeGreaterThan(0);

    const created = await admin('POST', '/masters', { sellid: 77, ...master });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().resData).toMatchObject({ sellid: 77, ...master });
    const app = await t.app.inject({ method: 'GET', url: '/api/crm/dashi', query: { sellid: '77' } });
    expect(app.json().resData).toEqual({
      sellid: 77,
      avatar: AVATAR,
      nickname: '七星堂·王师傅',
      intro: '擅长择日与起名。',
      wx: 'xuanli_wang',
      qrcode: QR,
    });
    expect(await lastAudit('master:77')).toMatchObject({
      action: 'master.save',
      before: null,
      actor: editor.username,
    });

    const taken = await admin('POST', '/masters', { sellid: 77, ...master });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toContain('77');
  });

  it('changes a master and hides it from the app', async () => {
    await admin('POST', '/masters', { sellid: 78, ...master });
    const changed = await admin('POST', '/masters/78', { ...master, nickname: '  ', wx: '', active: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json().resData).toMatchObject({ nickname: '', wx: '', active: false });
    const audit = await lastAudit('master:78');
    expect(audit.before).toMatchObject({ active: true, nickname: '七星堂·王师傅' });
    expect(audit.after).toMatchObject({ active: false });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/crm/dashi', query: { sellid: '78' } })).statusCode,
    ).toBe(404);
    const list = (await t.app.inject({ method: 'GET', url: '/api/crm/dashi/list' })).json().resData.list;
    expect(list.map((m: { sellid: number }) => m.sellid)).not.toContain(78);

    await admin('POST', '/masters/78', { ...master, nickname: '', active: true });
    // PRODUCT.md#content: a master without a nickname is shown as 七星堂师傅.
    const shown = await t.app.inject({ method: 'GET', url: '/api/crm/dashi', query: { sellid: '78' } });
    expect(shown.json().resData.nickname).toBe('七星堂师傅');
  });

  it('refuses pictures that are not uploads or https, and unknown masters', async () => {
    for (const avatar of ['javascript:alert(1)', 'http://example.com/a.png', '/api/files/../secret']) {
      const res = await admin('POST', '/masters', { sellid: 79, ...master, avatar });
      expect(res.statusCode, avatar).toBe(400);
    }
    expect((await admin('POST', '/masters/999999', master)).statusCode).toBe(404);
    expect((await admin('POST', '/masters/0', master)).statusCode).toBe(400);
  });

  it('edits the customer-service card that base/sysapi/label answers', async () => {
    const card = await admin('GET', '/customer-service');
    expect(card.statusCode, card.body).toBe(200);
    expect(card.json().resData).toMatchObject({ nickname: '玄历客服' });
    const saved = await admin('POST', '/customer-service', {
      avatar: AVATAR,
      nickname: '玄历客服小雅',
      intro: '工作日 9:00–18:00 在线。',
      wx: 'xuanli_kefu',
      qrcode: QR,
      body: '添加客服微信办理 VIP。',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const label = await t.app.inject({
      method: 'POST',
      url: '/api/base/sysapi/label',
      payload: { model: 'crm', name: '在线客服' },
    });
    expect(label.json().resData).toMatchObject({
      body: '添加客服微信办理 VIP。',
      content: {
        avatar: AVATAR,
        nickname: '玄历客服小雅',
        intro: '工作日 9:00–18:00 在线。',
        wx: 'xuanli_kefu',
        qrcode: QR,
      },
    });
    const audit = await lastAudit('label:crm/label/在线客服');
    expect(audit).toMatchObject({ action: 'label.save' });
    expect(audit.before).toMatchObject({ nickname: '玄历客服' });
    expect(audit.after).toMatchObject({ nickname: '玄历客服小雅' });
  });
});
