/**
 * The 命书 as a PDF (pdf-lib): the chart table, 五行 and 喜用神, the 大运 and the ten 流年 with their
 * readings, the 命书 texts, and on every page when it was made and its page number; the 口径 under the
 * chart. The 楷体 is embedded as a subset of the characters used (fontkit), so a 命书 is a few hundred
 * KB. Runs in the worker thread (mingshu.worker.ts): laying out and compressing take a few hundred ms,
 * which the API's event loop must not wait for.
 */

import { wholePercents } from '@xuanli/almanac/bazi/wholePercents';
import { PDFDocument, type PDFFont } from 'pdf-lib';
import type { MingshuDocument, MingshuLuckRow } from './mingshu-document.ts';
import {
  COLUMN,
  drawCentred,
  drawLine,
  ensureRoom,
  type Flow,
  GREY,
  heading,
  hex,
  INK,
  LINE,
  MARGIN,
  newPage,
  PAGE,
  paragraph,
  THEME,
} from './mingshu-layout.ts';

/** pdf-lib's font engine: fontkit, or a wrapper that hands out one parsed font. */
export interface FontEngine {
  create(data: Uint8Array): unknown;
}

type Chart = MingshuDocument['chart'];
type PillarKey = 'year' | 'month' | 'day' | 'hour';
const PILLARS: readonly [PillarKey, string][] = [
  ['year', '年柱'],
  ['month', '月柱'],
  ['day', '日柱'],
  ['hour', '时柱'],
];
/** The app's text colours of the five phases (apps/web features/bazi/elements.ts). */
const PHASE_TEXT: Record<string, string> = {
  木: '#2F7A18',
  火: '#C4302F',
  土: '#85531F',
  金: '#8A6500',
  水: '#1F62C4',
};
const PHASE_FILL: Record<string, string> = {
  木: '#5DC336',
  火: '#F65352',
  土: '#A8692E',
  金: '#D4A017',
  水: '#4190FA',
};
const PHASE_OF: Record<string, string> = Object.fromEntries(
  [...'甲乙丙丁戊己庚辛壬癸子丑寅卯辰巳午未申酉戌亥'].map((c, i) => [
    c,
    i < 10 ? '木木火火土土金金水水'[i] : '水土木木土火火土金金土水'[i - 10],
  ]),
);
const UNKNOWN = '不详';
/** Line height of a table cell's lines, in ems. */
const LINE_GAP = 1.3;

/** A stem or branch in its phase's colour. */
const charColour = (c: string) => (PHASE_OF[c] ? hex(PHASE_TEXT[PHASE_OF[c]]) : INK);

/** The title block and the birth facts. */
function titleBlock(flow: Flow, chart: Chart): void {
  drawCentred(flow, '命　书', PAGE.width / 2, flow.y, 28, THEME);
  flow.y -= 40;
  const who = `${chart.name || '命主'} · ${chart.sex === '男' ? '乾造（男）' : '坤造（女）'}`;
  drawCentred(flow, who, PAGE.width / 2, flow.y, 15);
  flow.y -= 26;
  const g = chart.gongli;
  const clock =
    g.hour === null ? '时辰不详' : `${String(g.hour).padStart(2, '0')}:${String(g.minute).padStart(2, '0')}`;
  const p = chart.sizhu;
  const facts = [
    `八字　${[p.year, p.month, p.day, p.hour ?? UNKNOWN].join('　')}`,
    `公历　${g.year}年${g.month}月${g.day}日 ${clock}`,
    `农历　${chart.nongli_zh.text}`,
    `生肖　属${chart.animal}　星座　${chart.zodiac}`,
    `节气　生于${chart.prev_term.name}（${chart.prev_term.date.slice(0, 16)}）之后`,
  ];
  for (const line of facts) paragraph(flow, line, { size: 11.5, after: 0, leading: 1.6 });
  flow.y -= 4;
}

/** The cells of one row of the pillar table, by pillar; null for a value the chart lacks. */
function pillarRows(chart: Chart): [string, (k: PillarKey) => string[] | null, number][] {
  const dayMaster = chart.sex === '男' ? '元男' : '元女';
  const listOr = <T>(v: T | null, f: (v: T) => string[]) => (v === null ? null : f(v));
  return [
    ['十神', (k) => (k === 'day' ? [dayMaster] : listOr(chart.shishen[k], (s) => [s.gan])), 13],
    ['天干', (k) => listOr(chart.sizhu[k], (s) => [s[0]]), 26],
    ['地支', (k) => listOr(chart.sizhu[k], (s) => [s[1]]), 26],
    [
      '藏干',
      (k) =>
        listOr(chart.canggan[k], (stems) => stems.map((s, i) => `${s} ${chart.shishen[k]?.zhi[i] ?? ''}`)),
      11,
    ],
    ['地势', (k) => listOr(chart.dishi[k], (v) => [v]), 11.5],
    ['纳音', (k) => listOr(chart.nayin[k], (v) => [v]), 11.5],
    ['旬空', (k) => listOr(chart.xunkong[k], (v) => [v]), 11.5],
    ['神煞', (k) => listOr(chart.shensha[k], (hits) => (hits.length ? hits.map((h) => h.name) : ['—'])), 10],
  ];
}

/** The four-pillar table: a label column and one column per pillar; 不详 where the hour is unknown. */
function pillarTable(flow: Flow, chart: Chart): void {
  const labelWidth = 60;
  const colWidth = (COLUMN - labelWidth) / 4;
  const centre = (i: number) => MARGIN.side + labelWidth + colWidth * i + colWidth / 2;
  ensureRoom(flow, 40);
  PILLARS.forEach(([, label], i) => {
    drawCentred(flow, label, centre(i), flow.y, 12.5, THEME);
  });
  flow.y -= 22;
  for (const [label, cells, size] of pillarRows(chart)) {
    const values = PILLARS.map(([k]) => cells(k));
    const lines = Math.max(1, ...values.map((v) => v?.length ?? 1));
    const height = lines * size * LINE_GAP + 7;
    ensureRoom(flow, height);
    flow.page.drawLine({
      start: { x: MARGIN.side, y: flow.y + 3 },
      end: { x: PAGE.width - MARGIN.side, y: flow.y + 3 },
      thickness: 0.5,
      color: LINE,
    });
    drawLine(flow, label, MARGIN.side + 6, flow.y - 4, 11, GREY);
    values.forEach((value, i) => {
      const texts = value ?? [UNKNOWN];
      texts.forEach((text, j) => {
        const colour = value === null ? GREY : size > 20 ? charColour(text) : INK;
        drawCentred(
          flow,
          text,
          centre(i),
          flow.y - 4 - j * size * LINE_GAP,
          value === null ? 11.5 : size,
          colour,
        );
      });
    });
    flow.y -= height;
  }
  flow.y -= 6;
}

/** 胎元 … 身宫, 起运, the relations between pillars, and what a three-pillar chart must say. */
function chartNotes(flow: Flow, chart: Chart): void {
  const m = chart.mingxiang;
  const palace = (label: string, p: { ganzhi: string; nayin: string } | null) =>
    `${label} ${p ? `${p.ganzhi}（${p.nayin}）` : UNKNOWN}`;
  paragraph(
    flow,
    [
      palace('胎元', m.taiyuan),
      palace('胎息', m.taixi),
      palace('命宫', m.minggong),
      palace('身宫', m.shengong),
    ].join('　'),
    { size: 11 },
  );
  const q = chart.qiyun;
  paragraph(
    flow,
    `起运　出生后${q.year}年${q.month}个月${q.day}天${q.hour > 0 ? `${q.hour}小时` : ''}起运，交运于 ${q.date}，${q.forward ? '顺排' : '逆排'}至${q.jie.name}`,
    { size: 11 },
  );
  if (chart.relations.length > 0) {
    const names = { year: '年', month: '月', day: '日', hour: '时' } as const;
    const text = chart.relations
      .map((r) => `${r.pillars.map((p) => names[p]).join('')}${r.detail}`)
      .join('；');
    paragraph(flow, `干支关系　${text}`, { size: 11 });
  }
  for (const note of chart.notes) paragraph(flow, `※ ${note}`, { size: 10.5, color: GREY });
}

/** The 口径 the chart used, under the chart: what to compare when another app's chart differs. */
function koujingBlock(flow: Flow, chart: Chart): void {
  paragraph(flow, `排盘口径　${chart.koujing.split(' · ').join('；')}`, { size: 10.5, color: GREY });
}

/** A horizontal bar: the track, then `share` of it in `fill`. */
function bar(flow: Flow, x: number, top: number, width: number, share: number, fill: string): void {
  flow.page.drawRectangle({ x, y: top - 10, width, height: 9, color: hex('#EFE8DE') });
  if (share > 0)
    flow.page.drawRectangle({
      x,
      y: top - 10,
      width: width * Math.min(1, share),
      height: 9,
      color: hex(fill),
    });
}

/** 五行: counts of the characters (and with hidden stems) as bars. */
function fiveElements(flow: Flow, chart: Chart): void {
  heading(flow, '五行', 120);
  const { bzwx, total } = chart.wxtongji;
  const phases = ['木', '火', '土', '金', '水'] as const;
  const shares = wholePercents(phases.map((p) => bzwx[p]));
  const percents = Object.fromEntries(phases.map((p, i) => [p, shares[i]])) as Record<string, number>;
  for (const phase of phases) {
    ensureRoom(flow, 22);
    drawLine(flow, phase, MARGIN.side, flow.y, 13, hex(PHASE_TEXT[phase]));
    bar(flow, MARGIN.side + 24, flow.y, 250, chart.wxbili.bzwx[phase], PHASE_FILL[phase]);
    drawLine(
      flow,
      `${bzwx[phase]}个 · ${percents[phase]}%　含藏干 ${total[phase]}`,
      MARGIN.side + 290,
      flow.y,
      11,
    );
    flow.y -= 22;
  }
  const missing = (['木', '火', '土', '金', '水'] as const).filter((p) => bzwx[p] === 0);
  const counted = chart.hourUnknown ? '年月日六字' : '八字';
  paragraph(flow, missing.length ? `${counted}缺${missing.join('、')}。` : `${counted}五行俱全。`, {
    size: 10.5,
    color: GREY,
  });
}

/** 喜用神: the verdict, the 扶身 share on a bar marked at the 身弱 and 身强 lines, 喜 and 忌, the reasons. */
function xiyongBlock(flow: Flow, chart: Chart): void {
  const x = chart.xiyong;
  heading(flow, '喜用神', 150);
  const verdict = x.pattern === '扶抑' ? x.strength : `${x.strength}（${x.pattern}）`;
  drawLine(flow, verdict, MARGIN.side, flow.y, 15, THEME);
  flow.y -= 24;
  drawLine(flow, '扶身之力', MARGIN.side, flow.y, 11, GREY);
  const barX = MARGIN.side + 60;
  const barWidth = 300;
  bar(flow, barX, flow.y, barWidth, x.score, '#A8692E');
  for (const [at, label] of [
    [0.4, '弱 | 中和'],
    [0.5, '中和 | 强'],
  ] as const) {
    flow.page.drawLine({
      start: { x: barX + barWidth * at, y: flow.y - 12 },
      end: { x: barX + barWidth * at, y: flow.y + 1 },
      thickness: 0.8,
      color: GREY,
    });
    if (at === 0.4) drawLine(flow, label, barX + barWidth * at - 50, flow.y - 14, 8, GREY);
    else drawLine(flow, label, barX + barWidth * at + 2, flow.y - 14, 8, GREY);
  }
  drawLine(flow, `${Math.round(x.score * 100)}%`, barX + barWidth + 10, flow.y, 11);
  flow.y -= 34;
  for (const [label, phases] of [
    ['喜用', x.favourable],
    ['忌', x.unfavourable],
  ] as const) {
    drawLine(flow, label, MARGIN.side, flow.y, 12, GREY);
    phases.forEach((p, i) => {
      drawLine(flow, p, MARGIN.side + 44 + i * 26, flow.y, 14, hex(PHASE_TEXT[p]));
    });
    flow.y -= 24;
  }
  x.reasons.forEach((reason, i) => {
    paragraph(flow, `${i + 1}. ${reason}`, { size: 10.5, after: 2 });
  });
}

/** A 大运 or 流年 row: years, age, 干支 and ten god on one line, its reading under it. */
function luckRow(flow: Flow, row: MingshuLuckRow): void {
  ensureRoom(flow, 64);
  const top = flow.y;
  drawLine(flow, row.years, MARGIN.side, top, 12);
  drawLine(flow, `${row.age}岁`, MARGIN.side + 84, top, 11, GREY);
  Array.from(row.ganzhi).forEach((c, i) => {
    drawLine(flow, c, MARGIN.side + 130 + i * 17, top - 1, 15, charColour(c));
  });
  drawLine(flow, row.shishen, MARGIN.side + 176, top, 12);
  if (row.current) drawLine(flow, '（当前）', MARGIN.side + 220, top, 11, THEME);
  flow.y -= 22;
  if (row.reading) {
    paragraph(flow, row.reading.title, { size: 11, color: THEME, indent: 16, after: 0 });
    paragraph(flow, row.reading.body, { size: 10.5, indent: 16, after: 8, leading: 1.55 });
  }
}

/** The 命书 texts, section by section. */
function readingsBlock(flow: Flow, doc: MingshuDocument): void {
  for (const section of doc.sections) {
    heading(flow, section.title);
    for (const item of section.items) {
      ensureRoom(flow, 50);
      paragraph(flow, item.title, { size: 12.5, color: THEME, after: 2 });
      paragraph(flow, item.body, { size: 11, after: 10 });
    }
  }
}

/** The footer of every page: who, when it was made (Beijing), and 第 n 页 / 共 N 页. */
function footers(pdf: PDFDocument, font: PDFFont, doc: MingshuDocument): void {
  const pages = pdf.getPages();
  const left = `玄历 · ${doc.chart.name || '命主'}命书 · 制于 ${doc.madeAt}（北京时间）`;
  pages.forEach((page, i) => {
    const flow: Flow = { pdf, font, page, y: MARGIN.bottom - 26 };
    page.drawLine({
      start: { x: MARGIN.side, y: MARGIN.bottom - 14 },
      end: { x: PAGE.width - MARGIN.side, y: MARGIN.bottom - 14 },
      thickness: 0.5,
      color: LINE,
    });
    drawLine(flow, left, MARGIN.side, flow.y, 9, GREY);
    const right = `第 ${i + 1} 页 / 共 ${pages.length} 页`;
    drawLine(flow, right, PAGE.width - MARGIN.side - font.widthOfTextAtSize(right, 9), flow.y, 9, GREY);
  });
}

/** What the 命书 prints for a character its font lacks (a rare name character, an editor's new text). */
export const MISSING_GLYPH = '〇';

/** `value` with every string's characters outside `charset` (whitespace aside) replaced by 〇. */
export function printable<T>(value: T, charset: ReadonlySet<number>): T {
  if (typeof value === 'string') {
    return [...value]
      .map((c) => (charset.has(c.codePointAt(0) ?? 0) || /\s/.test(c) ? c : MISSING_GLYPH))
      .join('') as T;
  }
  if (Array.isArray(value)) return value.map((item) => printable(item, charset)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, printable(v, charset)])) as T;
  }
  return value;
}

/**
 * The 命书 of `doc` as PDF bytes. `fontBytes` is the TrueType font (see mingshu-font.ts) and `engine`
 * pdf-lib's fontkit, or a wrapper returning one parsed font for every document.
 */
export async function renderMingshuPdf(
  asked: MingshuDocument,
  fontBytes: Uint8Array,
  engine: FontEngine,
): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.registerFontkit(engine as Parameters<PDFDocument['registerFontkit']>[0]);
  const font = await pdf.embedFont(fontBytes, { subset: true });
  // A glyph the font lacks would print as an empty box; 〇 reads as "a character not shown".
  const doc = printable(asked, new Set(font.getCharacterSet()));
  const name = doc.chart.name || '命主';
  const made = new Date(doc.madeAtMs);
  pdf.setTitle(`${name}命书`);
  pdf.setAuthor('玄历');
  pdf.setSubject(
    `${doc.chart.sizhu.year} ${doc.chart.sizhu.month} ${doc.chart.sizhu.day} ${doc.chart.sizhu.hour ?? UNKNOWN}`,
  );
  pdf.setLanguage('zh-CN');
  pdf.setCreator('玄历');
  pdf.setProducer('玄历 · pdf-lib');
  pdf.setCreationDate(made);
  pdf.setModificationDate(made);

  const flow = { pdf, font, y: 0 } as Flow;
  newPage(flow);
  titleBlock(flow, doc.chart);
  heading(flow, '四柱', 200);
  pillarTable(flow, doc.chart);
  chartNotes(flow, doc.chart);
  koujingBlock(flow, doc.chart);
  // The other parts flow on; each heading takes its first lines with it to the next page.
  fiveElements(flow, doc.chart);
  xiyongBlock(flow, doc.chart);
  heading(flow, '大运');
  for (const row of doc.dayun) luckRow(flow, row);
  heading(flow, `流年（${doc.liunian[0]?.years ?? ''}–${doc.liunian.at(-1)?.years ?? ''}）`);
  for (const row of doc.liunian) luckRow(flow, row);
  readingsBlock(flow, doc);
  heading(flow, '说明', 40);
  paragraph(
    flow,
    '本命书依子平八字之法由程序推算，解读为传统命理所述的一般倾向，仅供参考与自省，不作为医疗、投资、婚姻等重大决定的依据。排盘结果取决于出生时间与上列口径，如与他处所排不同，请先核对口径。',
    { size: 10.5, color: GREY },
  );
  footers(pdf, font, doc);
  return pdf.save();
}
