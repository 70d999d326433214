import { execFile } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayTable } from '../holidayTable.ts';
import { parseHolidayJson, takeHolidaySource } from './holidaySource.ts';
import { loadHolidayTable } from './loadHolidays.ts';
import { runCli } from './run.ts';

const NOW = 1_795_334_400; // 2026-11-22 08:00 Beijing

/**
 * TEST DATA, made up for these tests (not a State Council notice): 2027-10-01..07 off, 2027-10-09 a
 * make-up workday.
 */
function madeUpTable(version: number) {
  const days = ['01', '02', '03', '04', '05', '06', '07'].map((d) => ({
    date: `2027-10-${d}`,
    name: '国庆节',
    offDay: true,
  }));
  days.push({ date: '2027-10-09', name: '国庆节', offDay: false });
  return {
    version,
    years: [{ year: 2027, notices: ['测试用通知（虚构）'], updatedAt: '2026-12-01T00:00:00.000Z', days }],
  };
}

const out = (result: ReturnType<typeof runCli>) => [...result.stdout].join('');

describe('xuanli CLI holiday table', () => {
  let dir: string;
  let server: Server;
  let base: string;
  let version = 3;
  let up = true;
  const requests: string[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'xuanli-cli-holidays-'));
    // A stand-in for the API's public route: `since` equal to the version answers no years.
    server = createServer((request, response) => {
      requests.push(request.url ?? '');
      if (!up) {
        response.writeHead(503).end();
        return;
      }
      const since = new URL(request.url ?? '/', 'http://x').searchParams.get('since');
      const table = since === String(version) ? { version, years: [] } : madeUpTable(version);
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 0, msg: 'ok', resData: table }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it('takes --holidays out of argv; the option wins over the environment', () => {
    expect(takeHolidaySource(['day', '2027-10-01', '--holidays', 'a.json', '--json'], {})).toEqual({
      argv: ['day', '2027-10-01', '--json'],
      source: { kind: 'given', location: 'a.json', from: '--holidays' },
    });
    expect(
      takeHolidaySource(['month', '--holidays=b.json', '2027-10'], { XUANLI_API: 'http://h' }).source,
    ).toEqual({
      kind: 'given',
      location: 'b.json',
      from: '--holidays',
    });
    expect(
      takeHolidaySource(['day'], { XUANLI_HOLIDAYS: 'c.json', XUANLI_API: 'http://h' }).source,
    ).toMatchObject({
      location: 'c.json',
    });
    expect(takeHolidaySource(['day'], { XUANLI_API: 'https://h.example/' }).source).toEqual({
      kind: 'api',
      base: 'https://h.example',
    });
    expect(takeHolidaySource(['day'], {}).source).toBeNull();
    expect(() => takeHolidaySource(['day', '--holidays'], {})).toThrow('--holidays needs a file or URL');
  });

  it('reads the answer of GET /api/calendar/holidays, with or without its envelope', () => {
    const table = madeUpTable(7);
    expect(parseHolidayJson(JSON.stringify({ code: 0, msg: 'ok', resData: table }))).toEqual({
      version: 7,
      years: table.years,
    });
    expect(parseHolidayJson(JSON.stringify({ years: [] }))).toEqual({ version: null, years: [] });
    expect(() => parseHolidayJson('{')).toThrow('not JSON');
    expect(() => parseHolidayJson('{"years": 3}')).toThrow('expected {version, years');
    expect(() => parseHolidayJson('{"years": [{}]}')).toThrow('every year needs a list of days');
  });

  it('prints 休/班 and pay of entered days in day, month and ics', () => {
    const holidays = holidayTable(madeUpTable(1).years);
    const day = JSON.parse(out(runCli(['day', '2027-10-01', '--json'], NOW, { holidays })));
    expect(day).toMatchObject({ holiday: { name: '国庆节', offDay: true }, salaryMultiplier: 3 });
    expect(out(runCli(['day', '2027-10-09'], NOW, { holidays }))).toContain('班 国庆节');
    expect(out(runCli(['month', '2027-10'], NOW, { holidays }))).toContain('休');
    expect(out(runCli(['ics', '--from', '2027'], NOW, { holidays }))).toContain('SUMMARY:休 国庆节');
    // Without a table 2027 has no holiday data.
    expect(JSON.parse(out(runCli(['day', '2027-10-01', '--json'], NOW))).salaryMultiplier).toBeNull();
    expect(out(runCli(['help'], NOW))).toContain('--holidays FILE|URL');
    expect(out(runCli(['help'], NOW))).toContain('XUANLI_API');
  });

  it('loads a named file or URL, and refuses one it cannot read', async () => {
    const file = join(dir, 'table.json');
    writeFileSync(file, JSON.stringify(madeUpTable(1)));
    const deps = { cacheDir: join(dir, 'unused'), warn: () => {} };
    const fromFile = await loadHolidayTable({ kind: 'given', location: file, from: '--holidays' }, deps);
    expect(fromFile?.years.has(2027)).toBe(true);
    const fromUrl = await loadHolidayTable(
      { kind: 'given', location: `${base}/api/calendar/holidays`, from: '--holidays' },
      deps,
    );
    expect(fromUrl?.days.size).toBe(8);
    await expect(
      loadHolidayTable({ kind: 'given', location: join(dir, 'missing.json'), from: '--holidays' }, deps),
    ).rejects.toThrow(/^--holidays .*missing\.json: ENOENT/);
    writeFileSync(
      file,
      JSON.stringify({ years: [{ days: [{ date: '2027-02-30', name: 'x', offDay: true }] }] }),
    );
    await expect(
      loadHolidayTable({ kind: 'given', location: file, from: '--holidays' }, deps),
    ).rejects.toThrow('wrong solar day');
  });

  it('keeps a server table, asks with since=<version>, and uses the kept one when the server is down', async () => {
    const cacheDir = join(dir, 'cache');
    const warnings: string[] = [];
    const deps = { cacheDir, warn: (message: string) => warnings.push(message) };
    const source = { kind: 'api', base } as const;
    requests.length = 0;
    expect((await loadHolidayTable(source, deps))?.days.size).toBe(8);
    expect(requests).toEqual(['/api/calendar/holidays']);
    expect(readdirSync(cacheDir)).toHaveLength(1);
    // Unchanged: the server answers no years and the kept table applies.
    expect((await loadHolidayTable(source, deps))?.days.size).toBe(8);
    expect(requests[1]).toBe('/api/calendar/holidays?since=3');
    // Down: the kept table, with a warning.
    up = false;
    expect((await loadHolidayTable(source, deps))?.years.has(2027)).toBe(true);
    expect(warnings.at(-1)).toMatch(/not available \(HTTP 503\); using the table kept from its last answer/);
    // Down and nothing kept: the built-in plans alone.
    expect(await loadHolidayTable(source, { ...deps, cacheDir: join(dir, 'empty') })).toBeNull();
    expect(warnings.at(-1)).toMatch(/using the built-in holidays only/);
    up = true;
    version = 4;
    expect((await loadHolidayTable(source, deps))?.days.size).toBe(8);
    expect(requests.at(-1)).toBe('/api/calendar/holidays?since=3');
    expect(warnings).toHaveLength(2);
  });

  it('the xuanli command takes --holidays and XUANLI_API', async () => {
    const bin = new URL('../../bin/xuanli.mjs', import.meta.url).pathname;
    const file = join(dir, 'bin-table.json');
    writeFileSync(file, JSON.stringify({ code: 0, msg: 'ok', resData: madeUpTable(1) }));
    const env = { ...process.env, XDG_CACHE_HOME: join(dir, 'xdg'), XUANLI_API: '', XUANLI_HOLIDAYS: '' };
    // Asynchronously: the stand-in server answers from this process.
    const run = (args: string[], extra: Record<string, string> = {}) =>
      new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
        execFile(process.execPath, [bin, ...args], { env: { ...env, ...extra } }, (error, stdout, stderr) =>
          resolve({ status: error ? Number(error.code) : 0, stdout, stderr }),
        );
      });
    const given = await run(['day', '2027-10-01', '--json', '--holidays', file]);
    expect(given.status).toBe(0);
    expect(JSON.parse(given.stdout).holiday).toEqual({ name: '国庆节', offDay: true });
    const api = await run(['day', '2027-10-09', '--json'], { XUANLI_API: base });
    expect(api.stderr).toBe('');
    expect(JSON.parse(api.stdout).holiday).toEqual({ name: '国庆节', offDay: false });
    const bad = await run(['day', '2027-10-01', '--holidays', join(dir, 'missing.json')]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/^xuanli: --holidays .*missing\.json: ENOENT/);
    expect(bad.stdout).toBe('');
  });
});
