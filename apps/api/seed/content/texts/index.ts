/**
 * Every article a fresh install starts with, gathered from the text files beside this one: the
 * agreements and help pages are HTML files (readable and previewable as they are), the 节气, 宜忌 and
 * 风水 case texts are structured data rendered to HTML by one template each.
 */
import { readFileSync } from 'node:fs';
import { YI_JI_WORDS } from '@xuanli/almanac/almanac/yiJiWords';
import { MINGLI_TERM_LABEL } from '@xuanli/contracts/article';
import type { ArticleSeed } from '../../../src/modules/content/index.ts';
import { FENGSHUI_CASE_TEXTS, fengshuiCaseHtml } from './fengshui-cases.ts';
import { MINGLI_TERM_TEXTS, mingliTermHtml } from './mingli-terms.ts';
import { SOLAR_TERM_TEXTS, solarTermHtml, solarTermSummary } from './solar-terms.ts';
import { YI_JI_TEXTS, yiJiHtml } from './yi-ji.ts';

/** An HTML file of this folder. */
function htmlFile(name: string): string {
  return readFileSync(new URL(`./${name}`, import.meta.url), 'utf8');
}

/** The agreements (label 协议; the login page links to both by name). */
function agreements(): ArticleSeed[] {
  return [
    {
      label: '协议',
      name: '用户协议',
      title: '玄历用户协议',
      summary: '使用玄历前请阅读：账号与登录、VIP 会员、课程与商城、使用规范和免责说明。',
      html: htmlFile('user-agreement.html'),
      sort: 1,
    },
    {
      label: '协议',
      name: '隐私政策',
      title: '玄历隐私政策',
      summary: '我们收集哪些个人信息、为什么收集、如何保存和共享，以及您如何查阅、更正和注销账号。',
      html: htmlFile('privacy-policy.html'),
      sort: 2,
    },
  ];
}

/** The help pages (label 帮助). */
function helpPages(): ArticleSeed[] {
  return [
    {
      label: '帮助',
      name: '怎样看老黄历',
      title: '怎样看老黄历',
      summary: '宜忌、冲煞、值神、彭祖百忌、吉时……老黄历上每一项是什么意思。',
      html: htmlFile('help-almanac.html'),
      sort: 1,
    },
    {
      label: '帮助',
      name: '八字排盘的时间与真太阳时',
      title: '八字排盘的时间与真太阳时',
      summary: '公历农历、立春换年、子时怎么算、真太阳时和夏令时：排盘前需要知道的时间问题。',
      html: htmlFile('help-bazi-time.html'),
      sort: 2,
    },
    {
      label: '帮助',
      name: '如何开通VIP',
      title: '如何开通 VIP 会员',
      summary: 'VIP 由客服人工开通：登录后添加在线客服微信，告知登录手机号即可办理。',
      html: htmlFile('help-vip.html'),
      sort: 3,
    },
  ];
}

/** The 24 节气 (label 节气, name = the term), from 立春. */
function solarTerms(): ArticleSeed[] {
  return SOLAR_TERM_TEXTS.map((term, i) => ({
    label: '节气',
    name: term.name,
    title: term.name,
    summary: solarTermSummary(term),
    html: solarTermHtml(term),
    sort: i + 1,
  }));
}

/** One article per 宜/忌 word (label 宜忌, name = the word), in the engine's vocabulary order. */
function yiJiWords(): ArticleSeed[] {
  return YI_JI_WORDS.map((word, i) => {
    const text = YI_JI_TEXTS[word];
    if (!text) throw new Error(`no 宜忌 text for '${word}'`);
    return { label: '宜忌', name: word, title: word, summary: text.gist, html: yiJiHtml(text), sort: i + 1 };
  });
}

/** The 风水 service's case articles (label 风水), in display order. */
function fengshuiCases(): ArticleSeed[] {
  return FENGSHUI_CASE_TEXTS.map((text, i) => ({
    label: '风水',
    name: text.name,
    title: text.title,
    summary: text.summary,
    html: fengshuiCaseHtml(text),
    sort: i + 1,
  }));
}

/** One article per term the chart lets the reader tap (label 命理术语, name = the term). */
function mingliTerms(): ArticleSeed[] {
  return MINGLI_TERM_TEXTS.map((term, i) => ({
    label: MINGLI_TERM_LABEL,
    name: term.name,
    title: term.name,
    summary: term.kind === '纳音' ? `纳音 · ${term.gist}` : `${term.kind} · ${term.gist}`,
    html: mingliTermHtml(term),
    sort: i + 1,
  }));
}

/** Every seeded article. */
export function articleSeeds(): ArticleSeed[] {
  return [
    ...agreements(),
    ...helpPages(),
    ...solarTerms(),
    ...yiJiWords(),
    ...fengshuiCases(),
    ...mingliTerms(),
  ];
}
