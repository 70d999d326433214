import { screen, waitFor, within } from '@testing-library/react';
import type {
  AdminCourseDetail,
  AdminCourseOptions,
  AdminLesson,
  Upload,
  UploadResult,
} from '@xuanli/contracts/admin-courses';
import { describe, expect, it } from 'vitest';
import { discardQuestion, findDialog, findDiscardQuestion } from '@/testing/antd-queries';
import { aCourseRow } from '@/testing/course-fixtures';
import { type ApiCall, callsTo, installFakeApi, okAnswer } from '@/testing/fake-api';
import { meAnswer, renderConsole } from '@/testing/render-console';

const OPTIONS: AdminCourseOptions = {
  categories: [{ id: 1, name: '八字' }],
  teachers: [{ sellid: 1, nickname: '张师傅' }],
};

const lesson = (id: number, no: number, title: string, free = false, tags: string[] = []): AdminLesson => ({
  id,
  no,
  title,
  duration: 35,
  free,
  video: `private/ketang/videos/v${id}.mp4`,
  tags,
});

/**
 * A fake of the course's API: the course lives in `course` and each change answers it as the server
 * would (lessons renumbered in the order sent, flags and publication changed).
 */
function fakeCourseApi(course: AdminCourseDetail) {
  const upload: Upload = {
    id: 'cd'.repeat(16),
    filename: '第三课.mp4',
    size: 1000,
    purpose: 'video',
    chunkSize: 4 * 1024 * 1024,
    chunks: 1,
    received: [],
    status: 'open',
    key: null,
  };
  const renumber = (lessons: AdminLesson[]) => lessons.map((l, i) => ({ ...l, no: i + 1 }));
  return installFakeApi((call: ApiCall) => {
    const base = `/courses/${course.id}`;
    if (call.method === 'GET' && call.path === base) return okAnswer(course);
    if (call.method === 'GET' && call.path === '/course-options') return okAnswer(OPTIONS);
    if (call.method === 'POST' && call.path === `${base}/lessons/order`) {
      const ids = call.body.lessonIds as number[];
      course.lessons = renumber(ids.map((id) => course.lessons.find((l) => l.id === id)!));
      return okAnswer(course);
    }
    if (call.method === 'POST' && call.path === `${base}/publish`) {
      course.published = call.body.published as boolean;
      return okAnswer(course);
    }
    const edit = /^\/lessons\/(\d+)$/.exec(call.path);
    if (call.method === 'POST' && edit) {
      course.lessons = course.lessons.map((l) =>
        l.id === Number(edit[1]) ? { ...l, ...(call.body as Partial<AdminLesson>) } : l,
      );
      return okAnswer(course);
    }
    if (call.method === 'POST' && call.path === `${base}/lessons`) {
      const body = call.body as unknown as AdminLesson;
      course.lessons = renumber([...course.lessons, { ...body, id: 99, no: 0, free: body.free ?? false }]);
      return okAnswer(course);
    }
    if (call.method === 'POST' && call.path === '/uploads') return okAnswer(upload);
    if (call.method === 'PUT' && call.path === `/uploads/${upload.id}/chunks/0`)
      return okAnswer({ index: 0, bytes: 1000 });
    if (call.method === 'POST' && call.path === `/uploads/${upload.id}/complete`) {
      const result: UploadResult = {
        key: 'private/ketang/lessons/new.mp4',
        size: 1000,
        sha256: 'a'.repeat(64),
        contentType: 'video/mp4',
        durationSeconds: 754.4,
      };
      return okAnswer(result);
    }
    return meAnswer(call, 'editor');
  });
}

function aCourse(): AdminCourseDetail {
  return {
    ...aCourseRow('bazi-jinjie', '八字进阶', false),
    lessonCount: 2,
    intro: '<p>介绍</p>',
    lessons: [lesson(11, 1, '天干地支', true), lesson(12, 2, '五行生克', false, ['五行'])],
    courseware: [],
  };
}

const titlesInOrder = () =>
  screen
    .getAllByRole('row')
    .map((row) => row.textContent ?? '')
    .filter((text) => /天干地支|五行生克|第三课/.test(text))
    .map((text) => /天干地支|五行生克|第三课/.exec(text)![0]);

describe('a course page', () => {
  it('moves a lesson up, switches 免费试看 and publishes the course', async () => {
    const calls = fakeCourseApi(aCourse());
    const { user } = renderConsole({ path: '/courses/bazi-jinjie', role: 'editor' });
    await screen.findByText('五行生克');
    expect(titlesInOrder()).toEqual(['天干地支', '五行生克']);

    await user.click(screen.getByRole('button', { name: '上移：五行生克' }));
    await screen.findByText('顺序已保存');
    expect(callsTo(calls, 'POST', '/courses/bazi-jinjie/lessons/order')[0].body).toEqual({
      lessonIds: [12, 11],
    });
    await waitFor(() => expect(titlesInOrder()).toEqual(['五行生克', '天干地支']));

    await user.click(screen.getByRole('switch', { name: '免费试看：五行生克' }));
    await screen.findByText('已设为免费试看');
    expect(callsTo(calls, 'POST', '/lessons/12')[0].body).toEqual({
      title: '五行生克',
      video: 'private/ketang/videos/v12.mp4',
      duration: 35,
      free: true,
      tags: ['五行'],
    });

    expect(screen.getByText('未发布')).toBeTruthy();
    // Enabled again once the previous change has been answered.
    const publish = screen.getByText('发布', { selector: 'button span' }).closest('button') as HTMLElement;
    await waitFor(() => expect(publish.className).not.toContain('ant-btn-loading'));
    await user.click(publish);
    await screen.findByText('已发布，App 中立即可见');
    expect(callsTo(calls, 'POST', '/courses/bazi-jinjie/publish')[0].body).toEqual({ published: true });
    await screen.findByText('下架', { selector: 'button span' });
  });

  it('adds a lesson from an uploaded video, its length read from the file', async () => {
    const calls = fakeCourseApi(aCourse());
    const { user } = renderConsole({ path: '/courses/bazi-jinjie', role: 'editor' });
    await screen.findByText('五行生克');
    await user.click(screen.getByRole('button', { name: /添加课时/ }));
    const dialog = await findDialog('添加课时');
    await user.type(within(dialog).getByLabelText('课时标题'), '第三课');
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    await user.upload(input, new File([new Uint8Array(1000)], '第三课.mp4', { type: 'video/mp4' }));
    await within(dialog).findByText('已从视频文件读出：12:34');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('课时已添加');
    expect(callsTo(calls, 'POST', '/courses/bazi-jinjie/lessons')[0].body).toEqual({
      title: '第三课',
      video: 'private/ketang/lessons/new.mp4',
      duration: 754,
      free: false,
      tags: [],
    });
    await waitFor(() => expect(titlesInOrder()).toEqual(['天干地支', '五行生克', '第三课']));
    // Saved: the dialog closes without asking about the title and video it was given.
    await waitFor(() => expect(dialog.className).toMatch(/ant-zoom-leave/));
    expect(discardQuestion()).toBeNull();
  });

  it('edits a lesson’s tags, listed beside it, and says beside the field when one is too long', async () => {
    const calls = fakeCourseApi(aCourse());
    const { user } = renderConsole({ path: '/courses/bazi-jinjie', role: 'editor' });
    await screen.findByText('五行生克');
    expect(screen.getByText('五行', { selector: '.ant-tag' })).toBeTruthy();
    const row = screen.getByText('天干地支').closest('tr') as HTMLElement;
    await user.click(within(row).getByRole('button', { name: '编辑' }));
    const dialog = await findDialog('编辑课时');
    const tags = within(dialog).getByLabelText('知识点标签');
    await user.type(tags, '七杀、');
    await user.type(tags, '一二三四五六七八九十一二三、');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await within(dialog).findByText('标签“一二三四五六七八九十一二三”超过 12 个字');
    expect(callsTo(calls, 'POST', '/lessons/11')).toHaveLength(0);

    const long = within(dialog).getByText('一二三四五六七八九十一二三', {
      selector: '.ant-select-selection-item-content',
    });
    await user.click(
      within(long.closest('.ant-select-selection-item') as HTMLElement).getByLabelText('close'),
    );
    await user.type(tags, '十神、');
    await user.click(within(dialog).getByRole('button', { name: /确\s*定/ }));
    await screen.findByText('课时已保存');
    expect(callsTo(calls, 'POST', '/lessons/11')[0].body).toMatchObject({
      title: '天干地支',
      tags: ['七杀', '十神'],
    });
    await screen.findByText('七杀', { selector: '.ant-tag' });
  });

  it('asks 放弃修改？ before leaving an edited course form or closing an edited lesson dialog', {
    timeout: 90_000,
  }, async () => {
    const calls = fakeCourseApi(aCourse());
    const { user } = renderConsole({ path: '/courses/bazi-jinjie', role: 'editor' });
    await screen.findByText('五行生克');
    // Nothing changed: back to the list at once.
    await user.click(screen.getByLabelText('返回课程列表'));
    await waitFor(() => expect(window.location.hash).toBe('#/courses'));
    expect(discardQuestion()).toBeNull();

    window.location.hash = '#/courses/bazi-jinjie';
    const title = await screen.findByLabelText('课程名称');
    await user.type(title, '（第二版）');
    await user.click(screen.getByLabelText('返回课程列表'));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(discardQuestion()).toBeNull());
    expect(window.location.hash).toBe('#/courses/bazi-jinjie');
    expect(screen.getByLabelText('课程名称')).toHaveProperty('value', '八字进阶（第二版）');

    // A lesson dialog: 取消 with a title typed asks, 放弃修改 closes it and sends nothing.
    await user.click(screen.getByRole('button', { name: /添加课时/ }));
    const dialog = await findDialog('添加课时');
    await user.type(within(dialog).getByLabelText('课时标题'), '第三课');
    await user.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '放弃修改' }));
    // Closing (jsdom never ends antd's leaving animation, so the closed dialog stays in the page).
    await waitFor(() => expect(dialog.className).toMatch(/ant-zoom-leave/));
    expect(callsTo(calls, 'POST', '/courses/bazi-jinjie/lessons')).toHaveLength(0);

    // The course form is still unsaved: leaving asks, 放弃修改 leaves.
    await user.click(screen.getByLabelText('返回课程列表'));
    await user.click(within(await findDiscardQuestion()).getByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(window.location.hash).toBe('#/courses'));
  });
});
