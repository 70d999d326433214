/**
 * The check's verdicts and the summary it prints: tables of routes and errors, the timeline of the
 * failures, then each assertion with PASS / FAIL, and one closing line `cluster: N passed, N failed`
 * that scripts/test.mjs reads. Pure: tested on made-up results.
 */
import type { FaultEvent } from './faults.ts';
import type { ErrorRow, RouteRow } from './load/recorder.ts';
import type { LogErrorGroup } from './logs.ts';

/**
 * Assertions that need API work not merged yet, with what they wait for. Their failure is reported as
 * PENDING and does not fail the check; when one passes, the check says so, and the entry goes.
 */
export const PENDING: Record<string, string> = {};

/** One assertion of the check. */
export interface Assertion {
  id: string;
  name: string;
  /** null: does not apply to this mode. */
  ok: boolean | null;
  detail: string;
}

/** The count of each outcome. */
export interface Verdict {
  passed: number;
  failed: number;
  pending: number;
  /** Pending assertions that passed (their entry in {@link PENDING} can go). */
  pendingPassed: string[];
  notApplicable: number;
}

/** Counts `assertions`, a pending one's failure apart. */
export function verdictOf(assertions: Assertion[], pending: Record<string, string> = PENDING): Verdict {
  const verdict: Verdict = { passed: 0, failed: 0, pending: 0, pendingPassed: [], notApplicable: 0 };
  for (const a of assertions) {
    if (a.ok === null) verdict.notApplicable += 1;
    else if (a.ok) {
      verdict.passed += 1;
      if (a.id in pending) verdict.pendingPassed.push(a.id);
    } else if (a.id in pending) verdict.pending += 1;
    else verdict.failed += 1;
  }
  return verdict;
}

/** A text table with aligned columns (numbers right-aligned); CJK characters count double width. */
export function table(header: string[], rows: (string | number)[][]): string {
  const width = (text: string) => [...text].reduce((w, ch) => w + (/[\u2e80-\uffff]/.test(ch) ? 2 : 1), 0);
  const cells = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, i) => Math.max(...cells.map((row) => width(row[i] ?? ''))));
  const numeric = header.map((_, i) => rows.every((row) => typeof row[i] === 'number'));
  const line = (row: string[]) =>
    row
      .map((cell, i) => {
        const pad = ' '.repeat(widths[i] - width(cell));
        return numeric[i] ? pad + cell : cell + pad;
      })
      .join('  ')
      .trimEnd();
  return [line(cells[0]), line(widths.map((w) => '-'.repeat(w))), ...cells.slice(1).map(line)].join('\n');
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const round = (value: number, digits = 0) => (Number.isFinite(value) ? Number(value.toFixed(digits)) : value);

/** The per-route table. */
export function routeSection(rows: RouteRow[], totalSeconds: number): string {
  const total = rows.reduce((sum, row) => sum + row.requests, 0);
  const body = rows.map((row) => [
    row.route,
    row.requests,
    round(row.rps, 1),
    round(row.p50, 1),
    round(row.p99, 1),
    row.errors,
  ]);
  body.push(['all', total, round(total / totalSeconds, 1), '', '', rows.reduce((s, r) => s + r.errors, 0)]);
  return table(['route', 'requests', 'req/s', 'p50 ms', 'p99 ms', 'errors'], body);
}

/** The errors table: kind, route, count, when, inside which window. */
export function errorSection(rows: ErrorRow[]): string {
  if (rows.length === 0) return '(no errors)';
  return table(
    ['route', 'kind', 'count', 'first', 'last', 'inside a window', 'outside'],
    rows.map((row) => [
      row.route,
      row.kind,
      row.count,
      seconds(row.first),
      seconds(row.last),
      Object.entries(row.inside)
        .map(([label, n]) => `${n} (${label})`)
        .join(', ') || '-',
      row.outside,
    ]),
  );
}

/** The failures' timeline. */
export function timelineSection(events: FaultEvent[]): string {
  return events.map((event) => `  ${seconds(event.at).padStart(8)}  ${event.what}`).join('\n');
}

/** The nodes' error log lines, grouped. */
export function logSection(groups: LogErrorGroup[]): string {
  if (groups.length === 0) return '(none)';
  return table(
    ['count', 'outside', 'nodes', 'message'],
    groups.map((g) => [g.count, g.outside, g.nodes.join(','), g.message.slice(0, 150)]),
  );
}

/** The assertions, one a line, and the closing lines; answers whether the check passed. */
export function assertionSection(assertions: Assertion[], pending: Record<string, string> = PENDING): string {
  const lines = assertions.map((a) => {
    const mark = a.ok === null ? 'n/a ' : a.ok ? 'PASS' : a.id in pending ? 'PENDING' : 'FAIL';
    const waiting = !a.ok && a.ok !== null && a.id in pending ? `\n           pending: ${pending[a.id]}` : '';
    return `  ${mark.padEnd(7)}  ${a.name} — ${a.detail}${waiting}`;
  });
  const verdict = verdictOf(assertions, pending);
  for (const id of verdict.pendingPassed) {
    lines.push(
      `  note: "${id}" passed although listed as pending; remove it from PENDING in scripts/cluster/report.ts`,
    );
  }
  const extra = [
    verdict.pending ? `${verdict.pending} pending` : '',
    verdict.notApplicable ? `${verdict.notApplicable} n/a` : '',
  ]
    .filter(Boolean)
    .join(', ');
  lines.push('', `cluster: ${verdict.passed} passed, ${verdict.failed} failed${extra ? `, ${extra}` : ''}`);
  return lines.join('\n');
}
