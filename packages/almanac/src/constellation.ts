/**
 * Western zodiac sign 星座 of a solar date, by the fixed civil-date boundaries Chinese almanacs print
 * (白羊座 3月21日–4月19日 …). They approximate the Sun's ingress into each sign, which moves by a
 * day between years; almanacs do not follow it, so neither do we.
 */
const NAMES = [
  '白羊',
  '金牛',
  '双子',
  '巨蟹',
  '狮子',
  '处女',
  '天秤',
  '天蝎',
  '射手',
  '摩羯',
  '水瓶',
  '双鱼',
] as const;

/** First day (month × 100 + day) of each sign, from 白羊 on 3-21. */
const STARTS = [321, 420, 521, 622, 723, 823, 923, 1024, 1123, 1222, 120, 219] as const;

/** The sign of a month and day, e.g. (11, 22) → '天蝎座', (11, 23) → '射手座'. */
export function constellation(month: number, day: number): string {
  const md = month * 100 + day;
  let index = 9; // 摩羯 spans the year's end: 12-22 … 1-19
  for (let i = 0; i < 12; i++) {
    const start = STARTS[i];
    const end = STARTS[(i + 1) % 12];
    const inside = start < end ? md >= start && md < end : md >= start || md < end;
    if (inside) {
      index = i;
      break;
    }
  }
  return `${NAMES[index]}座`;
}
