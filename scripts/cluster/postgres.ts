/**
 * The PostgreSQL primary and its streaming replica, run by PostgreSQL's own tools as the postgres
 * user: initdb, the settings of postgres-conf.ts, pg_basebackup -R for the replica (which writes
 * `primary_conninfo` and `primary_slot_name` and the standby signal), pg_ctl to start and stop.
 */
import { appendFileSync, chownSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Deployment } from './layout.ts';
import { bootstrapSql, CLUSTER_CONF, hbaConf, postgresSettings } from './postgres-conf.ts';
import { asPostgres, shellQuote } from './procs.ts';

/** The newest installed PostgreSQL's bin folder (Debian keeps them under /usr/lib/postgresql/<major>). */
export function postgresBin(): string {
  const majors = readdirSync('/usr/lib/postgresql')
    .filter((name) => /^\d+$/.test(name))
    .sort((a, b) => Number(a) - Number(b));
  if (majors.length === 0)
    throw new Error('PostgreSQL is not installed (scripts/cluster/ensure-packages.sh)');
  return `/usr/lib/postgresql/${majors.at(-1)}/bin`;
}

/** The postgres user's numeric ids, for the folders it must own. */
function postgresIds(): { uid: number; gid: number } {
  const [uid, gid] = asPostgres('id -u; id -g').trim().split('\n').map(Number);
  return { uid, gid };
}

/** Makes `dir` (and parents) and gives it to the postgres user. */
function postgresFolder(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const { uid, gid } = postgresIds();
  chownSync(dir, uid, gid);
}

/** Writes a file the postgres user owns, readable by it only. */
function writePostgresFile(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  const { uid, gid } = postgresIds();
  chownSync(file, uid, gid);
}

/** The password file the replication connection reads (pg_basebackup -R names it in primary_conninfo). */
function passfile(d: Deployment): string {
  return join(d.layout.root, 'pg', 'pgpass');
}

/** The server log of the primary or the replica (in the postgres user's folder; it writes it). */
export function postgresLog(d: Deployment, role: 'primary' | 'replica'): string {
  return join(d.layout.root, 'pg', `${role}.log`);
}

/** psql as postgres over the unix socket of the server on `port`, one statement per -c. */
export function psql(d: Deployment, port: number, statements: string[], database = 'postgres'): string {
  const commands = statements.map((statement) => `-c ${shellQuote(statement)}`).join(' ');
  return asPostgres(
    `${postgresBin()}/psql -X -q -At -v ON_ERROR_STOP=1 -h ${shellQuote(d.layout.pgSocketDir)} -p ${port} -U postgres -d ${database} ${commands}`,
  );
}

/** Starts the server of `dataDir` and waits until it accepts connections. */
export function startPostgres(dataDir: string, log: string): void {
  asPostgres(`${postgresBin()}/pg_ctl -D ${shellQuote(dataDir)} -l ${shellQuote(log)} -w -t 60 start`);
}

/** Stops the server of `dataDir` (fast: open transactions are rolled back) when it runs. */
export function stopPostgres(dataDir: string): void {
  try {
    asPostgres(`${postgresBin()}/pg_ctl -D ${shellQuote(dataDir)} status`);
  } catch {
    return;
  }
  asPostgres(`${postgresBin()}/pg_ctl -D ${shellQuote(dataDir)} -m fast -w -t 60 stop`);
}

/** initdb, settings, start and the roles, database and replication slot of the primary. */
export function initPrimary(d: Deployment): void {
  const { primaryData, pgSocketDir } = d.layout;
  postgresFolder(join(d.layout.root, 'pg'));
  postgresFolder(pgSocketDir);
  asPostgres(
    `${postgresBin()}/initdb -D ${shellQuote(primaryData)} -U postgres -E UTF8 --no-locale --auth-local=peer --auth-host=scram-sha-256 >/dev/null`,
  );
  writePostgresFile(join(primaryData, CLUSTER_CONF), postgresSettings(d, 'primary'));
  writePostgresFile(join(primaryData, 'pg_hba.conf'), hbaConf(d));
  appendFileSync(join(primaryData, 'postgresql.conf'), `\ninclude '${CLUSTER_CONF}'\n`);
  startPostgres(primaryData, postgresLog(d, 'primary'));
  psql(d, d.ports.primary, bootstrapSql(d));
}

/**
 * The hot standby: a base backup of the running primary through the replication role and its slot
 * (`-R` writes the standby's connection settings), its own port, then started and streaming.
 */
export function initReplica(d: Deployment): void {
  const c = d.credentials;
  writePostgresFile(
    passfile(d),
    `${d.host}:${d.ports.primary}:replication:${c.replicationUser}:${c.replicationPassword}\n`,
  );
  asPostgres(
    [
      `PGPASSFILE=${shellQuote(passfile(d))}`,
      `${postgresBin()}/pg_basebackup -h ${d.host} -p ${d.ports.primary} -U ${c.replicationUser}`,
      `-D ${shellQuote(d.layout.replicaData)} -R -X stream -S ${c.replicationSlot} -c fast`,
    ].join(' '),
  );
  // The backup copied the primary's settings; the replica listens on its own port.
  writePostgresFile(join(d.layout.replicaData, CLUSTER_CONF), postgresSettings(d, 'replica'));
  startPostgres(d.layout.replicaData, postgresLog(d, 'replica'));
}

/** The primary's current WAL position. */
export function currentWalLsn(d: Deployment): string {
  return psql(d, d.ports.primary, ['select pg_current_wal_lsn()']).trim();
}

/**
 * What the primary says about the replica's stream: its state, and whether it has replayed the WAL
 * up to `lsn` (what it missed while stopped); null when no replica is connected.
 */
export function replicationState(d: Deployment, lsn: string): { state: string; replayed: boolean } | null {
  const row = psql(d, d.ports.primary, [
    `select state, coalesce(pg_wal_lsn_diff(replay_lsn, '${lsn}') >= 0, false) from pg_stat_replication where usename = '${d.credentials.replicationUser}'`,
  ]).trim();
  if (!row) return null;
  const [state, replayed] = row.split('|');
  return { state, replayed: replayed === 't' };
}
