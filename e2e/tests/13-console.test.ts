/**
 * The operators' console (apps/admin at /admin/, 1440×900) doing an operator's daily work, each
 * checked where the customer sees it — on the phone beside it: VIP granted after a customer-service
 * chat opens the 定制 form; an article written in the rich-text editor and published shows in the
 * app's list and reads as written; a lesson video uploaded in chunks, its length read from the file,
 * plays as a free preview. (Shipping an order from the console is part of 11-shop's buyer story.)
 */
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { loginBySms, newPhone } from '../lib/accounts.ts';
import { openConsole } from '../lib/console.ts';
import { eventually, expectHash, expectVisible } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle } from '../lib/harness.ts';

const REPO_ROOT = join(import.meta.dirname, '..', '..');

// First, as the old runner ran it: the 开店清单 it reads is that of a fresh install.
test('adminReadsTheDashboardAndTheLogAndIsAskedBeforeLosingAnEdit', async ({ t }) => {
  const desk = await openConsole(t, 'admin');
  const operator = desk.page;
  // A fresh install: the 开店清单 says what is still the demo's, the charts draw the last 30 days.
  const checklist = operator.locator('.ant-card').filter({ hasText: '开店清单' });
  await expectVisible(checklist.getByText(/0 \/ 5 项已设置/), 'the 开店清单 of a fresh install');
  await expectVisible(checklist.getByText('只有模拟支付（沙箱），用户无法真实付款'), 'the sandbox named');
  const revenue = operator.getByRole('figure', { name: '每日营收' });
  await expectVisible(revenue.locator('svg'), 'the revenue chart');
  await expectVisible(operator.getByRole('figure', { name: '每日新用户' }).locator('svg'), 'the users chart');
  await desk.screenshot('13-console-dashboard-admin');
  await revenue.scrollIntoViewIfNeeded();
  await desk.screenshot('13-console-dashboard-charts');

  // The log reads as sentences: this operator was added on the command line, then logged in.
  await desk.menu('操作日志');
  await expectVisible(
    operator.getByText(/^命令行（.+） 新增了后台账号 .+（管理员）$/).first(),
    'the command line’s addition as a sentence',
  );
  await expectVisible(operator.getByText(/ 登录了后台$/).first(), 'the login as a sentence');
  await desk.screenshot('13-console-audit-sentences');

  // An edited product: another page of the console asks first, and so does closing the tab.
  await desk.menu('商品');
  await operator.getByRole('button', { name: '编辑' }).first().click();
  const drawer = operator.getByRole('dialog').filter({ hasText: '编辑商品' });
  await drawer.getByLabel('副标题').fill('开光加持，限量二十串');
  // The drawer covers the menu; the browser's 后退 is the way out that would lose the edit.
  await operator.goBack();
  const question = operator.locator('.ant-modal-confirm').filter({ hasText: '放弃修改？' });
  await expectVisible(question, 'the question before leaving the edit');
  await desk.screenshot('13-console-unsaved-question');
  await question.getByRole('button', { name: '继续编辑' }).click();
  await expectVisible(drawer.getByLabel('副标题'), 'the edit kept');
  if (!operator.url().endsWith('#/catalogue')) throw new Error(`后退 left the edit for ${operator.url()}`);
  const asked = new Promise<string>((resolve) => {
    operator.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    });
  });
  await operator.close({ runBeforeUnload: true });
  const kind = await Promise.race([asked, new Promise<string>((r) => setTimeout(() => r('none'), 5000))]);
  if (kind !== 'beforeunload') throw new Error(`closing the tab with an unsaved edit asked ${kind}`);
});

test('operatorGrantsVipAndTheUsersFormOpens', async ({ t }) => {
  const { page } = t;
  const phone = newPhone();
  await t.open('/pages/user/login');
  await loginBySms(t, phone);
  await expectHash(page, '#/pages/user/index');
  await t.open('/pages/dingzhi/index');
  await expectVisible(page.getByRole('heading', { name: /VIP专享/ }), 'the VIP offer before the grant');

  const desk = await openConsole(t, 'support');
  const operator = desk.page;
  await expectVisible(desk.page.getByText('今日').first(), "the dashboard's figures");
  await desk.screenshot('13-console-dashboard');
  await desk.menu('用户与会员');
  await operator.getByRole('button', { name: '按手机号开通 VIP' }).click();
  const dialog = operator.getByRole('dialog', { name: '开通/延长 VIP' });
  await dialog.getByLabel('手机号').fill(phone);
  await dialog.getByLabel('天数').fill('30');
  await dialog.getByLabel(/原因|理由|备注/).fill('客服微信沟通后开通');
  await desk.screenshot('13-console-vip-grant');
  await dialog.getByRole('button', { name: /确认开通/ }).click();
  await expectVisible(operator.getByText(/已为 .+ 开通 VIP/), 'the grant confirmed');
  await desk.screenshot('13-console-vip-granted');

  // The app fetches the profile again on launch: VIP now, so the 定制 form shows.
  await page.reload();
  await expectVisible(
    page.getByRole('heading', { name: /定制资料|开始定制|填写/ }).first(),
    'the 定制 form after the grant',
  );
});

test('editorPublishesAnArticleThatTheAppShows', async ({ t }) => {
  const { page } = t;
  const title = '立冬进补，先看体质';
  await t.open('/pages/index/label?label=帮助');
  await expectVisible(headerTitle(page).filter({ hasText: '帮助' }), 'the 帮助 list');

  const desk = await openConsole(t, 'editor');
  const operator = desk.page;
  await desk.menu('文章与标签');
  await operator.getByRole('button', { name: '新建文章' }).click();
  const drawer = operator.getByRole('dialog').filter({ hasText: '新建文章' });
  await drawer.getByLabel('标题', { exact: true }).fill(title);
  await drawer.getByRole('combobox', { name: '标签' }).fill('帮助');
  await drawer.getByLabel('名称', { exact: true }).fill('立冬进补');
  const body = drawer.getByRole('textbox', { name: '正文' });
  await body.click();
  await body.pressSequentially('立冬之后天气转冷，进补之前先看自己的体质，怕冷的人宜温补。');
  await expectVisible(
    drawer.getByRole('region', { name: '手机预览' }).getByText(/怕冷的人宜温补/),
    'the text in the phone preview, sanitised by the server',
  );
  await desk.screenshot('13-console-article-editor');
  await drawer.getByRole('button', { name: '保存为草稿' }).click();
  // Saved as a draft: the drawer now edits the article and offers 发布.
  const editing = operator.getByRole('dialog').filter({ hasText: `编辑文章：${title}` });
  await editing.getByRole('button', { name: /^发\s*布$/ }).click();
  await expectVisible(editing.getByText('已发布'), 'the article published');
  await desk.screenshot('13-console-article-published');

  // In the app the list shows it, and it reads as written.
  await page.reload();
  await page.getByText(title).first().click();
  await expectVisible(headerTitle(page), 'the article page');
  await expectVisible(page.getByText(/怕冷的人宜温补/), 'the article body in the app');
  await t.screenshot('13-app-article');
});

/** Waits until the page's video has played past `seconds`, pressing 播放 while it stands paused. */
async function playPast(page: Page, seconds: number, what: string): Promise<void> {
  const play = page.getByRole('button', { name: '播放', exact: true });
  await eventually(
    what,
    async () => {
      const state = await page
        .locator('video')
        .evaluate((v: HTMLVideoElement) => ({ time: v.currentTime, paused: v.paused, ended: v.ended }));
      if (state.paused && !state.ended && (await play.isVisible())) await play.click({ timeout: 2000 });
      return state.time;
    },
    (time) => time > seconds,
    15_000,
  );
}

test('editorUploadsALessonVideoThatPlaysInTheApp', async ({ t }) => {
  const { page } = t;
  const lesson = '补充课：节气与月令';
  const desk = await openConsole(t, 'editor');
  const operator = desk.page;
  await desk.menu('课程');
  await operator.getByRole('button', { name: '天干地支一课通' }).click();
  await operator.getByRole('button', { name: '添加课时' }).click();
  const dialog = operator.getByRole('dialog').filter({ hasText: '添加课时' });
  await dialog.getByLabel('课时标题').fill(lesson);
  // A real lesson video of the demo data, sent in chunks through the upload API.
  await dialog
    .locator('input[type=file]')
    .setInputFiles(join(REPO_ROOT, 'apps/api/test/media/zeri-jieqi.mp4'));
  await expectVisible(dialog.getByText(/已从视频文件读出/), 'the length read from the uploaded file');
  await dialog.getByLabel('免费试看').click();
  await desk.screenshot('13-console-lesson-upload');
  await dialog.getByRole('button', { name: /^确\s*认$/ }).click();
  await expectVisible(operator.getByText('课时已添加'), 'the lesson added');
  await desk.screenshot('13-console-lesson-added');

  // In the app the course lists it as a preview, and it plays.
  await t.open('/pages/ketang/show?id=ganzhi-rumen');
  await page.getByRole('button', { name: new RegExp(lesson) }).click();
  await expectVisible(headerTitle(page).filter({ hasText: '课程播放' }), 'the player');
  await playPast(page, 1, 'the uploaded lesson to play');
  await t.screenshot('13-app-uploaded-lesson');
});
