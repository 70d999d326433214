/**
 * The birth text of a profile (PRODUCT.md#bazi, #input-rules): an optional calendar prefix, then a date and
 * an optional time. Grammar (also in the package README):
 *
 * ```
 * born    = ws* [prefix ws*] date [sep time] ws*         ws = space, tab or U+3000
 * prefix  = 公历 | 公曆 | 公 | 阳历 | 农历 | 農曆 | 农 | 農 | 阴历       (none = solar; 公/阳 = solar, 农/阴 = lunar)
 * date    = Y d M d D          year first: 4-digit year, d = '-' | '/' | '.' (the same both times)
 *         | M d D d Y          month-day-year, 4-digit year last
 *         | Y '年' M '月' D ['日' | '号']
 * M       = ['闰' | '閏'] 1–2 digits [ '(闰)' | '（闰）' ]   leap marker, lunar dates only, at most one
 * D       = 1–2 digits
 * sep     = ws+ | 'T' | ws* after 日/号
 * time    = H [':' mm [':' ss]]   H 1–2 digits, mm ss 2 digits; '：' also accepted
 * ```
 * Text that does not match → WRONG_BIRTH_TEXT (生日参数错误！). Text that matches but names an impossible
 * value → the calendar's own error (WRONG_SOLAR_DAY, WRONG_HOUR …; lunar dates are checked when the chart
 * converts them: WRONG_LUNAR_MONTH for a 闰 month the year does not have, WRONG_LUNAR_DAY for day 30 of a
 * short month).
 */
import { AlmanacError } from '../errors.ts';
import { assertSolarDate, assertTime } from '../solarDate.ts';

/** A parsed birth text. Time fields are 0 when absent (`hasTime` false). */
export interface BirthText {
  calendar: 'solar' | 'lunar';
  year: number;
  month: number;
  day: number;
  /** Lunar leap month (闰月); always false for solar dates. */
  leap: boolean;
  hour: number;
  minute: number;
  second: number;
  /** Whether the text gave a time at all. */
  hasTime: boolean;
}

const SOLAR_PREFIXES = ['公历', '公曆', '阳历', '陽曆', '公'];
const LUNAR_PREFIXES = ['农历', '農曆', '阴历', '陰曆', '农', '農'];
const MONTH = '(闰|閏)?(\\d{1,2})([(（](?:闰|閏)[)）])?';
const TIME = '(\\d{1,2})(?:[:：](\\d{2})(?:[:：](\\d{2}))?)?';
const YMD = new RegExp(`^(\\d{4})([-/.])${MONTH}\\2(\\d{1,2})(?:(?:\\s+|T)${TIME})?$`);
const MDY = new RegExp(`^${MONTH}([-/.])(\\d{1,2})\\4(\\d{4})(?:(?:\\s+|T)${TIME})?$`);
const ZH = new RegExp(`^(\\d{4})年${MONTH}月(\\d{1,2})([日号])?(?:(?:\\s+|T|(?<=[日号])\\s*)${TIME})?$`);

function wrong(): never {
  throw new AlmanacError('WRONG_BIRTH_TEXT');
}

/** Parses a birth text (see the grammar above); throws AlmanacError, never anything else. */
export function parseBirthText(text: unknown): BirthText {
  if (typeof text !== 'string' || text.length > 80) wrong();
  let s = text.replace(/[\u3000\t]/g, ' ').trim();
  let calendar: 'solar' | 'lunar' = 'solar';
  const solar = SOLAR_PREFIXES.find((p) => s.startsWith(p));
  const lunar = LUNAR_PREFIXES.find((p) => s.startsWith(p));
  if (solar) s = s.slice(solar.length).trimStart();
  else if (lunar) {
    calendar = 'lunar';
    s = s.slice(lunar.length).trimStart();
  }
  const ymd = YMD.exec(s);
  const mdy = ymd ? null : MDY.exec(s);
  const zh = ymd || mdy ? null : ZH.exec(s);
  let parts: (string | undefined)[];
  if (ymd) parts = [ymd[1], ymd[3], ymd[4], ymd[5], ymd[6], ymd[7], ymd[8], ymd[9]];
  else if (mdy) parts = [mdy[6], mdy[1], mdy[2], mdy[3], mdy[5], mdy[7], mdy[8], mdy[9]];
  else if (zh) parts = [zh[1], zh[2], zh[3], zh[4], zh[5], zh[7], zh[8], zh[9]];
  else wrong();
  const [y, pre, mo, post, d, h, mi, se] = parts;
  if (pre && post) wrong();
  const leap = Boolean(pre || post);
  if (leap && calendar === 'solar') wrong();
  const out: BirthText = {
    calendar,
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    leap,
    hour: h === undefined ? 0 : Number(h),
    minute: mi === undefined ? 0 : Number(mi),
    second: se === undefined ? 0 : Number(se),
    hasTime: h !== undefined,
  };
  if (calendar === 'solar') assertSolarDate(out.year, out.month, out.day);
  else {
    if (out.month < 1 || out.month > 12) throw new AlmanacError('WRONG_LUNAR_MONTH');
    if (out.day < 1 || out.day > 30) throw new AlmanacError('WRONG_LUNAR_DAY');
  }
  assertTime(out.hour, out.minute, out.second);
  return out;
}

/** The canonical text of a parsed birth: '公 1990-05-10 08:00' or '农 2023-02(闰)-15 08:00:30'. */
export function formatBirthText(b: BirthText): string {
  const two = (v: number) => String(v).padStart(2, '0');
  const date = `${String(b.year).padStart(4, '0')}-${two(b.month)}${b.leap ? '(闰)' : ''}-${two(b.day)}`;
  const time = b.hasTime ? ` ${two(b.hour)}:${two(b.minute)}${b.second ? `:${two(b.second)}` : ''}` : '';
  return `${b.calendar === 'solar' ? '公' : '农'} ${date}${time}`;
}
