import { describe, expect, it } from 'vitest';
import { chartCommand, pillarsCommand } from './cli.ts';

describe('chartCommand', () => {
  it('prints a human chart by default and JSON with --json', () => {
    const text = chartCommand(['--born', '公 1990-05-10 08:00', '--sex', '男']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toContain('乾造');
    expect(text.stdout).toContain('庚午');
    expect(text.stdout).toContain('口径：');
    const json = chartCommand([
      '--born=公 2005-12-23 08:37',
      '--sex',
      '女',
      '--zi',
      'early',
      '--lng',
      '116.4',
      '--tz',
      'Asia/Shanghai',
      '--json',
    ]);
    expect(JSON.parse(json.stdout).sizhu.year).toBe('乙酉');
  });
  it('exits 2 with the message on bad input', () => {
    expect(chartCommand(['--born', 'x', '--sex', '男'])).toEqual({
      stdout: '',
      stderr: '生日参数错误！\n',
      exitCode: 2,
    });
    expect(chartCommand(['--born', '公 1990-05-10', '--sex', '人'])).toMatchObject({
      stderr: '性别参数错误！\n',
      exitCode: 2,
    });
    expect(chartCommand(['--sex', '男']).exitCode).toBe(2);
    expect(chartCommand(['--born']).exitCode).toBe(2);
    expect(chartCommand(['--born', '公 1990-05-10', '--sex', '男', '--lng', 'east']).exitCode).toBe(2);
    expect(chartCommand(['--born', '公 1990-05-10', '--sex', '男', '--what', '1']).exitCode).toBe(2);
    expect(chartCommand(['--born', '公 1990-05-10', '--sex', '男', 'extra']).exitCode).toBe(2);
  });
  it('prints 喜用神 with its reasons, and a chart without its hour with 不详 and notes', () => {
    const full = chartCommand(['--born', '公 1990-05-10 08:00', '--sex', '男']).stdout;
    expect(full).toContain('喜用神：身弱（生扶 20%），喜 水、木，忌 金、火、土\n');
    expect(full).toContain('  生扶之力仅 20%（不足 40%），身弱。\n');
    const three = chartCommand(['--born', '公 1990-05-10', '--sex', '男', '--hour-unknown']);
    expect(three.exitCode).toBe(0);
    expect(three.stdout).toContain('公历 1990-05-10 时辰不详');
    expect(three.stdout).toMatch(/\n天干 +庚 +辛 +乙 +—\n/);
    expect(three.stdout).toContain('命宫 不详  身宫 不详');
    expect(three.stdout).toContain('说明：大运起运按出生当日正午（12:00）推算');
    const json = JSON.parse(
      chartCommand(['--born', '公 1990-05-10', '--sex', '男', '--hour-unknown', '--json']).stdout,
    );
    expect(json.sizhu).toEqual({ year: '庚午', month: '辛巳', day: '乙亥', hour: null });
    expect(json.hourUnknown).toBe(true);
  });
});

describe('pillarsCommand', () => {
  it('lists the moments of four pillars, as text or JSON', () => {
    const text = pillarsCommand(['庚午', '辛巳', '乙亥', '庚辰']);
    expect(text).toEqual({
      stdout:
        '四柱 庚午 辛巳 乙亥 庚辰：1801–2099 年间共 2 个时辰\n' +
        '  1930年5月25日 07:00–08:59  农历 一九三〇年四月廿七 辰时\n' +
        '  1990年5月10日 07:00–08:59  农历 一九九〇年四月十六 辰时\n' +
        '      当时实行夏令时，钟表时间比北京标准时间快 1 小时（为 08:00）\n',
      stderr: '',
      exitCode: 0,
    });
    const json = JSON.parse(
      pillarsCommand(['庚午 辛巳 乙亥 庚辰', '--from', '1990', '--to=1990', '--json']).stdout,
    );
    expect(json.map((d: { born: string }) => d.born)).toEqual(['公 1990-05-10 07:00']);
    const old = pillarsCommand(['壬申', '丁未', '庚午', '丙子', '--to', '1899']).stdout;
    expect(old).toContain(
      '  1812年8月6日 00:00–00:59  农历 一八一二年六月廿九 子时（早于 1900 年 1 月 31 日，不能排盘）\n',
    );
  });

  it('exits 2 with the message on bad input', () => {
    expect(pillarsCommand(['甲子', '甲寅', '乙亥', '丙子'])).toEqual({
      stdout: '',
      stderr: '月柱甲寅与年柱甲子不相配：甲年的寅月是丙寅（五虎遁）\n',
      exitCode: 2,
    });
    expect(pillarsCommand(['甲子', '丙寅', '乙亥']).exitCode).toBe(2);
    expect(pillarsCommand(['甲子', '丙寅', '乙亥', '丙子', '--from', '18']).exitCode).toBe(2);
    expect(pillarsCommand(['甲子', '丙寅', '乙亥', '丙子', '--zi']).exitCode).toBe(2);
    expect(pillarsCommand(['甲子', '丙寅', '乙亥', '丙子', '--what', '1']).exitCode).toBe(2);
    expect(pillarsCommand(['甲子', '丙寅', '乙亥', '丙子', '--zi', 'noon']).stderr).toMatch(/^子时口径/);
  });
});
