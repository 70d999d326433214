/**
 * The key screens as a reader sees them at 375×812, compared with pictures kept in e2e/visual/: the
 * calendar's day card, the 老黄历 day page, a bazi chart, the shop's home and the user centre. The
 * phone's clock is fixed (2024-02-10) and animations are stopped, so a difference is a change of
 * layout, colour or text; after a deliberate change, `npx playwright test 30-visual
 * --update-snapshots` takes new pictures, to be looked at before they are committed.
 */

import { expectHash, expectVisible } from '../lib/expect.ts';
import { expect, test } from '../lib/fixtures.ts';
import { headerTitle, type TestContext, tabBar } from '../lib/harness.ts';

/** Lets web fonts and lazy pictures finish before a comparison (the caret and animations are off). */
async function settled(t: TestContext): Promise<void> {
  await t.page.evaluate(() => document.fonts.ready.then(() => undefined));
  await t.page.waitForLoadState('networkidle');
}

test('theDayCardOfToday', async ({ t }) => {
  await t.open('/pages/index/index');
  const card = t.page.getByRole('region', { name: '当日信息' });
  await expect(card).toContainText('2024年2月10日');
  await settled(t);
  // The tab bar stays fixed over the card's lower part; the picture is of the card alone. (Hidden
  // through the element's own style: toHaveScreenshot's `style` option left it drawn here.)
  await tabBar(t.page).evaluate((bar: HTMLElement) => {
    bar.style.display = 'none';
  });
  await expect(card).toHaveScreenshot('day-card.png');
});

test('theAlmanacDayPage', async ({ t }) => {
  await t.open('/pages/index/day?date=2024-02-10');
  await expectVisible(t.page.getByText('宜', { exact: true }), 'the 宜 of the day');
  await settled(t);
  await expect(t.page).toHaveScreenshot('almanac-day.png');
});

test('aBaziChart', async ({ t }) => {
  const { page } = t;
  await t.open('/pages/suan/index');
  const form = page.getByRole('form', { name: '出生资料' });
  await form.getByRole('textbox', { name: '姓名' }).fill('张三');
  await form.getByText('乾造（男）', { exact: true }).tap();
  await form.getByText('公历', { exact: true }).tap();
  for (const [label, value] of [
    ['年', '1990'],
    ['月', '5'],
    ['日', '10'],
    ['时', '8'],
    ['分', '0'],
  ]) {
    await form.getByRole('combobox', { name: label, exact: true }).selectOption(value);
  }
  await form.getByRole('button', { name: '开始排盘' }).tap();
  await expectVisible(page.getByRole('table', { name: '四柱' }), 'the 四柱 table');
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(t);
  await expect(page).toHaveScreenshot('bazi-chart.png');
});

test('theShopHome', async ({ t }) => {
  await t.open('/pages/index/shop');
  await expect(headerTitle(t.page)).toHaveText('官方商城');
  // The demo goods with their pictures: the grid is what a buyer sees first.
  await expect(t.page.locator('main img').first()).toBeVisible();
  // Pictures below the first screen load lazily; those on it must have arrived.
  await t.page.waitForFunction(() =>
    [...document.querySelectorAll('main img')]
      .filter((img) => img.getBoundingClientRect().top < window.innerHeight)
      .every((img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0),
  );
  await settled(t);
  await expect(t.page).toHaveScreenshot('shop-home.png');
});

test('theUserCentre', async ({ t }) => {
  await t.open('/pages/user/index');
  await expectHash(t.page, '#/pages/user/index');
  await expect(headerTitle(t.page)).toHaveText('用户中心');
  await settled(t);
  await expect(t.page).toHaveScreenshot('user-centre.png');
});
