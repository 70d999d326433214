/**
 * The console's 命书 reading texts: an editor lists them by group, changes the 乙 day master's text,
 * and the app's miji answer shows it on the next request; the change is audited, survives the next
 * start-up seed, and bad keys or blank texts are refused.
 */
import { desc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { READING_SEED } from '../../../seed/bazi/readings.ts';
import { useOperator, useTestApp } from '../../../test/suite.ts';
import { auditLog } from '../../shared/audit.ts';
import { seedReadings } from '../bazi/index.ts';

const PROFILE = { name: '示例', sex: '男', born: '公 1990-05-10 08:00' };

const t = useTestApp();
const editor = useOperator(t, 'editor');

const list = (group?: string) =>
  t.app.inject({
    method: 'GET',
    url: '/api/admin/readings',
    headers: editor.headers,
    query: group ? { group } : {},
  });
const save = (payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/admin/readings', headers: editor.headers, payload });

async function dayMasterReading() {
  const res = await t.app.inject({ method: 'POST', url: '/api/app/bln.suan/miji', payload: PROFILE });
  expect(res.statusCode).toBe(200);
  return res.json().resData.sections[0].items[0] as { key: string; title: string; body: string };
}

describe('console reading texts', () => {
  it('lists the texts in group order and filters by group', async () => {
    const all = await list();
    expect(all.statusCode, all.body).toBe(200);
    const readings: { key: string; group: string; edited: boolean }[] = all.json().resData.list;
    expect(readings.length).toBeGreaterThan(50);
    const groups = [...new Set(readings.map((r) => r.group))];
    expect(groups).toEqual(['daymaster', 'strength', 'element', 'tengod', 'shensha', 'luck']);
    expect(readings.every((r) => r.edited === false)).toBe(true);
    // Day masters in the stems' order, 甲 first.
    expect(
      readings
        .slice(0, 10)
        .map((r) => r.key.slice(-1))
        .join(''),
    ).toBe('甲乙丙丁戊己庚辛壬癸');

    const shensha = (await list('shensha')).json().resData.list;
    expect(shensha.length).toBeGreaterThan(10);
    expect(shensha.every((r: { key: string }) => r.key.startsWith('shensha:'))).toBe(true);
    expect((await list('nonsense')).statusCode).toBe(400);
  });

  it('changes a text: the app shows it at once, the audit has before and after, the seed keeps off', async () => {
    const before = await dayMasterReading();
    expect(before.key).toBe('daymaster:乙');
    const res = await save({
      key: 'daymaster:乙',
      title: '乙木日主（修订）',
      body: '  乙木柔韧，编辑改写的解读。  ',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().resData).toMatchObject({
      key: 'daymaster:乙',
      group: 'daymaster',
      title: '乙木日主（修订）',
      body: '乙木柔韧，编辑改写的解读。',
      edited: true,
    });
    expect(await dayMasterReading()).toEqual({
      key: 'daymaster:乙',
      title: '乙木日主（修订）',
      body: '乙木柔韧，编辑改写的解读。',
    });

    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.target, 'reading:daymaster:乙'))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit).toMatchObject({ action: 'reading.update', actor: editor.username });
    expect(audit.before).toMatchObject({ title: before.title, body: before.body, edited: false });
    expect(audit.after).toMatchObject({ title: '乙木日主（修订）' });

    // The next start-up's seed leaves an edited text alone.
    await seedReadings(t.database.db, READING_SEED);
    expect((await dayMasterReading()).title).toBe('乙木日主（修订）');
  });

  it('refuses unknown keys (404), blank texts and over-long ones (400)', async () => {
    expect((await save({ key: 'daymaster:子', title: 'x', body: 'y' })).statusCode).toBe(404);
    // An article's or a label's key is no reading.
    expect((await save({ key: 'crm/label/在线客服', title: 'x', body: 'y' })).statusCode).toBe(404);
    const blank = await save({ key: 'daymaster:甲', title: '甲木', body: '   ' });
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toEqual({ code: 'ValidationError', msg: '请填写解读正文' });
    expect((await save({ key: 'daymaster:甲', title: '甲木', body: '长'.repeat(2001) })).statusCode).toBe(
      400,
    );
  });
});
