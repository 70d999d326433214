import { homedir } from 'node:os';
import { join } from 'node:path';
import type { HolidayTable } from '../holidayTable.ts';
import { HOLIDAY_COMMANDS, takeHolidaySource } from './holidaySource.ts';
import { loadHolidayTable } from './loadHolidays.ts';
import { runCli } from './run.ts';

// The process half of the CLI: argv and the environment in (a holiday table from --holidays,
// XUANLI_HOLIDAYS or XUANLI_API is read first, for the commands that show 休/班), chunks out
// (respecting back-pressure so `days` can stream 70,000 lines into a pipe), exit code last.
async function main(): Promise<number> {
  let argv = process.argv.slice(2);
  let holidays: HolidayTable | null = null;
  try {
    const taken = takeHolidaySource(argv, process.env);
    argv = taken.argv;
    if (taken.source && HOLIDAY_COMMANDS.has(argv[0] ?? '')) {
      holidays = await loadHolidayTable(taken.source, {
        cacheDir: join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'xuanli'),
        warn: (message) => process.stderr.write(`xuanli: ${message}\n`),
      });
    }
  } catch (error) {
    // A bad --holidays option, or a table the user named that cannot be read: say so, as bad usage.
    if (!(error instanceof Error)) throw error;
    process.stderr.write(`xuanli: ${error.message}\n`);
    return 2;
  }
  const result = runCli(argv, Date.now() / 1000, { holidays });
  if (result.stderr) process.stderr.write(result.stderr);
  for (const chunk of result.stdout) {
    if (!process.stdout.write(chunk)) await new Promise((resolve) => process.stdout.once('drain', resolve));
  }
  return result.exitCode;
}

process.exitCode = await main();
