import { describe, expect, it } from 'vitest';
import { holidayTable } from '../holidayTable.ts';
import { bridgeLeave } from '../leavePlanner.ts';
import { chooseDays } from '../zeri.ts';
import { runCli } from './run.ts';

const NOW = 1_795_334_400; // 2026-11-22 08:00 Beijing

function run(argv: string[], holidays?: ReturnType<typeof holidayTable>) {
  const result = runCli(argv, NOW, { holidays });
  return { ...result, out: [...result.stdout].join('') };
}

describe('xuanli zeri', () => {
  it('prints the best days and the removed ones, and the engine’s JSON with --json', () => {
    const people = '新郎=公 1996-03-12 10:00;新娘=农 1998-07-15';
    const text = run(['zeri', '嫁娶', '2026-01-01', '2026-03-31', '--people', people, '--top', '3']);
    expect(text.exitCode).toBe(0);
    const expected = chooseDays({
      activity: '嫁娶',
      from: '2026-01-01',
      to: '2026-03-31',
      people: [
        { label: '新郎', born: '公 1996-03-12 10:00' },
        { label: '新娘', born: '农 1998-07-15' },
      ],
    });
    expect(text.out).toContain(`嫁娶 2026-01-01 … 2026-03-31: ${expected.days.length} 天可选`);
    expect(text.out).toContain(`${expected.days[0].date} 周`);
    expect(text.out).toContain('除去 2026-01-10：三娘煞日，日冲虎，与新娘（属虎）相冲');
    const json = JSON.parse(
      run(['zeri', '嫁娶', '2026-01-01', '2026-03-31', `--people=${people}`, '--json']).out,
    );
    expect(json).toEqual(expected);
  });

  it('refuses bad usage and bad values with exit code 2', () => {
    expect(run(['zeri', '嫁娶', '2026-01-01']).exitCode).toBe(2);
    const bad = run(['zeri', '打麻将', '2026-01-01', '2026-01-31']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toBe('xuanli: 不能为「打麻将」择日\n');
    expect(run(['zeri', '嫁娶', '2026-01-01', '2026-01-31', '--people', '新郎']).stderr).toContain(
      '标签=生日',
    );
  });
});

describe('xuanli leave', () => {
  it('prints the plans best first, with the operators’ entered days', () => {
    const text = run(['leave', '2025', '1', '--top', '2']);
    expect(text.out).toBe(
      '2025-01-27 … 2025-02-04 连休9天 请假1天（2025-01-27） 春节 ×9\n2025-09-30 … 2025-10-08 连休9天 请假1天（2025-09-30） 国庆节、中秋节 ×9\n',
    );
    expect(JSON.parse(run(['leave', '2025', '3', '--json']).out)).toEqual(
      bridgeLeave({ year: 2025, leave: 3 }),
    );
    // TEST DATA, made up: one entered day of 2027.
    const table = holidayTable([{ days: [{ date: '2027-10-01', name: '国庆节', offDay: true }] }]);
    expect(run(['leave', '2027', '2']).exitCode).toBe(2);
    expect(run(['leave', '2027', '2'], table).exitCode).toBe(0);
    expect(run(['leave', '2025', '9']).exitCode).toBe(2);
  });
});
