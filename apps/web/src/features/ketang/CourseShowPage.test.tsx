/**
 * The course page: what it shows from the course answer, the lesson marks (试看, lock, 已学完, 学到),
 * where lessons and the bottom bar lead (player, login, checkout), the teacher's dialog, the reviews
 * with 加载更多, the review form (stars required, a tap on the chosen star clears it, the server's refusal, 改评价),
 * and the unknown / failed states.
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';
import type { CourseDetail, RatingSummary, ReviewList } from '@xuanli/contracts/ketang';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { useDialogs } from '@/stores/dialogs';
import {
  type ApiCall,
  answerDialog,
  installFakeApi,
  loginAs,
  pageTests,
  renderPage,
  textOf,
} from '@/testing/app-harness';
import { failureAnswer, okAnswer } from '@/testing/fake-answers';
import CourseShowPage from './CourseShowPage';
import { courseDetail, freeCourse, lesson, review, reviewPage } from './course-fixtures';

const showHref = (id: string) => paths.courseShow.getHref({ id });
const playerHref = (course: string, lessonId: number) =>
  paths.coursePlayer.getHref({ course, lesson: lessonId });

interface Classroom {
  course: CourseDetail;
  reviews?: (call: ApiCall) => ReviewList;
  onReview?: (call: ApiCall) => Response;
}

/** A classroom serving `course` (404 for other ids), its reviews and the review route. */
function classroom({ course, reviews = () => reviewPage([]), onReview }: Classroom) {
  return installFakeApi((call) => {
    if (call.path === '/crm/ketang/show')
      return call.query.id === course.id ? okAnswer(course) : failureAnswer('NotFound', 'no course');
    if (call.path === '/crm/ketang/reviews') return okAnswer(reviews(call));
    if (call.path === '/crm/ketang/review' && call.method === 'POST') return onReview?.(call);
    return undefined;
  });
}

const lessonButton = (name: RegExp | string) =>
  within(screen.getByRole('region', { name: '课程目录' })).getByRole('button', { name });

async function press(name: string | RegExp, scope: HTMLElement = document.body) {
  await act(async () => fireEvent.click(within(scope).getByRole('button', { name })));
}

/**
 * Taps star `n` of the form's rating. antd-mobile's Rate reads the touch's place on its row (the
 * browser lays it out; here the row is said to be 200 px wide, 40 px a star).
 */
async function tapStar(n: number) {
  const group = screen.getByRole('radiogroup', { name: '评分' });
  group.getBoundingClientRect = () => ({
    left: 0,
    top: 0,
    width: 200,
    height: 40,
    right: 200,
    bottom: 40,
    x: 0,
    y: 0,
    toJSON: () => ({}),
  });
  const touch = { clientX: n * 40 - 20, clientY: 20, identifier: 0, target: group };
  await act(async () => {
    fireEvent.touchStart(group, { touches: [touch], changedTouches: [touch], targetTouches: [touch] });
    fireEvent.touchEnd(group, { touches: [], changedTouches: [touch], targetTouches: [] });
  });
}

const reviewForm = () => screen.getByRole('region', { name: /写评价|修改评价/ });
const submitButton = () =>
  within(reviewForm()).getByRole('button', { name: '提交评价' }) as HTMLButtonElement;

pageTests();

describe('CourseShowPage (pages/ketang/show)', () => {
  it('shows the course: cover, title, price, rating, learners, teacher, lessons and intro', async () => {
    const calls = classroom({ course: courseDetail() });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    expect(screen.getByRole('status', { name: '正在加载课程' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '八字入门二十讲' })).toBeTruthy();
    const info = screen.getByRole('region', { name: '课程信息' });
    expect(textOf(info)).toContain('从天干地支到读懂一张命盘¥199.00');
    expect(within(info).getByRole('img', { name: '4.5 星' })).toBeTruthy();
    expect(textOf(info)).toContain('4.5 · 12 人评价320 人学过5 课时 · 48 分钟');
    // No 会员价 on this course: nothing beside the price.
    expect(textOf(info)).not.toContain('会员价');
    expect(within(info).queryByText('已购买')).toBeNull();
    expect(screen.getByRole('button', { name: /张师傅/ })).toBeTruthy();

    const intro = screen.getByRole('region', { name: '课程介绍' });
    expect(within(intro).getByText('零基础也能跟上的八字入门课。')).toBeTruthy();
    expect(within(intro).getByRole('img', { name: '命盘示例' })).toBeTruthy();
    expect(calls.find((c) => c.path === '/crm/ketang/show')?.query).toEqual({ id: 'bazi-rumen' });
    expect(document.title).toContain('八字入门二十讲');
  });

  it('says 新课 under ten learners and shows the 会员价 beside the price and in the bar until bought', async () => {
    classroom({ course: courseDetail({ learners: 9, price: 4900, vipPrice: 3900 }) });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByRole('heading', { level: 2, name: '八字入门二十讲' });
    const info = screen.getByRole('region', { name: '课程信息' });
    expect(textOf(info)).toContain('¥49.00会员价 ¥39.00');
    expect(textOf(info)).toContain('新课');
    expect(textOf(info)).not.toContain('人学过');
    expect(textOf(screen.getByRole('button', { name: '立即购买' }).parentElement!)).toContain(
      '会员价 ¥39.00',
    );
  });

  it('marks the previews 试看 and locks what the visitor cannot play, in order with m:ss', async () => {
    classroom({ course: courseDetail() });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    const lessons = await screen.findByRole('region', { name: '课程目录' });
    expect(within(lessons).getByText('共 5 课时')).toBeTruthy();
    expect(
      within(lessons)
        .getAllByRole('button')
        .map((b) => textOf(b)),
    ).toEqual([
      '01导学：八字是什么8:05试看',
      '02十天干与十二地支10:10试看',
      '03阴阳五行与生克制化9:00',
      '04排年柱与月柱12:00',
      '05地支藏干8:45',
    ]);
    expect(within(lessonButton(/导学/)).queryByRole('img', { name: '未解锁' })).toBeNull();
    expect(within(lessonButton(/阴阳五行/)).getByRole('img', { name: '未解锁' })).toBeTruthy();
  });

  it('ticks finished lessons, says where a started one stopped, and has no 试看 on a free course', async () => {
    loginAs();
    const course = courseDetail({
      ...freeCourse(),
      lessons: [
        lesson({ id: 201, title: '十天干', duration: 300, done: true, position: 300 }),
        lesson({ id: 202, title: '十二地支', duration: 400, free: true, done: false, position: 95 }),
        lesson({ id: 203, title: '六十甲子', duration: 500, done: false, position: 0 }),
      ],
      lastLesson: 202,
    });
    const calls = classroom({ course });
    renderPage(<CourseShowPage />, { path: showHref('ganzhi-rumen') });
    await screen.findByRole('heading', { level: 2, name: '天干地支一课通' });
    expect(textOf(lessonButton(/十天干/))).toBe('01十天干5:00 已学完');
    expect(textOf(lessonButton(/十二地支/))).toBe('02十二地支6:40学到 1:35');
    expect(lessonButton(/十二地支/).getAttribute('aria-current')).toBe('true');
    expect(textOf(lessonButton(/六十甲子/))).toBe('03六十甲子8:20');
    expect(screen.queryByText('试看')).toBeNull();
    expect(screen.queryByRole('img', { name: '未解锁' })).toBeNull();
    expect(calls.find((c) => c.path === '/crm/ketang/show')?.token).toBe('member-jwt');
  });

  it('opens the player for a playable lesson', async () => {
    classroom({ course: courseDetail() });
    const { here } = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByRole('region', { name: '课程目录' });
    await act(async () => fireEvent.click(lessonButton(/十天干与十二地支/)));
    expect(here()).toBe(playerHref('bazi-rumen', 102));
  });

  it('asks a visitor tapping a locked lesson to log in, and comes back after', async () => {
    classroom({ course: courseDetail() });
    const { here } = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByRole('region', { name: '课程目录' });
    await act(async () => fireEvent.click(lessonButton(/地支藏干/)));
    expect(await screen.findByText('这一讲需要购买课程后观看，请先登录。')).toBeTruthy();
    await answerDialog('去登录');
    expect(here()).toBe(`${paths.login.path}?redirect=${showHref('bazi-rumen')}`);
  });

  it('offers a logged-in learner tapping a locked lesson to buy the course', async () => {
    loginAs();
    classroom({ course: courseDetail() });
    const { here } = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByRole('region', { name: '课程目录' });
    await act(async () => fireEvent.click(lessonButton(/排年柱/)));
    expect(await screen.findByText('购买本课程（5 课时）后即可观看全部内容。')).toBeTruthy();
    await answerDialog('立即购买');
    expect(here()).toBe(paths.checkout.getHref({ items: '31x1' }));
  });

  it('立即购买 sends a visitor to login with the way back', async () => {
    classroom({ course: courseDetail() });
    const { here } = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByRole('heading', { level: 2, name: '八字入门二十讲' });
    expect(screen.queryByRole('button', { name: /开始学习|继续学习/ })).toBeNull();
    await press('立即购买');
    expect(here()).toBe(`${paths.login.path}?redirect=${showHref('bazi-rumen')}`);
  });

  it('立即购买 opens checkout with the course SKU for a logged-in learner', async () => {
    loginAs();
    classroom({ course: courseDetail({ skuId: 77 }) });
    const { here } = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByRole('heading', { level: 2, name: '八字入门二十讲' });
    await press('立即购买');
    expect(here()).toBe('/pages/shop/checkout?items=77x1');
  });

  it('says 暂未开售 when no shop product sells the course', async () => {
    loginAs();
    classroom({ course: courseDetail({ productId: null, skuId: null }) });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    const button = (await screen.findByRole('button', { name: '暂未开售' })) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
  });

  it('开始学习 opens the first lesson of a bought course without progress', async () => {
    loginAs();
    const course = courseDetail({
      owned: true,
      lessons: courseDetail().lessons.map((l) => ({ ...l, playable: true, done: false, position: 0 })),
    });
    classroom({ course });
    const { here } = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    const info = await screen.findByRole('region', { name: '课程信息' });
    expect(within(info).getByText('已购买')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '立即购买' })).toBeNull();
    expect(screen.queryByRole('img', { name: '未解锁' })).toBeNull();
    await press('开始学习');
    expect(here()).toBe(playerHref('bazi-rumen', 101));
  });

  it('继续学习 opens the lesson watched last, or the next unfinished one once it is done', async () => {
    loginAs();
    const lessons = courseDetail().lessons.map((l) => ({ ...l, playable: true, done: false, position: 0 }));
    lessons[0] = { ...lessons[0]!, done: true, position: 485 };
    lessons[1] = { ...lessons[1]!, position: 200 };
    classroom({ course: courseDetail({ owned: true, lessons, lastLesson: 102 }) });
    const first = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByText('已学完 1/5 课时');
    await press('继续学习');
    expect(first.here()).toBe(playerHref('bazi-rumen', 102));
    first.unmount();

    lessons[1] = { ...lessons[1]!, done: true, position: 610 };
    classroom({ course: courseDetail({ owned: true, lessons, lastLesson: 102 }) });
    const second = renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByText('已学完 2/5 课时');
    await press('继续学习');
    expect(second.here()).toBe(playerHref('bazi-rumen', 103));
  });

  it('says the lessons are being recorded when a course has none yet', async () => {
    classroom({ course: courseDetail({ ...freeCourse(), lessons: [] }) });
    renderPage(<CourseShowPage />, { path: showHref('ganzhi-rumen') });
    expect(await screen.findByText('课时正在录制中，敬请期待')).toBeTruthy();
    expect((screen.getByRole('button', { name: '课程筹备中' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('opens the master dialog of the teacher', async () => {
    classroom({ course: courseDetail() });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    await screen.findByRole('heading', { level: 2, name: '八字入门二十讲' });
    await press(/张师傅/);
    expect(useDialogs.getState()).toMatchObject({ name: 'dashi', params: { sellid: 1 } });
  });

  it('shows the average and the newest reviews, and asks page 2 on 加载更多', async () => {
    const first = Array.from({ length: 10 }, (_, i) => review({ nickname: `学员${i + 1}`, rating: 4 }));
    const calls = classroom({
      course: courseDetail(),
      reviews: (call) =>
        call.query.page === '2'
          ? reviewPage([review({ nickname: '学员11', comment: '第二页的评价', rating: 3 })], 11)
          : reviewPage(first, 11),
    });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    const section = await screen.findByRole('region', { name: '学员评价' });
    await within(section).findByText('学员1');
    expect(textOf(section)).toContain('4.5');
    expect(within(section).getByText('12 条评价')).toBeTruthy();
    const item = within(section).getAllByRole('listitem')[0]!;
    expect(textOf(item)).toBe('学学员12026-03-01★★★★★★★★★★讲得很清楚，跟着排盘页面一看就懂。');
    expect(within(item).getByRole('img', { name: '4.0 星' })).toBeTruthy();
    // A visitor is not offered the form.
    expect(within(section).queryByRole('button', { name: /写评价|改评价/ })).toBeNull();

    await press('加载更多', section);
    expect(await within(section).findByText('第二页的评价')).toBeTruthy();
    expect(calls.filter((c) => c.path === '/crm/ketang/reviews').map((c) => c.query)).toEqual([
      { id: 'bazi-rumen', page: '1', size: '10' },
      { id: 'bazi-rumen', page: '2', size: '10' },
    ]);
    expect(within(section).queryByRole('button', { name: '加载更多' })).toBeNull();
  });

  it('lets a buyer rate the course: stars required, the same star clears, then the review is saved', async () => {
    loginAs();
    let rating: RatingSummary = { average: 4.5, count: 12 };
    let saved = false;
    const course = () => courseDetail({ owned: true, rating });
    const calls = installFakeApi((call) => {
      if (call.path === '/crm/ketang/show') return okAnswer(course());
      if (call.path === '/crm/ketang/reviews')
        return okAnswer(
          reviewPage(
            saved ? [review({ nickname: '玄历用户0000', mine: true, rating: 4, comment: '受益匪浅' })] : [],
            saved ? 1 : 0,
            rating,
          ),
        );
      if (call.path === '/crm/ketang/review') {
        saved = true;
        rating = { average: 4.2, count: 13 };
        return okAnswer({ review: review({ mine: true, rating: 4, comment: '受益匪浅' }), rating });
      }
      return undefined;
    });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    const section = await screen.findByRole('region', { name: '学员评价' });
    expect(await within(section).findByText('还没有学员评价，来写第一条吧')).toBeTruthy();
    await press('写评价', section);

    expect(within(reviewForm()).getByText('请选择评分')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    await tapStar(4);
    expect(within(reviewForm()).getByText('满意')).toBeTruthy();
    expect(submitButton().disabled).toBe(false);
    // PRODUCT.md#input-rules: tapping the chosen value again clears it.
    await tapStar(4);
    expect(within(reviewForm()).getByText('请选择评分')).toBeTruthy();
    expect(submitButton().disabled).toBe(true);
    await tapStar(4);
    fireEvent.change(within(reviewForm()).getByLabelText('评价内容（选填）'), {
      target: { value: ' 受益匪浅 ' },
    });
    expect(within(reviewForm()).getByText('6/300')).toBeTruthy();
    await act(async () => fireEvent.click(submitButton()));

    expect(await screen.findByText('评价已提交')).toBeTruthy();
    expect(
      calls.filter((c) => c.path === '/crm/ketang/review').map((c) => [c.method, c.body, c.token]),
    ).toEqual([['POST', { id: 'bazi-rumen', rating: 4, comment: '受益匪浅' }, 'member-jwt']]);
    await waitFor(() => expect(screen.queryByRole('region', { name: /写评价/ })).toBeNull());
    // The answered rating shows at once; the reviews and the course are asked again.
    expect(await within(section).findByText('13 条评价')).toBeTruthy();
    expect(within(section).getByText('受益匪浅')).toBeTruthy();
    expect(within(section).getByRole('button', { name: '改评价' })).toBeTruthy();
    expect(textOf(screen.getByRole('region', { name: '课程信息' }))).toContain('4.2 · 13 人评价');
  });

  it('starts 改评价 from the learner’s own review', async () => {
    loginAs();
    const calls = classroom({
      course: courseDetail({ owned: true }),
      reviews: () => reviewPage([review({ mine: true, rating: 2, comment: '有点难' })]),
      onReview: () =>
        okAnswer({ review: review({ mine: true, rating: 3 }), rating: { average: 3, count: 1 } }),
    });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    const section = await screen.findByRole('region', { name: '学员评价' });
    await within(section).findByText('我的评价');
    await press('改评价', section);
    expect(within(reviewForm()).getByRole('heading', { name: '修改评价' })).toBeTruthy();
    expect(within(reviewForm()).getByText('不太满意')).toBeTruthy();
    expect((within(reviewForm()).getByLabelText('评价内容（选填）') as HTMLTextAreaElement).value).toBe(
      '有点难',
    );
    await tapStar(3);
    await act(async () => fireEvent.click(submitButton()));
    await screen.findByText('评价已提交');
    expect(calls.find((c) => c.path === '/crm/ketang/review')?.body).toEqual({
      id: 'bazi-rumen',
      rating: 3,
      comment: '有点难',
    });
  });

  it('says in the form why the server refused a review, and keeps it open', async () => {
    loginAs();
    classroom({
      course: courseDetail({
        ...freeCourse(),
        intro: '',
        lessons: [lesson({ id: 9, position: 30 })],
        lastLesson: 9,
      }),
      onReview: () => failureAnswer('Forbidden', 'only learners who bought the course may rate it'),
    });
    renderPage(<CourseShowPage />, { path: showHref('ganzhi-rumen') });
    const section = await screen.findByRole('region', { name: '学员评价' });
    await press('写评价', section);
    await tapStar(5);
    await act(async () => fireEvent.click(submitButton()));
    expect((await within(reviewForm()).findByRole('alert')).textContent).toBe('购买课程或开始学习后才能评价');
    expect(screen.queryByText('评价已提交')).toBeNull();
  });

  it('offers the form only to learners who may rate', async () => {
    loginAs();
    // A free course not started yet.
    classroom({
      course: courseDetail({ ...freeCourse(), lessons: [lesson({ id: 9, position: 0, done: false })] }),
    });
    const free = renderPage(<CourseShowPage />, { path: showHref('ganzhi-rumen') });
    const section = await screen.findByRole('region', { name: '学员评价' });
    expect(within(section).getByText('学习任一课时后即可评价')).toBeTruthy();
    expect(within(section).queryByRole('button', { name: '写评价' })).toBeNull();
    free.unmount();

    // A paid course not bought.
    classroom({ course: courseDetail() });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    const paid = await screen.findByRole('region', { name: '学员评价' });
    expect(within(paid).getByText('购买课程后即可评价')).toBeTruthy();
    expect(within(paid).queryByRole('button', { name: '写评价' })).toBeNull();
  });

  it('says an unknown course is not there and leads back to the classroom', async () => {
    classroom({ course: courseDetail() });
    const { here } = renderPage(<CourseShowPage />, { path: showHref('no-such-course') });
    expect(await screen.findByText('这门课程不存在，可能已经下架。')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('link', { name: '回到课堂' })));
    expect(here()).toBe(paths.ketang.path);
  });

  it('asks nothing for a link without a usable id', async () => {
    const calls = classroom({ course: courseDetail() });
    renderPage(<CourseShowPage />, { path: `${paths.courseShow.path}?id=${encodeURIComponent('<b>')}` });
    expect(screen.getByText('这门课程不存在，可能已经下架。')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('says a failed load in Chinese and asks again on 重试', async () => {
    let fail = true;
    const calls = installFakeApi((call) => {
      if (call.path === '/crm/ketang/show')
        return fail ? failureAnswer('Unavailable', 'db down') : okAnswer(courseDetail());
      if (call.path === '/crm/ketang/reviews') return okAnswer(reviewPage([]));
      return undefined;
    });
    renderPage(<CourseShowPage />, { path: showHref('bazi-rumen') });
    expect(await screen.findByText(`加载失败：${ERROR_MESSAGES_ZH.Unavailable}`)).toBeTruthy();
    fail = false;
    await press('重试');
    expect(await screen.findByRole('heading', { level: 2, name: '八字入门二十讲' })).toBeTruthy();
    expect(calls.filter((c) => c.path === '/crm/ketang/show')).toHaveLength(2);
  });
});
