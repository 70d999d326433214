/**
 * The deployment as data: where every process listens, keeps its files and logs, and the secrets
 * they share. Built once per run (secrets drawn fresh) and handed to the configuration generators,
 * which are pure functions of it.
 */
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { type ClusterOptions, type PortPlan, portPlan } from './options.ts';

/** Folders and files under the run folder. */
export interface RunLayout {
  root: string;
  nginxDir: string;
  pgbouncerDir: string;
  /** PostgreSQL's unix sockets (a folder the postgres user owns; not Debian's /var/run/postgresql). */
  pgSocketDir: string;
  primaryData: string;
  replicaData: string;
  s3Dir: string;
  /** One data folder per API node (the JWT secret is shared by file, the outbox by folder). */
  nodeDataDirs: string[];
  /** The development SMS outbox all nodes write to, so a code sent by one node is found by the check. */
  outboxDir: string;
  jwtSecretFile: string;
  logDir: string;
}

/** Names and secrets of the database and the object store. */
export interface Credentials {
  database: string;
  /** The application's role: owns the database, logs in through PgBouncer and directly. */
  appUser: string;
  appPassword: string;
  /** The replica's role (REPLICATION, nothing else). */
  replicationUser: string;
  replicationPassword: string;
  /** The physical replication slot that keeps the WAL a stopped replica still needs. */
  replicationSlot: string;
  s3Bucket: string;
  s3AccessKey: string;
  s3SecretKey: string;
}

/** Everything the generators need. */
export interface Deployment {
  repoRoot: string;
  layout: RunLayout;
  ports: PortPlan;
  credentials: Credentials;
  webDist: string;
  adminDist: string;
  /** The console's upload chunk size (UPLOAD_CHUNK_BYTES), which nginx must let through in one body. */
  uploadChunkBytes: number;
  /** Whether Debian's nginx has the Brotli-static module to load (libnginx-mod-http-brotli-static). */
  brotliModule: string | null;
  /** The user nginx's workers run as when the master runs as root; null to run as the caller. */
  nginxUser: string | null;
  /** The address every process listens on. */
  host: string;
}

/** The layout of a run folder. */
export function runLayout(root: string, nodes: number): RunLayout {
  return {
    root,
    nginxDir: join(root, 'nginx'),
    pgbouncerDir: join(root, 'pgbouncer'),
    pgSocketDir: join(root, 'pg', 'sockets'),
    primaryData: join(root, 'pg', 'primary'),
    replicaData: join(root, 'pg', 'replica'),
    s3Dir: join(root, 's3'),
    nodeDataDirs: Array.from({ length: nodes }, (_, i) => join(root, `node-${i + 1}`)),
    outboxDir: join(root, 'outbox'),
    jwtSecretFile: join(root, 'secrets', 'jwt-secret'),
    logDir: join(root, 'logs'),
  };
}

/** Fresh credentials for one run: nothing here outlives the run folder. */
export function freshCredentials(): Credentials {
  const secret = () => randomBytes(24).toString('base64url');
  return {
    database: 'xuanli',
    appUser: 'xuanli',
    appPassword: secret(),
    replicationUser: 'replicator',
    replicationPassword: secret(),
    replicationSlot: 'xuanli_replica',
    s3Bucket: 'xuanli',
    // s3rver checks signatures against its one fixed key pair.
    s3AccessKey: 'S3RVER',
    s3SecretKey: 'S3RVER',
  };
}

/** The deployment of `options` in `repoRoot`. */
export function deploymentOf(
  options: ClusterOptions,
  repoRoot: string,
  extra: Pick<Deployment, 'brotliModule' | 'nginxUser'> & { credentials?: Credentials },
): Deployment {
  return {
    repoRoot,
    layout: runLayout(options.runDir, options.nodes),
    ports: portPlan(options.basePort, options.nodes),
    credentials: extra.credentials ?? freshCredentials(),
    webDist: join(repoRoot, 'apps/web/dist'),
    adminDist: join(repoRoot, 'apps/admin/dist'),
    uploadChunkBytes: 4 * 1024 * 1024,
    brotliModule: extra.brotliModule,
    nginxUser: extra.nginxUser,
    host: '127.0.0.1',
  };
}

/** postgres://user:password@host:port/database */
export function postgresUrl(d: Deployment, port: number): string {
  const { appUser, appPassword, database } = d.credentials;
  return `postgres://${appUser}:${encodeURIComponent(appPassword)}@${d.host}:${port}/${database}`;
}
