/**
 * The layout checks every new page gets: no sideways scroll, no word broken inside in what a reader
 * scans, tap targets ≥ 44 px.
 */
import type { Page } from '@playwright/test';
import { assert } from './expect.ts';
import { brokenWords, overflowOn, smallTapTargets } from './harness.ts';

/** Options of {@link checkLayout}. */
export interface LayoutOptions {
  /** An article: links inside its sentences are exempt from the tap-target size (WCAG 2.5.8 "inline"). */
  prose?: boolean;
  /**
   * Names clamped to two lines (a product's title in the shop grid, a cart or order line) wrap between
   * Han characters as Chinese text does: an operator's name has any length and a 148 px card holds
   * eight characters a line. Only runs of Han characters and Chinese punctuation (《》·：、，…, after
   * which Chinese lines break too) in such a clamped block are exempt; figures, Latin and every
   * one-line label still must not break.
   */
  clampedNames?: boolean;
}

/** Descriptions (as brokenWords writes them) of Han-only words inside blocks clamped to 2+ lines. */
async function wrappedNames(page: Page, broken: string[]): Promise<Set<string>> {
  const clamped = new Set(
    await page.evaluate(() =>
      [...document.querySelectorAll('main *')]
        .filter((element) => Number(getComputedStyle(element).webkitLineClamp) >= 2)
        .map((element) => element.getAttribute('class') ?? ''),
    ),
  );
  return new Set(
    broken.filter((word) => {
      const match = /^"([^"]+)" in <\w+ class="([^"]*)">$/.exec(word);
      return (
        match !== null &&
        /^[\p{Script=Han}《》「」（）·：、，。；！？]+$/u.test(match[1]) &&
        clamped.has(match[2])
      );
    }),
  );
}

/**
 * Fails naming the culprits when the page is wider than the screen, a word of a title, button, link
 * or label is drawn across two lines, or a control is under 44 px.
 */
export async function checkLayout(page: Page, what: string, options: LayoutOptions = {}): Promise<void> {
  const overflow = await overflowOn(page);
  assert(overflow.culprits.length === 0, `${what}: wider than the screen: ${overflow.culprits.join(', ')}`);
  // Words in what a reader scans — titles, buttons, links, labels — never break; prose (a list
  // entry's description sentence included) wraps freely.
  let broken = (
    await brokenWords(
      page.locator('main').locator('h1, h2, h3, button, a, label, [role=tab], [role=radio], [role=switch]'),
    )
  ).filter((word) => !word.includes('adm-list-item-description'));
  if (options.clampedNames) {
    const names = await wrappedNames(page, broken);
    broken = broken.filter((word) => !names.has(word));
  }
  assert(broken.length === 0, `${what}: words broken inside: ${broken.join(', ')}`);
  const small = (await smallTapTargets(page)).filter((item) => !(options.prose && item.startsWith('<a>')));
  assert(small.length === 0, `${what}: tap targets under 44 px: ${small.join(', ')}`);
}
