import { describe, expect, it } from 'vitest';
import { isAlmanacError } from '../errors.ts';
import { formatBirthText, parseBirthText } from './birthText.ts';

const code = (text: unknown) => {
  try {
    parseBirthText(text);
    return 'ok';
  } catch (e) {
    return isAlmanacError(e) ? e.code : 'other';
  }
};

describe('birthText', () => {
  it('reads the forms the original app wrote', () => {
    expect(parseBirthText('公 1990-05-10 08:00')).toEqual({
      calendar: 'solar',
      year: 1990,
      month: 5,
      day: 10,
      leap: false,
      hour: 8,
      minute: 0,
      second: 0,
      hasTime: true,
    });
    expect(parseBirthText('公历 1990-5-10 8:05:09')).toMatchObject({ hour: 8, minute: 5, second: 9 });
    expect(parseBirthText('农 2023-02(闰)-15 08:00')).toMatchObject({
      calendar: 'lunar',
      month: 2,
      leap: true,
      day: 15,
    });
    expect(parseBirthText('农历 2023-闰2-15')).toMatchObject({
      calendar: 'lunar',
      month: 2,
      leap: true,
      hasTime: false,
      hour: 0,
    });
    expect(parseBirthText('农历2023-02（闰）-15 23')).toMatchObject({ leap: true, hour: 23 });
    expect(parseBirthText('1990-05-10')).toMatchObject({ calendar: 'solar', hasTime: false });
    expect(parseBirthText('05/10/1990 08:00')).toMatchObject({ year: 1990, month: 5, day: 10, hour: 8 });
    expect(parseBirthText('农 3-15-2023')).toMatchObject({
      calendar: 'lunar',
      year: 2023,
      month: 3,
      day: 15,
    });
    expect(parseBirthText('公 1990年5月10日8:30')).toMatchObject({ month: 5, day: 10, hour: 8, minute: 30 });
    expect(parseBirthText('农历 2023年闰2月15日 08:00')).toMatchObject({ leap: true, month: 2 });
    expect(parseBirthText('  公\u30001990.05.10T08:00  ')).toMatchObject({ year: 1990, hour: 8 });
  });
  it('rejects bad text with 生日参数错误！ and bad values with the calendar errors', () => {
    for (const t of [
      '',
      '公',
      'abc',
      '公 90-05-10',
      '公 1990-05-10 08:0',
      '公 1990/05-10',
      '公 1990-05(闰)-10',
      '农 2023-闰02(闰)-15',
      '农 1990-05-10 08:00:00:00',
      42,
      null,
      'x'.repeat(100),
    ]) {
      expect(code(t)).toBe('WRONG_BIRTH_TEXT');
    }
    expect(code('公 1990-13-10')).toBe('WRONG_SOLAR_MONTH');
    expect(code('公 1990-02-30')).toBe('WRONG_SOLAR_DAY');
    expect(code('公 1990-02-10 24:00')).toBe('WRONG_HOUR');
    expect(code('公 1990-02-10 23:60')).toBe('WRONG_MINUTE');
    expect(code('农 1990-13-10')).toBe('WRONG_LUNAR_MONTH');
    expect(code('农 1990-12-31')).toBe('WRONG_LUNAR_DAY');
  });
  it('formats back', () => {
    expect(formatBirthText(parseBirthText('农历 2023-闰2-15 8:00:30'))).toBe('农 2023-02(闰)-15 08:00:30');
    expect(formatBirthText(parseBirthText('1990-5-1'))).toBe('公 1990-05-01');
  });
});
