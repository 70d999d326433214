import { screen, waitFor, within } from '@testing-library/react';
import type { AdminCourseDetail, AdminCourseList, AdminCourseOptions } from '@xuanli/contracts/admin-courses';
import { describe, expect, it } from 'vitest';
import { discardQuestion, findDialog, findDiscardQuestion, findOption } from '@/testing/antd-queries';
import { aCourseRow } from '@/testing/course-fixtures';
import { type ApiCall, callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const OPTIONS: AdminCourseOptions = {
  categories: [
    { id: 1, name: '八字' },
    { id: 2, name: '风水' },
  ],
  teachers: [{ sellid: 1, nickname: '张师傅' }],
};

function fakeCoursesApi() {
  const courses = [
    aCourseRow('bazi-rumen', '八字入门', true),
    aCourseRow('fengshui-draft', '风水草稿', false),
  ];
  return installFakeApi((call: ApiCall) => {
    if (call.method === 'GET' && call.path === '/courses') {
      const list = courses.filter(
        (c) =>
          (!call.query.q || c.title.includes(call.query.q)) &&
          (call.query.published === undefined || String(c.published) === call.query.published),
      );
      const page: AdminCourseList = { list, total: list.length };
      return okAnswer(page);
    }
    if (call.method === 'GET' && call.path === '/course-options') return okAnswer(OPTIONS);
    if (call.method === 'POST' && call.path === '/courses') {
      const created: AdminCourseDetail = {
        ...aCourseRow(String(call.body.id), String(call.body.title), false),
        intro: '',
        lessons: [],
        courseware: [],
      };
      return okAnswer(created);
    }
    if (call.method === 'GET' && call.path === '/courses/liuyao-rumen') {
      return okAnswer({
        ...aCourseRow('liuyao-rumen', '六爻入门', false),
        intro: '',
        lessons: [],
        courseware: [],
      });
    }
    return meAnswer(call, 'editor');
  });
}

describe('courses', () => {
  it('lists courses with their state and searches by title', async () => {
    const calls = fakeCoursesApi();
    const { user } = renderConsole({ path: '/courses', role: 'editor' });
    const published = (await screen.findByText('八字入门')).closest('tr') as HTMLElement;
    within(published).getByText('已发布');
    within(screen.getByText('风水草稿').closest('tr') as HTMLElement).getByText('未发布');

    await user.type(screen.getByLabelText('课程名称/编号'), '风水');
    await user.click(screen.getByRole('button', { name: /查\s*询/ }));
    await waitFor(() => expect(screen.queryByText('八字入门')).toBeNull());
    expect(callsTo(calls, 'GET', '/courses').at(-1)?.query).toMatchObject({ q: '风水' });
  });

  it('creates a course from 新建课程, refusing a bad id beside the field, and opens its page', async () => {
    const calls = fakeCoursesApi();
    const { user } = renderConsole({ path: '/courses', role: 'editor' });
    await screen.findByText('八字入门');
    await user.click(screen.getByRole('button', { name: /新建课程/ }));
    const dialog = await findDialog('新建课程');
    await user.type(within(dialog).getByLabelText('课程编号'), 'Liuyao 入门');
    await user.type(within(dialog).getByLabelText('课程名称'), '六爻入门');
    await user.click(within(dialog).getByLabelText('老师'));
    await user.click(await findOption('张师傅'));
    await user.click(within(dialog).getByLabelText('分类'));
    await user.click(await findOption('风水'));
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('只能用小写字母、数字和短横线，以字母或数字开头');
    expect(callsTo(calls, 'POST', '/courses')).toHaveLength(0);

    await user.clear(within(dialog).getByLabelText('课程编号'));
    await user.type(within(dialog).getByLabelText('课程编号'), 'liuyao-rumen');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('课程已创建，请添加课时后发布');
    expect(callsTo(calls, 'POST', '/courses')[0].body).toEqual({
      id: 'liuyao-rumen',
      title: '六爻入门',
      teacherSellid: 1,
      categoryId: 2,
      intro: '',
    });
    await screen.findByText('还没有课时：添加课时并上传视频');
  });

  it('asks 放弃修改？ before 取消 drops what was typed into 新建课程', async () => {
    const calls = fakeCoursesApi();
    const { user } = renderConsole({ path: '/courses', role: 'editor' });
    await screen.findByText('八字入门');
    await user.click(screen.getByRole('button', { name: /新建课程/ }));
    const dialog = await findDialog('新建课程');
    await user.type(within(dialog).getByLabelText('课程编号'), 'liuyao-rumen');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    expect(within(dialog).getByLabelText('课程编号')).toHaveProperty('value', 'liuyao-rumen');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(dialog.className).toMatch(/ant-zoom-leave/));
    expect(callsTo(calls, 'POST', '/courses')).toHaveLength(0);
  });
});
