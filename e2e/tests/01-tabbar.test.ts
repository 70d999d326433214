/**
 * The bottom tab bar of PRODUCT.md#screens: six tabs in order, 50 px high, 24 px icons, 10 px labels, #999999
 * and #aa0000 when selected, thumb-sized targets, and each tab switching the header title and hash route.
 */

import { assert, eventually, expectHash, expectText } from '../lib/expect.ts';
import { test } from '../lib/fixtures.ts';
import { headerTitle, TABS, type TestContext, tabBar } from '../lib/harness.ts';

const SELECTED = 'rgb(170, 0, 0)';
const UNSELECTED = 'rgb(153, 153, 153)';

interface TabMetrics {
  label: string;
  color: string;
  current: string | null;
  width: number;
  height: number;
  labelFontSize: string;
  iconWidth: number;
  iconHeight: number;
}

/** Reads what a user sees of every tab: computed colour, size, label font and icon box. */
function readTabs(t: TestContext): Promise<TabMetrics[]> {
  return tabBar(t.page)
    .getByRole('link')
    .evaluateAll((links) =>
      links.map((link) => {
        const box = link.getBoundingClientRect();
        const svg = link.querySelector('svg');
        const iconBox = svg?.getBoundingClientRect();
        // The label is the innermost element holding the text (the icon has none).
        const label = [...link.querySelectorAll('*')].find(
          (el) => el.children.length === 0 && el.textContent?.trim(),
        );
        return {
          label: (link as HTMLElement).innerText.trim(),
          color: getComputedStyle(link).color,
          current: link.getAttribute('aria-current'),
          width: box.width,
          height: box.height,
          labelFontSize: label ? getComputedStyle(label).fontSize : 'none',
          iconWidth: iconBox?.width ?? 0,
          iconHeight: iconBox?.height ?? 0,
        };
      }),
    );
}

test('sixTabsInOrderWithSpecStyle', async ({ t }) => {
  await t.open('/pages/index/index');
  const bar = tabBar(t.page);
  await bar.waitFor();

  const tabs = await readTabs(t);
  assert(
    tabs.map((tab) => tab.label).join(' ') === TABS.map((tab) => tab.label).join(' '),
    `tab labels: expected ${TABS.map((tab) => tab.label).join(' ')}, got ${tabs.map((tab) => tab.label).join(' ')}`,
  );

  const barBox = await bar.evaluate((nav) => ({
    // clientHeight excludes the 1 px top border: the 50 px of PRODUCT.md#screens is the bar itself.
    inner: nav.clientHeight,
    outer: nav.getBoundingClientRect().height,
    bottom: nav.getBoundingClientRect().bottom,
  }));
  assert(barBox.inner === 50, `tab bar height: expected 50 px inside its border, got ${barBox.inner} px`);
  assert(barBox.outer <= 51, `tab bar outer height ${barBox.outer} px (50 + at most a 1 px border)`);
  assert(
    Math.abs(barBox.bottom - 812) < 1,
    `tab bar should sit at the bottom of the screen, bottom=${barBox.bottom}`,
  );

  for (const [index, tab] of tabs.entries()) {
    const name = TABS[index].label;
    assert(tab.height === 50, `${name}: tab height ${tab.height} px, expected 50`);
    assert(
      tab.width >= 44 && tab.height >= 44,
      `${name}: tap target ${tab.width}×${tab.height} px is under 44 px`,
    );
    assert(tab.labelFontSize === '10px', `${name}: label font ${tab.labelFontSize}, expected 10px`);
    assert(
      Math.round(tab.iconWidth) === 24 && Math.round(tab.iconHeight) === 24,
      `${name}: icon ${tab.iconWidth}×${tab.iconHeight} px, expected 24×24`,
    );
    const expectedColor = index === 0 ? SELECTED : UNSELECTED;
    assert(tab.color === expectedColor, `${name}: colour ${tab.color}, expected ${expectedColor}`);
    assert((tab.current === 'page') === (index === 0), `${name}: aria-current=${tab.current}`);
  }
});

test('tappingEachTabSwitchesTitleAndRoute', async ({ t }) => {
  await t.open('/pages/index/index');
  const bar = tabBar(t.page);
  // Visit every tab, then come back to the first, so switching in both directions is covered.
  for (const target of [...TABS.slice(1), TABS[0]]) {
    await bar.getByRole('link', { name: target.label }).tap();
    await expectHash(t.page, `#${target.route}`);
    await expectText(headerTitle(t.page), target.title, `header on ${target.label}`);
    const expectedDocumentTitle = target.title === '中华玄历' ? '中华玄历' : `${target.title} · 中华玄历`;
    await eventually(
      `document.title on ${target.label}`,
      () => t.page.title(),
      (title) => title === expectedDocumentTitle,
    );
    const tabs = await readTabs(t);
    for (const tab of tabs) {
      const isTarget = tab.label === target.label;
      assert(
        tab.color === (isTarget ? SELECTED : UNSELECTED),
        `after tapping ${target.label}: ${tab.label} is ${tab.color}`,
      );
      assert(
        (tab.current === 'page') === isTarget,
        `after tapping ${target.label}: ${tab.label} aria-current=${tab.current}`,
      );
    }
  }
});
