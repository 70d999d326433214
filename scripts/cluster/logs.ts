/**
 * The API nodes' own account of the run: the error lines (pino level ≥ 50) of their logs, grouped by
 * message, with how many fell outside the windows where the check expects trouble. A node that falls
 * back, retries or fails quietly says so here even when every client got its answer.
 */
import { existsSync, readFileSync } from 'node:fs';

/** One error line of a node's log. */
export interface LogError {
  node: number;
  /** Wall-clock milliseconds (pino's `time`). */
  time: number;
  message: string;
}

/** The error lines of one node's log text (JSON lines; other lines are ignored). */
export function errorLines(text: string, node: number): LogError[] {
  const errors: LogError[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    let entry: { level?: number; time?: number; msg?: string; err?: { message?: string; code?: string } };
    try {
      entry = JSON.parse(line);
    } catch {
      continue;
    }
    if ((entry.level ?? 0) < 50) continue;
    const cause = entry.err?.message ? `: ${entry.err.message.split('\n')[0].slice(0, 140)}` : '';
    errors.push({ node, time: entry.time ?? 0, message: `${entry.msg ?? '(no message)'}${cause}` });
  }
  return errors;
}

/** The error lines of the node logs `files` (index = node number − 1). */
export function readNodeErrors(files: string[]): LogError[] {
  return files.flatMap((file, i) => (existsSync(file) ? errorLines(readFileSync(file, 'utf8'), i + 1) : []));
}

/** A message with its count, nodes and how many fell outside the allowed windows. */
export interface LogErrorGroup {
  message: string;
  count: number;
  nodes: number[];
  outside: number;
}

/**
 * Groups `errors` between `from` and `to` (wall-clock ms) by message; `allowed` says whether a wall
 * time falls in a window where errors are expected.
 */
export function groupLogErrors(
  errors: LogError[],
  from: number,
  to: number,
  allowed: (time: number) => boolean,
): LogErrorGroup[] {
  const groups = new Map<string, LogErrorGroup>();
  for (const error of errors) {
    if (error.time < from || error.time > to) continue;
    const group = groups.get(error.message) ?? { message: error.message, count: 0, nodes: [], outside: 0 };
    group.count += 1;
    if (!group.nodes.includes(error.node)) group.nodes.push(error.node);
    if (!allowed(error.time)) group.outside += 1;
    groups.set(error.message, group);
  }
  return [...groups.values()].sort((a, b) => b.count - a.count);
}
