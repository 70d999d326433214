/**
 * CPU time of the deployment's processes, from Linux's /proc, so that the check can say what one
 * request of its mix costs each tier (API node, PostgreSQL) — a figure that varies far less with the
 * machine's other load than req/s does, and the basis of docs/DEPLOY.md's capacity arithmetic.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on Linux). */
const TICKS = 100;

/** The fields after the command name of /proc/<pid>/stat, or null when the process is gone. */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(') ') + 2).split(' ');
  } catch {
    return null;
  }
}

/**
 * CPU seconds process `pid` used (user + system), with `children` the time of its children that have
 * exited and been waited for (a postmaster's ended backends). Null when it is gone.
 */
export function cpuSeconds(pid: number, children = false): number | null {
  const f = statFields(pid);
  if (!f) return null;
  // utime, stime, cutime, cstime are fields 14–17 of stat: 11–14 after the command name.
  const own = Number(f[11]) + Number(f[12]);
  return (children ? own + Number(f[13]) + Number(f[14]) : own) / TICKS;
}

/** The postmaster's pid of a PostgreSQL data folder (first line of postmaster.pid), or null. */
export function postmasterPid(dataDir: string): number | null {
  const file = join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return null;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) ? pid : null;
}

/**
 * CPU seconds of a PostgreSQL server: the postmaster with its ended backends, plus every backend
 * still running (children whose stat names the postmaster as parent).
 */
export function postgresCpuSeconds(postmaster: number): number | null {
  const base = cpuSeconds(postmaster, true);
  if (base === null) return null;
  let live = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const f = statFields(Number(entry));
    // ppid is field 4: index 1 after the command name.
    if (f && Number(f[1]) === postmaster) live += (Number(f[11]) + Number(f[12])) / TICKS;
  }
  return base + live;
}

/** Requests nginx sent to each upstream address, from its access log (`up=` field, last hop of a retry). */
export function requestsPerUpstream(accessLog: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const match of accessLog.matchAll(/ up=([^ ]+(?:, [^ ]+)*) us=/g)) {
    const last = match[1].split(', ').at(-1) ?? '-';
    counts.set(last, (counts.get(last) ?? 0) + 1);
  }
  return counts;
}
