/**
 * Phone-layout rules of the issue on every tab page and on 老黄历: nothing wider than the 375 px
 * screen, no text under 12 px except the spec's 10 px tab labels, and Chinese drawn with a real CJK
 * font (not boxes). Also takes the 375×812 screenshot of each tab page.
 */
import {
  assert,
  expectText,
  headerTitle,
  overflowOn,
  platformFontsOf,
  smallTextOn,
  TABS,
  type TestContext,
  VIEWPORT,
} from '../lib/harness.ts';

const CJK_FONT = /CJK|Noto Sans SC|Noto Serif SC|Source Han|WenQuanYi|Droid Sans Fallback|PingFang|Hiragino/i;

async function checkLayout(t: TestContext, what: string): Promise<string[]> {
  const problems: string[] = [];
  const { scrollWidth, culprits } = await overflowOn(t.page);
  if (scrollWidth > VIEWPORT.width) {
    problems.push(`${what}: page is ${scrollWidth} px wide (> ${VIEWPORT.width}); ${culprits.join(', ')}`);
  }
  const small = await smallTextOn(t.page);
  if (small.length > 0) problems.push(`${what}: text under 12 px: ${small.slice(0, 6).join('; ')}`);

  const fonts = await platformFontsOf(t.page, 'h1');
  if (!fonts.some((font) => CJK_FONT.test(font.familyName) && font.glyphCount > 0)) {
    problems.push(`${what}: the title is not drawn with a CJK font (${JSON.stringify(fonts)})`);
  }
  return problems;
}

export async function tabPagesFitThePhoneAndUseReadableText(t: TestContext) {
  const problems: string[] = [];
  for (const tab of TABS) {
    await t.open(tab.route);
    await expectText(headerTitle(t.page), tab.title, `header of ${tab.label}`);
    // The calendar's content is computed after the chunk loads; wait for it before measuring.
    if (tab.slug === 'calendar') await t.page.getByRole('region', { name: '当日信息' }).waitFor();
    await t.screenshot(`tab-${tab.slug}`);
    problems.push(...(await checkLayout(t, `tab ${tab.label}`)));
  }
  assert(problems.length === 0, problems.join('\n'));
}

export async function almanacPageFitsThePhoneAndUsesReadableText(t: TestContext) {
  await t.open('/pages/index/day?date=2024-02-04');
  await expectText(headerTitle(t.page), '老黄历', 'header');
  await t.page.getByRole('list', { name: '时辰吉凶' }).waitFor();
  const problems = await checkLayout(t, '老黄历');
  assert(problems.length === 0, problems.join('\n'));
}
