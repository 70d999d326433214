/**
 * The free courseware (pages/ketang/kejian): four reference sheets whose tables come from the engine in
 * packages/almanac — the sixty pairs and their 纳音 and 旬空, the stems' and branches' elements and
 * relations, the 2027 solar-term instants with their lunar dates, the 黄道 gods and 建除 officers by
 * month and day branch, and the 宜忌 tallied from the engine's day table. Only the explanations, the
 * 方位/季节 of the elements and the names of the 五合 transformations are written here.
 */

import { dayGod, TWELVE_GODS, twelveGod } from '@xuanli/almanac/almanac/dayGod';
import { DAY_OFFICERS, dayOfficer, dayOfficerIndex } from '@xuanli/almanac/almanac/dayOfficer';
import { yiJi } from '@xuanli/almanac/almanac/yiji';
import { hiddenStemNames } from '@xuanli/almanac/bazi/hiddenStems';
import {
  branchesClash,
  branchesCombine,
  branchesTriad,
  stemsClash,
  stemsCombine,
} from '@xuanli/almanac/bazi/relations';
import { beijingDayNumber, formatBeijing } from '@xuanli/almanac/beijingTime';
import {
  ANIMALS,
  BRANCH_ELEMENTS,
  BRANCHES,
  dayPillar,
  NAYIN,
  nayin,
  STEM_ELEMENTS,
  STEMS,
  sexagenaryName,
  xunkong,
  yearPillar,
} from '@xuanli/almanac/ganzhi';
import { lunarDayName, lunarFromDayNumber, lunarMonthName } from '@xuanli/almanac/lunar';
import { weekday } from '@xuanli/almanac/solarDate';
import { TERM_NAMES } from '@xuanli/almanac/solarTerm';
import { termsOfYear } from '@xuanli/almanac/solarTermTime';
import { type Cell, CONTENT_TOP, MARGIN, notes, PAGE_WIDTH, pageSvg, table } from './page.ts';
import { PALETTE, SERIF, text } from './svg.ts';

/** A courseware document: its file name, title, subtitle and the SVG bodies of its pages. */
export interface CoursewareDoc {
  file: string;
  title: string;
  subtitle: string;
  bodies: string[];
}

const TABLE_WIDTH = PAGE_WIDTH - 2 * MARGIN;
const HUANG_FILL = '#f4ddd5';
const yin = (i: number) => (i % 2 === 0 ? '阳' : '阴');

/** The branch a 节 starts: 小寒 (index 0) starts 丑, 立春 (2) 寅 … 大雪 (22) 子. */
const branchOfJie = (termIndex: number) => (termIndex / 2 + 1) % 12;
/** The 节 that starts the month of `branch` (子 → 大雪, 寅 → 立春). */
const jieOfBranch = (branch: number) => TERM_NAMES[((branch + 11) % 12) * 2];
/** 正月 … 腊月 for the month of `branch` (寅 = 正月). */
const monthOfBranch = (branch: number) => lunarMonthName(((branch + 10) % 12) + 1);
/** Month branches in calendar order, 寅 (正月) first. */
const MONTH_BRANCHES = Array.from({ length: 12 }, (_, i) => (i + 2) % 12);

// ——— 六十甲子纳音表 ———

function nayinTable(): CoursewareDoc {
  const colWidth = TABLE_WIDTH / 6;
  const headerHeight = 104;
  const rowHeight = 106;
  let body = '';
  for (let c = 0; c < 6; c++) {
    const x = MARGIN + c * colWidth;
    const first = c * 10;
    body +=
      `<rect x="${x}" y="${CONTENT_TOP}" width="${colWidth}" height="${headerHeight}" fill="${PALETTE.brown}"/>` +
      text(x + colWidth / 2, CONTENT_TOP + 46, `${sexagenaryName(first)}旬`, {
        size: 32,
        family: SERIF,
        weight: 'bold',
        fill: PALETTE.paper,
        anchor: 'middle',
      }) +
      text(x + colWidth / 2, CONTENT_TOP + 84, `旬空 ${xunkong(first)}`, {
        size: 22,
        fill: PALETTE.paper,
        anchor: 'middle',
        opacity: 0.85,
      });
    for (let r = 0; r < 10; r++) {
      const i = first + r;
      const y = CONTENT_TOP + headerHeight + r * rowHeight;
      body +=
        `<rect x="${x}" y="${y}" width="${colWidth}" height="${rowHeight}" fill="${(i >> 1) % 2 ? PALETTE.tint : '#fbf7ef'}"/>` +
        text(x + 12, y + 28, String(i + 1), { size: 18, fill: PALETTE.muted }) +
        text(x + colWidth / 2, y + 56, sexagenaryName(i), {
          size: 40,
          family: SERIF,
          weight: 'bold',
          fill: PALETTE.brown,
          anchor: 'middle',
        }) +
        text(x + colWidth / 2, y + 92, nayin(i), { size: 24, fill: PALETTE.red, anchor: 'middle' });
    }
    body += `<rect x="${x}" y="${CONTENT_TOP}" width="${colWidth}" height="${headerHeight + 10 * rowHeight}" fill="none" stroke="${PALETTE.brown}" stroke-width="2"/>`;
  }
  const bottom = CONTENT_TOP + headerHeight + 10 * rowHeight;
  const year = 2027;
  const pillar = yearPillar(year);
  body += notes(bottom + 60, '说明', [
    `纳音：相邻两组干支共用一个纳音五行，如甲子、乙丑同为${NAYIN[0]}，六十甲子共三十种纳音。`,
    '旬空：每旬十个天干配十个地支，余下两个地支无干可配，称为旬空，也叫空亡。',
    `年柱的纳音常被称为“命”的五行，例如${year}年${sexagenaryName(pillar)}年生人为${nayin(pillar)}命（以立春为界）。`,
  ]).svg;
  return {
    file: 'liushi-jiazi-nayin.pdf',
    title: '六十甲子纳音表',
    subtitle: '干支次序 · 纳音五行 · 旬空',
    bodies: [body],
  };
}

// ——— 天干地支五行对照表 ———

/** 方位 and 季节 of each element (木火土金水), the classical 五方 and 四时 correspondences. */
const ELEMENT_PLACES: Record<string, [string, string]> = {
  木: ['东方', '春'],
  火: ['南方', '夏'],
  土: ['中央', '四季末'],
  金: ['西方', '秋'],
  水: ['北方', '冬'],
};
/** What each 五合 pair transforms into, by the pair's first stem (甲己 土, 乙庚 金, 丙辛 水, 丁壬 木, 戊癸 火). */
const COMBINE_INTO = ['土', '金', '水', '木', '火'];

/** The 相生 circle and 相克 star of the five elements, centred at (cx, cy). */
function elementsDiagram(cx: number, cy: number, radius: number): string {
  // Clockwise from the top in 相生 order: 火 土 金 水 木.
  const order = ['火', '土', '金', '水', '木'];
  const at = (k: number) => {
    const angle = ((-90 + k * 72) * Math.PI) / 180;
    return [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)];
  };
  const arrow = (from: number, to: number, color: string, dash: string) => {
    const [x1, y1] = at(from);
    const [x2, y2] = at(to);
    const len = Math.hypot(x2 - x1, y2 - y1);
    const ux = (x2 - x1) / len;
    const uy = (y2 - y1) / len;
    const sx = x1 + ux * 62;
    const sy = y1 + uy * 62;
    const ex = x2 - ux * 66;
    const ey = y2 - uy * 66;
    const head = `${ex},${ey} ${ex - ux * 20 - uy * 9},${ey - uy * 20 + ux * 9} ${ex - ux * 20 + uy * 9},${ey - uy * 20 - ux * 9}`;
    return (
      `<line x1="${sx}" y1="${sy}" x2="${ex - ux * 14}" y2="${ey - uy * 14}" stroke="${color}" stroke-width="4" ${dash}/>` +
      `<polygon points="${head}" fill="${color}"/>`
    );
  };
  let svg = '';
  for (let k = 0; k < 5; k++) svg += arrow(k, (k + 1) % 5, PALETTE.brown, '');
  for (let k = 0; k < 5; k++) svg += arrow(k, (k + 2) % 5, PALETTE.red, 'stroke-dasharray="12 8"');
  order.forEach((name, k) => {
    const [x, y] = at(k);
    svg +=
      `<circle cx="${x}" cy="${y}" r="56" fill="${PALETTE.tint}" stroke="${PALETTE.brown}" stroke-width="3"/>` +
      text(x, y + 17, name, {
        size: 48,
        family: SERIF,
        weight: 'bold',
        fill: PALETTE.brown,
        anchor: 'middle',
      });
  });
  return svg;
}

/** Two branches in the order books name the pair (子丑, 寅亥, 子午 …): the earlier one first. */
const pair = (a: number, b: number) => BRANCHES[Math.min(a, b)] + BRANCHES[Math.max(a, b)];

function elementsTables(): CoursewareDoc {
  const stemRows: Cell[][] = STEMS.map((stem, s) => {
    const element = STEM_ELEMENTS[s];
    const partner = STEMS.findIndex((_, o) => stemsCombine(s, o));
    const clash = STEMS.findIndex((_, o) => stemsClash(s, o));
    return [
      { text: stem, style: { family: SERIF, weight: 'bold', fill: PALETTE.brown, size: 34 } },
      yin(s),
      { text: element, style: { weight: 'bold', fill: PALETTE.red } },
      ELEMENT_PLACES[element][0],
      ELEMENT_PLACES[element][1],
      `${STEMS[Math.min(s, partner)]}${STEMS[Math.max(s, partner)]}合化${COMBINE_INTO[Math.min(s, partner)]}`,
      clash < 0 ? '—' : `${STEMS[Math.min(s, clash)]}${STEMS[Math.max(s, clash)]}相冲`,
    ];
  });
  const stems = table({
    x: MARGIN,
    y: CONTENT_TOP,
    widths: [140, 120, 130, 170, 170, 230, 160],
    header: ['天干', '阴阳', '五行', '方位', '季节', '五合', '相冲'],
    rows: stemRows,
    headerHeight: 64,
    rowHeight: 74,
    size: 28,
  });
  const diagramTop = stems.bottom + 70;
  const page1 =
    stems.svg +
    text(MARGIN, diagramTop, '五行生克', { size: 30, family: SERIF, weight: 'bold', fill: PALETTE.brown }) +
    elementsDiagram(PAGE_WIDTH / 2 - 150, diagramTop + 250, 190) +
    `<line x1="${PAGE_WIDTH - 400}" y1="${diagramTop + 200}" x2="${PAGE_WIDTH - 330}" y2="${diagramTop + 200}" stroke="${PALETTE.brown}" stroke-width="4"/>` +
    text(PAGE_WIDTH - 316, diagramTop + 209, '相生（顺时针）', { size: 26 }) +
    `<line x1="${PAGE_WIDTH - 400}" y1="${diagramTop + 260}" x2="${PAGE_WIDTH - 330}" y2="${diagramTop + 260}" stroke="${PALETTE.red}" stroke-width="4" stroke-dasharray="12 8"/>` +
    text(PAGE_WIDTH - 316, diagramTop + 269, '相克（隔一位）', { size: 26 }) +
    text(PAGE_WIDTH - 400, diagramTop + 340, '木生火 火生土 土生金', { size: 24, fill: PALETTE.muted }) +
    text(PAGE_WIDTH - 400, diagramTop + 376, '金生水 水生木', { size: 24, fill: PALETTE.muted }) +
    text(PAGE_WIDTH - 400, diagramTop + 430, '木克土 土克水 水克火', { size: 24, fill: PALETTE.muted }) +
    text(PAGE_WIDTH - 400, diagramTop + 466, '火克金 金克木', { size: 24, fill: PALETTE.muted });

  const branchRows: Cell[][] = BRANCHES.map((branch, b) => {
    const partner = BRANCHES.findIndex((_, o) => branchesCombine(b, o));
    const clash = BRANCHES.findIndex((_, o) => branchesClash(b, o));
    const start = (2 * b + 23) % 24;
    const hours = `${String(start).padStart(2, '0')}–${String((start + 2) % 24).padStart(2, '0')}时`;
    return [
      { text: branch, style: { family: SERIF, weight: 'bold', fill: PALETTE.brown, size: 34 } },
      ANIMALS[b],
      yin(b),
      { text: BRANCH_ELEMENTS[b], style: { weight: 'bold', fill: PALETTE.red } },
      hours,
      `${monthOfBranch(b)} · ${jieOfBranch(b)}`,
      hiddenStemNames(b).join(' '),
      pair(b, partner),
      pair(b, clash),
    ];
  });
  const branches = table({
    x: MARGIN,
    y: CONTENT_TOP,
    widths: [100, 90, 90, 100, 170, 200, 150, 110, 110],
    header: ['地支', '生肖', '阴阳', '五行', '时辰', '月令', '藏干', '六合', '六冲'],
    rows: branchRows,
    headerHeight: 64,
    rowHeight: 76,
    size: 26,
  });
  const triads = [0, 3, 6, 9].map((center) => {
    const members = BRANCHES.map((_, o) => o).filter((o) => o === center || branchesTriad(center, o));
    const ordered = [(center + 8) % 12, center, (center + 4) % 12].filter((o) => members.includes(o));
    return `${ordered.map((o) => BRANCHES[o]).join('')}合${BRANCH_ELEMENTS[center]}`;
  });
  const page2 =
    branches.svg +
    notes(branches.bottom + 60, '说明', [
      '藏干按本气、中气、余气的次序排列；排八字看地支十神时，以本气为主。',
      `三合局：${triads.join('，')}。`,
      '月令以“节”为界：立春起寅月，惊蛰起卯月……交节时刻见《二十四节气时间表》。',
      '子时跨越午夜，从23时到次日1时；精确排盘可按出生地的真太阳时校正时辰。',
    ]).svg;
  return {
    file: 'ganzhi-wuxing.pdf',
    title: '天干地支五行对照表',
    subtitle: '阴阳 · 五行 · 方位 · 合冲 · 藏干',
    bodies: [page1, page2],
  };
}

// ——— 2027年二十四节气时间表 ———

const WEEKDAYS = '日一二三四五六';

function solarTermsTable(year: number): CoursewareDoc {
  const rows: Cell[][] = termsOfYear(year).map(({ name, time }, index) => {
    const stamp = formatBeijing(time);
    const day = beijingDayNumber(time);
    const lunar = lunarFromDayNumber(day);
    const jie = index % 2 === 0;
    return [
      { text: name, style: { family: SERIF, weight: 'bold', fill: jie ? PALETTE.brown : PALETTE.ink } },
      jie ? { text: '节', style: { fill: PALETTE.red, weight: 'bold' } } : '中气',
      `${Number(stamp.slice(5, 7))}月${Number(stamp.slice(8, 10))}日`,
      `周${WEEKDAYS[weekday(day)]}`,
      stamp.slice(11),
      `${lunarMonthName(lunar.month, lunar.leap)}${lunarDayName(lunar.day)}`,
      sexagenaryName(dayPillar(day)),
      jie ? `起${BRANCHES[branchOfJie(index)]}月` : '',
    ];
  });
  const terms = table({
    x: MARGIN,
    y: CONTENT_TOP,
    widths: [150, 110, 170, 110, 170, 180, 110, 120],
    header: ['节气', '类别', '公历', '星期', '交节时刻', '农历', '日干支', '月令'],
    rows,
    headerHeight: 60,
    rowHeight: 47,
    size: 25,
  });
  const body =
    terms.svg +
    notes(
      terms.bottom + 56,
      '说明',
      [
        '时刻为北京时间，由玄历历法引擎按太阳视黄经（VSOP87）计算，精确到秒。',
        '“节”开启干支月，排八字月柱、择日定月建都以交节时刻为界；中气决定农历月份的序数。',
      ],
      23,
    ).svg;
  return {
    file: `jieqi-${year}.pdf`,
    title: `${year}年二十四节气时间表`,
    subtitle: `北京时间 · ${sexagenaryName(yearPillar(year))}年（立春起）`,
    bodies: [body],
  };
}

// ——— 常用择日宜忌速查 ———

/** Row label of a month: 正月 寅 (立春起). */
function monthLabel(branch: number): Cell {
  return {
    text: `${monthOfBranch(branch)} ${BRANCHES[branch]}`,
    style: { weight: 'bold', fill: PALETTE.brown },
  };
}

/** Each 建除 officer's verdict in the rhyme 建满平收黑，除危定执黄，成开皆可用，闭破不相当. */
const OFFICER_VERDICT: Record<string, string> = {
  建: '黑',
  满: '黑',
  平: '黑',
  收: '黑',
  除: '黄',
  危: '黄',
  定: '黄',
  执: '黄',
  成: '可用',
  开: '可用',
  闭: '不相当',
  破: '不相当',
};

/**
 * The things most often listed as 宜 (or 忌) on days of each officer, over all 12 months × 60 day
 * pillars of the engine's 宜忌 table; a thing counts for the side where it appears more often, and the
 * blanket entries (馀事勿取, 诸事不宜) are left out.
 */
function officerYiJi(): { yi: string[]; ji: string[] }[] {
  const blanket = new Set(['馀事勿取', '诸事不宜']);
  return DAY_OFFICERS.map((_, officer) => {
    const yi = new Map<string, number>();
    const ji = new Map<string, number>();
    for (let month = 0; month < 12; month++) {
      for (let pillar = 0; pillar < 60; pillar++) {
        if (dayOfficerIndex(month, pillar % 12) !== officer) continue;
        const day = yiJi(month, pillar);
        for (const word of day.yi) yi.set(word, (yi.get(word) ?? 0) + 1);
        for (const word of day.ji) ji.set(word, (ji.get(word) ?? 0) + 1);
      }
    }
    const top = (mine: Map<string, number>, other: Map<string, number>) =>
      [...mine]
        .filter(([word, count]) => !blanket.has(word) && count > (other.get(word) ?? 0))
        .sort((a, b) => b[1] - a[1])
        .slice(0, 6)
        .map(([word]) => word);
    return { yi: top(yi, ji), ji: top(ji, yi) };
  });
}

function zeriSheets(): CoursewareDoc {
  const godRows: Cell[][] = MONTH_BRANCHES.map((m) => [
    monthLabel(m),
    ...BRANCHES.map((_, d): Cell => {
      const god = dayGod(m, d);
      return god.type === '黄道'
        ? { text: god.name, style: { fill: PALETTE.red, weight: 'bold' }, fill: HUANG_FILL }
        : { text: god.name, style: { fill: PALETTE.muted } };
    }),
  ]);
  const gods = table({
    x: MARGIN,
    y: CONTENT_TOP,
    widths: [160, ...BRANCHES.map(() => 80)],
    header: ['月 \\ 日支', ...BRANCHES],
    rows: godRows,
    headerHeight: 64,
    rowHeight: 84,
    size: 26,
  });
  const huang = TWELVE_GODS.filter((_, i) => twelveGod(i).type === '黄道');
  const hei = TWELVE_GODS.filter((_, i) => twelveGod(i).type === '黑道');
  const page1 =
    gods.svg +
    notes(gods.bottom + 60, '用法', [
      '先按节气定月份（立春到惊蛰前为正月寅月，依此类推），再看当天的日支，交叉处就是当天值日的神。',
      `黄道六神（红底）：${huang.join('、')}；黑道六神：${hei.join('、')}。`,
      '口诀：寅申需加子，卯酉却在寅，辰戌龙位上，巳亥午中寻，子午临申地，丑未戌上行——即青龙所在的日支。',
    ]).svg;

  const officerRows: Cell[][] = MONTH_BRANCHES.map((m) => [
    monthLabel(m),
    ...BRANCHES.map((_, d): Cell => {
      const officer = dayOfficer(m, d);
      const verdict = OFFICER_VERDICT[officer];
      if (verdict === '黄' || verdict === '可用')
        return { text: officer, style: { fill: PALETTE.red, weight: 'bold' }, fill: HUANG_FILL };
      if (officer === '破')
        return { text: officer, style: { fill: '#fff', weight: 'bold' }, fill: PALETTE.brown };
      return { text: officer, style: { fill: PALETTE.muted } };
    }),
  ]);
  const officers = table({
    x: MARGIN,
    y: CONTENT_TOP,
    widths: [160, ...BRANCHES.map(() => 80)],
    header: ['月 \\ 日支', ...BRANCHES],
    rows: officerRows,
    headerHeight: 64,
    rowHeight: 84,
    size: 28,
  });
  const page2 =
    officers.svg +
    notes(officers.bottom + 60, '用法', [
      '建除十二值星：建、除、满、平、定、执、破、危、成、收、开、闭，日支与月支相同的一天为建，其后依次顺排。',
      '口诀：建满平收黑，除危定执黄，成开皆可用，闭破不相当。表中红底为除、危、定、执、成、开，深色为破日（与月建相冲）。',
      '交节之日月支改变，值星与前一天相同，所以每到交节，值星会重复一天。',
    ]).svg;

  const stats = officerYiJi();
  const yiJiRows: Cell[][] = DAY_OFFICERS.map((officer, i) => [
    { text: officer, style: { family: SERIF, weight: 'bold', fill: PALETTE.brown, size: 36 } },
    {
      text: OFFICER_VERDICT[officer],
      style: {
        fill:
          OFFICER_VERDICT[officer] === '黄' || OFFICER_VERDICT[officer] === '可用'
            ? PALETTE.red
            : PALETTE.muted,
        weight: 'bold',
      },
    },
    { text: stats[i].yi.join('、') || '—', style: { anchor: 'start', phrases: true } },
    { text: stats[i].ji.join('、') || '—', style: { anchor: 'start', phrases: true } },
  ]);
  const yiJiTable = table({
    x: MARGIN,
    y: CONTENT_TOP,
    widths: [110, 130, 440, 440],
    header: ['值星', '口诀', '多宜', '多忌'],
    rows: yiJiRows,
    headerHeight: 64,
    rowHeight: 92,
    size: 25,
  });
  const page3 =
    yiJiTable.svg +
    notes(yiJiTable.bottom + 60, '说明', [
      '“多宜”“多忌”是把本历宜忌表中十二个月、六十日干支的全部组合按值星归类后，出现最多的事项。',
      '同一值星在不同月份、不同日干支下宜忌会有差别，具体日子请以当天黄历为准。',
    ]).svg;

  return {
    file: 'zeri-yiji.pdf',
    title: '常用择日宜忌速查',
    subtitle: '黄道黑道 · 建除十二值星 · 宜忌',
    bodies: [page1, page2, page3],
  };
}

/** The courseware documents in the order the courseware page lists them. */
export function coursewareDocs(): CoursewareDoc[] {
  return [nayinTable(), elementsTables(), solarTermsTable(2027), zeriSheets()];
}

/** The full SVG of page `index` of `doc`. */
export function coursewarePage(doc: CoursewareDoc, index: number): string {
  return pageSvg(
    { title: doc.title, subtitle: doc.subtitle, page: index + 1, pages: doc.bodies.length },
    doc.bodies[index],
  );
}
