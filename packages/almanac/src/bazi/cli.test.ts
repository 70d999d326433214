import { describe, expect, it } from 'vitest';
import { chartCommand } from './cli.ts';

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
});
