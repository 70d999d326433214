/**
 * The chart's terms that teach: a 十神, 纳音 or 神煞 of the four-pillar table is a button that opens a
 * sheet with the term's 命理术语 article and 相关课程 (the lessons tagged with it, then with its family),
 * a lesson leading to its course page.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import { baziChart } from '@xuanli/almanac/bazi/chart';
import type { TaggedLesson } from '@xuanli/contracts/lesson-tags';
import { afterEach, describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { clearOverlays, installFakeApi, renderPage } from '@/testing/app-harness';
import { okAnswer } from '@/testing/fake-answers';
import type { BzChart } from './api/get-bzdata';
import { termLessonTags } from './api/term';
import { PillarTable } from './PillarTable';

const chart = {
  name: '测试',
  ...baziChart({ born: '公 1990-05-12 08:30', sex: '男' }),
} as unknown as BzChart;

const lesson: TaggedLesson = {
  tag: '十神',
  courseId: 'bazi-rumen',
  courseTitle: '八字入门二十讲',
  courseFree: false,
  lessonId: 8,
  lessonNo: 8,
  lessonTitle: '十神（下）：财星、官杀、印星',
  preview: true,
};

function fakeTerms() {
  return installFakeApi(({ method, path, body, query }) => {
    if (method === 'POST' && path === '/crm/article/read') {
      return okAnswer({
        id: 1,
        label: '命理术语',
        name: body.name,
        title: body.name,
        summary: '',
        html: `<p>${String(body.name)}的解释。</p>`,
        updatedAt: '2026-11-01T00:00:00.000Z',
      });
    }
    if (method === 'GET' && path === '/crm/ketang/lessons-by-tag')
      return okAnswer({ list: query.tag ? [lesson] : [] });
    return undefined;
  });
}

afterEach(clearOverlays);

describe('PillarTable terms', () => {
  it('opens a ten god’s sheet with its article and a lesson that leads to the course page', async () => {
    const calls = fakeTerms();
    const { here } = renderPage(<PillarTable chart={chart} />, { path: paths.suan.path });
    const god = chart.shishen.year.gan;
    const button = screen.getAllByRole('button', { name: god })[0]!;
    await act(async () => fireEvent.click(button));
    const sheet = await screen.findByRole('dialog', { name: `${god}（十神）` });
    await within(sheet).findByText(`${god}的解释。`);
    expect(calls.find((c) => c.path === '/crm/article/read')!.body).toEqual({ label: '命理术语', name: god });
    const link = await within(sheet).findByRole('button', { name: /第8讲 十神（下）/ });
    expect(calls.find((c) => c.path === '/crm/ketang/lessons-by-tag')).toBeTruthy();
    await act(async () => fireEvent.click(link));
    expect(here()).toBe(paths.courseShow.getHref({ id: 'bazi-rumen' }));
  });

  it('makes every 纳音 and 神煞 of the table a button', () => {
    fakeTerms();
    renderPage(<PillarTable chart={chart} />);
    const table = screen.getByRole('table', { name: '四柱' });
    for (const key of ['year', 'month', 'day', 'hour'] as const) {
      // A four-pillar chart: every column has its 纳音 (only a chart without the hour lacks one).
      const nayin = chart.nayin[key] ?? '';
      expect(nayin).not.toBe('');
      expect(within(table).getAllByRole('button', { name: nayin }).length).toBeGreaterThan(0);
      for (const hit of chart.shensha[key] ?? [])
        expect(within(table).getAllByRole('button', { name: hit.name }).length).toBeGreaterThan(0);
    }
  });

  it('asks for the term’s lessons, then its family’s', () => {
    expect(termLessonTags({ name: '七杀', kind: '十神' })).toEqual(['七杀', '十神']);
    expect(termLessonTags({ name: '十神', kind: '十神' })).toEqual(['十神']);
  });
});
