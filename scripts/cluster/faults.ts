/**
 * The failures the check puts the deployment through while the load runs: `kill -9` of an API node
 * and its restart, an online restart of PgBouncer, the replica stopped and started again. The
 * schedule is a pure function of the run's length (tested); the runner performs it and writes down
 * when each thing happened and the windows in which answers of 5xx are put down to it.
 */
import type { RunningDeployment } from './deployment.ts';
import type { Window } from './load/recorder.ts';
import { currentWalLsn, replicationState } from './postgres.ts';
import { sleep } from './procs.ts';

/** When each failure starts, in milliseconds after the load started; null = not in this mode. */
export interface FaultPlan {
  killAt: number;
  pgbouncerAt: number | null;
  replicaStopAt: number | null;
  replicaStartAt: number | null;
}

/**
 * The schedule for a run of `seconds`: the node is killed at 15 %, PgBouncer restarted at 40 %, the
 * replica stopped at 55 % for `replicaOutageSeconds`, shortened to 35 % of the run so that it comes back
 * (and is seen catching up) before the load ends. `single` has no PgBouncer and no replica.
 */
export function faultPlan(seconds: number, replicaOutageSeconds: number, single: boolean): FaultPlan {
  const ms = seconds * 1000;
  const killAt = Math.round(ms * 0.15);
  if (single) return { killAt, pgbouncerAt: null, replicaStopAt: null, replicaStartAt: null };
  const replicaStopAt = Math.round(ms * 0.55);
  const outage = Math.min(replicaOutageSeconds * 1000, Math.round(ms * 0.35));
  return { killAt, pgbouncerAt: Math.round(ms * 0.4), replicaStopAt, replicaStartAt: replicaStopAt + outage };
}

/** Something that happened to the deployment, at `at` ms after the load started. */
export interface FaultEvent {
  at: number;
  what: string;
}

/** What the failures did: the timeline, the windows where 5xx are expected, and what went wrong. */
export interface FaultOutcome {
  events: FaultEvent[];
  windows: Window[];
  /**
   * Windows where a node's error log lines are expected: from the kill until the node is healthy again
   * (plus the grace), and while the replica is down until it has caught up.
   */
  logWindows: Window[];
  /** Failures of the failures: a node that did not come back, a replica that did not catch up … */
  problems: string[];
  /** How long the killed node took from its restart to a healthy /api/health. */
  restartMs: number | null;
}

/** Runs `plan` against `running`; `elapsed` is the load's clock. */
export async function runFaults(
  running: RunningDeployment,
  plan: FaultPlan,
  elapsed: () => number,
  killGraceMs: number,
): Promise<FaultOutcome> {
  const outcome: FaultOutcome = { events: [], windows: [], logWindows: [], problems: [], restartMs: null };
  const note = (what: string) => outcome.events.push({ at: Math.round(elapsed()), what });
  const until = async (at: number) => {
    const wait = at - elapsed();
    if (wait > 0) await sleep(wait);
  };
  const victim = running.nodes.length > 1 ? 1 : 0;
  await until(plan.killAt);
  const killedAt = elapsed();
  running.killNode(victim);
  note(`kill -9 node ${victim + 1}`);
  const restart = running.restartNode(victim).then(
    (ms) => {
      outcome.restartMs = ms;
      const back = running.mode === 'cluster' ? ', back in nginx' : '';
      note(`node ${victim + 1} healthy again (restart took ${(ms / 1000).toFixed(1)} s)${back}`);
      // One node alone has nobody to take over: its whole restart is an outage.
      const to = running.mode === 'single' ? elapsed() + killGraceMs : killedAt + killGraceMs;
      outcome.windows.push({ label: `node ${victim + 1} killed`, from: killedAt, to });
      outcome.logWindows.push({ label: 'node restart', from: killedAt, to: elapsed() + killGraceMs });
    },
    (error: Error) => {
      outcome.problems.push(`node ${victim + 1} did not come back: ${error.message}`);
      outcome.windows.push({
        label: `node ${victim + 1} killed`,
        from: killedAt,
        to: killedAt + killGraceMs,
      });
    },
  );
  if (plan.pgbouncerAt !== null) {
    await until(plan.pgbouncerAt);
    try {
      const { before, after } = await running.restartPgbouncer();
      note(`PgBouncer online restart (pid ${before} → ${after})`);
      if (!after || after === before)
        outcome.problems.push(`PgBouncer was not replaced (pid ${before} → ${after})`);
    } catch (error) {
      outcome.problems.push(`PgBouncer restart failed: ${(error as Error).message}`);
    }
  }
  if (plan.replicaStopAt !== null && plan.replicaStartAt !== null) {
    await until(plan.replicaStopAt);
    const stoppedAt = elapsed();
    await replicaOutage(running, plan.replicaStartAt, until, note, outcome.problems);
    outcome.logWindows.push({ label: 'replica outage', from: stoppedAt, to: elapsed() + 5000 });
  }
  await restart;
  return outcome;
}

/** Stops the replica, starts it at `startAt`, and waits until it streams and has replayed what it missed. */
async function replicaOutage(
  running: RunningDeployment,
  startAt: number,
  until: (at: number) => Promise<void>,
  note: (what: string) => void,
  problems: string[],
): Promise<void> {
  let lsn = '';
  try {
    running.stopReplica();
    note('replica stopped');
    await until(startAt);
    running.startReplica();
    note('replica started');
    lsn = currentWalLsn(running.d);
  } catch (error) {
    problems.push(`replica stop/start failed: ${(error as Error).message}`);
    return;
  }
  const deadline = Date.now() + 30_000;
  for (;;) {
    const state = replicationState(running.d, lsn);
    if (state?.state === 'streaming' && state.replayed) {
      note('replica streaming again and caught up');
      return;
    }
    if (Date.now() > deadline) {
      problems.push(`replica not caught up 30 s after its start (${JSON.stringify(state)})`);
      return;
    }
    await sleep(200);
  }
}
