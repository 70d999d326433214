/**
 * The settings each API process gets (apps/api/src/config.ts reads them). Every node of the cluster
 * has the same ones apart from its port and data folder: one JWT secret by file, the database through
 * PgBouncer, LISTEN and the replica on direct connections, files in the object store, the sandbox
 * cashier, a proxy in front (TRUST_PROXY=1) and one SMS outbox for all.
 */
import type { Deployment } from './layout.ts';
import { postgresUrl } from './layout.ts';

/** Settings that the check and `npm run cluster` give every node alike. */
function commonEnv(d: Deployment, index: number): Record<string, string> {
  return {
    HOST: d.host,
    PORT: String(d.ports.nodes[index]),
    DATA_DIR: d.layout.nodeDataDirs[index],
    JWT_SECRET_FILE: d.layout.jwtSecretFile,
    SMS_OUTBOX_DIR: d.layout.outboxDir,
    PAY_SANDBOX: 'on',
    WEB_DIST: d.webDist,
    ADMIN_DIST: d.adminDist,
    UPLOAD_CHUNK_BYTES: String(d.uploadChunkBytes),
    LOG_LEVEL: 'info',
  };
}

/** The environment of cluster node `index` (0-based). */
export function clusterNodeEnv(d: Deployment, index: number): Record<string, string> {
  const c = d.credentials;
  return {
    ...commonEnv(d, index),
    // Pooled through PgBouncer (transaction mode).
    DATABASE_URL: postgresUrl(d, d.ports.pgbouncer),
    // Debian's PgBouncer (1.18) cannot follow a named prepared statement from one server connection to
    // the next in transaction mode (1.21 can): the pooled connection sends unnamed statements.
    DATABASE_PREPARED_STATEMENTS: 'off',
    // Session-level work cannot go through transaction pooling: LISTEN for cache invalidation goes to
    // the primary directly.
    DATABASE_LISTEN_URL: postgresUrl(d, d.ports.primary),
    // Reads the code marks as such go to the hot standby, which falls back to the primary when down.
    DATABASE_REPLICA_URL: postgresUrl(d, d.ports.replica),
    // nginx on the same host is the one proxy in front: its X-Forwarded-For entry is the client's.
    TRUST_PROXY: '1',
    STORAGE: 's3',
    S3_ENDPOINT: `http://${d.host}:${d.ports.s3}`,
    S3_REGION: 'us-east-1',
    S3_BUCKET: c.s3Bucket,
    S3_ACCESS_KEY_ID: c.s3AccessKey,
    S3_SECRET_ACCESS_KEY: c.s3SecretKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
}

/** The environment of the one node of `--single`: PGlite in its data folder and local files, as `npm start`. */
export function singleNodeEnv(d: Deployment): Record<string, string> {
  return { ...commonEnv(d, 0), DATABASE_URL: '' };
}

/**
 * The environment of the migrate command and of the operators' commands of the cluster: the primary
 * directly (a migration holds a session-level advisory lock, which transaction pooling would lose) and
 * the same object store, so the seed's pictures and lesson videos land where the nodes read them.
 */
export function directEnv(d: Deployment): Record<string, string> {
  const node = clusterNodeEnv(d, 0);
  return {
    ...node,
    DATABASE_URL: postgresUrl(d, d.ports.primary),
    DATA_DIR: d.layout.root,
    LOG_LEVEL: 'warn',
  };
}
