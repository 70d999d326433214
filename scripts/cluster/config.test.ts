/**
 * The generated configuration: what nginx, PgBouncer and PostgreSQL are told, read line by line, and
 * the nginx files checked by nginx itself (`nginx -t`) when it is installed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type Credentials, type Deployment, deploymentOf, postgresUrl } from './layout.ts';
import { HOUR, IMMUTABLE, locationsConf, mainConf, NGINX_FILES, REVALIDATE, upstreamConf } from './nginx.ts';
import { parseOptions, portPlan, UsageError } from './options.ts';
import { pgbouncerIni, pgbouncerUserlist, SERVER_TIMEOUT_MS } from './pgbouncer.ts';
import { bootstrapSql, hbaConf, postgresSettings, sqlLiteral } from './postgres-conf.ts';

const CREDENTIALS: Credentials = {
  database: 'xuanli',
  appUser: 'xuanli',
  appPassword: 'pw"with\'quotes',
  replicationUser: 'replicator',
  replicationPassword: 'rep-secret',
  replicationSlot: 'xuanli_replica',
  s3Bucket: 'xuanli',
  s3AccessKey: 'S3RVER',
  s3SecretKey: 'S3RVER',
};

function deployment(runDir = '/srv/run', extra: Partial<Deployment> = {}): Deployment {
  const options = parseOptions(['--run-dir', runDir], {}, '/repo');
  return {
    ...deploymentOf(options, '/repo', {
      brotliModule: '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so',
      nginxUser: 'www-data',
      credentials: CREDENTIALS,
    }),
    ...extra,
  };
}

/** The block `location <match> { … }` of a generated file. */
function block(text: string, match: string): string {
  const start = text.indexOf(`location ${match} {`);
  if (start < 0) throw new Error(`no location ${match}`);
  let depth = 0;
  for (let i = text.indexOf('{', start); i < text.length; i++) {
    if (text[i] === '{') depth += 1;
    if (text[i] === '}' && --depth === 0) return text.slice(start, i + 1);
  }
  throw new Error(`unclosed location ${match}`);
}

describe('options and ports', () => {
  it('defaults to three nodes for three minutes from port 18700, and reads the flags', () => {
    const defaults = parseOptions([], {}, '/repo');
    expect(defaults).toMatchObject({ check: false, single: false, seconds: 180, nodes: 3, basePort: 18700 });
    expect(defaults.runDir).toBe('/repo/.cluster');
    const given = parseOptions(['--check', '--seconds=30', '--base-port', '19000', '--keep'], {}, '/repo');
    expect(given).toMatchObject({ check: true, seconds: 30, basePort: 19000, keep: true });
    expect(parseOptions([], { CLUSTER_BASE_PORT: '18800' }, '/repo').basePort).toBe(18800);
    expect(parseOptions(['--single'], {}, '/repo').nodes).toBe(1);
  });

  it('refuses what it cannot run', () => {
    expect(() => parseOptions(['--seconds', 'x'], {}, '/')).toThrow(UsageError);
    expect(() => parseOptions(['--seconds', '1'], {}, '/')).toThrow(/between 5/);
    expect(() => parseOptions(['--nodes', '12'], {}, '/')).toThrow(UsageError);
    expect(() => parseOptions(['--frobnicate'], {}, '/')).toThrow(/unknown option/);
    expect(() => parseOptions(['-k'], {}, '/')).toThrow(/unknown option -k/);
    expect(() => parseOptions(['--check', 'now'], {}, '/')).toThrow(/unknown option now/);
    expect(() => parseOptions(['--check=yes'], {}, '/')).toThrow(/--check takes no value/);
    expect(() => parseOptions(['--run-dir'], {}, '/')).toThrow(/--run-dir needs a folder/);
    expect(parseOptions(['--run-dir=/srv/c', '--no-build'], {}, '/')).toMatchObject({
      runDir: '/srv/c',
      noBuild: true,
    });
  });

  it('lays the ports out in one block without overlaps', () => {
    const plan = portPlan(18700, 3);
    expect(plan).toEqual({
      nginx: 18700,
      nodes: [18701, 18702, 18703],
      pgbouncer: 18710,
      primary: 18711,
      replica: 18712,
      s3: 18713,
    });
    const nine = portPlan(20000, 9);
    const all = [nine.nginx, ...nine.nodes, nine.pgbouncer, nine.primary, nine.replica, nine.s3];
    expect(new Set(all).size).toBe(all.length);
  });
});

describe('nginx', () => {
  const d = deployment();
  const locations = locationsConf(d);

  it("sends both names of each document to the API, which renders today's calendar and its CSP", () => {
    for (const doc of ['= /xuanli/', '= /xuanli/index.html', '= /admin/', '= /admin/index.html']) {
      const text = block(locations, doc);
      expect(text).toContain('proxy_pass http://xuanli_api;');
      expect(text).not.toContain('alias');
    }
  });

  it('serves the builds itself, precompressed, with the cache headers the API sends', () => {
    const web = block(locations, '^~ /xuanli/');
    expect(web).toContain('alias /repo/apps/web/dist/;');
    expect(web).toMatch(/gzip_static on;[\s\S]*brotli_static on;/);
    expect(web).toContain('disable_symlinks on;');
    expect(web).toContain('try_files $uri @api;');
    // A dotfile never comes from the folder: the API answers it (404).
    expect(web).toMatch(/location ~ \/\\\. \{ try_files \/nonexistent @api; \}/);
    const admin = block(locations, '^~ /admin/');
    expect(admin).toContain('alias /repo/apps/admin/dist/;');
    expect(admin).toContain('X-Robots-Tag "noindex, nofollow"');
    const main = mainConf(d);
    expect(main).toContain(`"~^/(xuanli|admin)/assets/" "${IMMUTABLE}";`);
    expect(main).toContain(`"~(\\.html|/sw\\.js|\\.webmanifest)$" "${REVALIDATE}";`);
    expect(main).toContain(`default "${HOUR}";`);
    expect(IMMUTABLE).toBe('public, max-age=31536000, immutable');
  });

  it("logs requests without their query, where a lesson video's signature travels", () => {
    const format = /log_format xuanli ([^;]+);/.exec(mainConf(d))?.[1] ?? '';
    expect(format).toContain('$request_method $uri $server_protocol');
    expect(format).not.toMatch(/\$request\b(?!_)|\$args|\$query_string|\$request_uri/);
  });

  it('leaves Brotli out when the module is not installed', () => {
    const plain = deployment('/srv/run', { brotliModule: null });
    expect(locationsConf(plain)).not.toContain('brotli_static');
    expect(mainConf(plain)).not.toContain('load_module');
    expect(mainConf(d)).toContain('load_module /usr/lib/nginx/modules/ngx_http_brotli_static_module.so;');
  });

  it("proxies the API with keep-alive, the client's address and scheme, and a request id", () => {
    const api = block(locations, '/');
    for (const line of [
      'proxy_http_version 1.1;',
      'proxy_set_header Connection "";',
      'proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;',
      'proxy_set_header X-Forwarded-Proto $scheme;',
      'proxy_set_header X-Request-Id $xl_request_id;',
      'proxy_next_upstream error timeout;',
    ])
      expect(api).toContain(line);
    // POSTs nginx has sent are never sent again to another node.
    expect(locations).not.toContain('non_idempotent');
    expect(mainConf(d)).toContain('"~^[A-Za-z0-9._:-]{1,64}$" $http_x_request_id;');
  });

  it('streams lesson media unbuffered and lets a console chunk through', () => {
    const media = block(locations, '^~ /api/ketang/media/');
    expect(media).toContain('proxy_buffering off;');
    expect(media.match(/proxy_read_timeout/g)).toHaveLength(1);
    const chunks = block(locations, '~ ^/api/admin/uploads/[^/]+/chunks/');
    expect(chunks).toContain('client_max_body_size 5m;');
    expect(chunks).toContain('proxy_request_buffering off;');
    expect(locations).toMatch(/^client_max_body_size 6m;$/m);
  });

  it('lists every node, marks a restarting one down, and keeps idle connections open', () => {
    const up = upstreamConf(d);
    expect(up).toContain('server 127.0.0.1:18701 max_fails=1 fail_timeout=5s;  # node 1');
    expect(up).toContain('server 127.0.0.1:18703 max_fails=1 fail_timeout=5s;  # node 3');
    expect(up).toContain('keepalive 64;');
    expect(up).not.toContain(' down;');
    const draining = upstreamConf(d, new Set([1]));
    expect(draining).toContain('server 127.0.0.1:18702 max_fails=1 fail_timeout=5s down;  # node 2');
    expect(draining.match(/ down;/g)).toHaveLength(1);
  });

  it('carries a commented TLS server with certificates, HTTP/2 and HSTS', () => {
    const main = mainConf(d);
    expect(main).toContain('#     listen 443 ssl http2;');
    expect(main).toContain(
      '#     ssl_certificate     /etc/letsencrypt/live/xuanli.example.com/fullchain.pem;',
    );
    expect(main).toContain('#     ssl_certificate_key /etc/letsencrypt/live/xuanli.example.com/privkey.pem;');
    expect(main).toContain(
      '#     add_header Strict-Transport-Security "max-age=31536000; includeSubDomains" always;',
    );
    expect(main).toContain(`#     include /srv/run/nginx/${NGINX_FILES.locations};`);
    // Static files over https get HSTS too; over http nothing (empty header values are not sent).
    expect(main).toMatch(
      /map \$scheme \$xl_hsts \{\s+https "max-age=31536000; includeSubDomains";\s+default "";/,
    );
    expect(main).toContain(`listen 127.0.0.1:18700;`);
  });
});

describe.skipIf(!existsSync('/usr/sbin/nginx'))('nginx -t on the generated files', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xuanli-nginx-test-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('accepts them', () => {
    const d = deployment(dir, {
      brotliModule: existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so')
        ? '/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'
        : null,
      nginxUser: null,
    });
    mkdirSync(d.layout.nginxDir, { recursive: true });
    writeFileSync(join(d.layout.nginxDir, NGINX_FILES.main), mainConf(d));
    writeFileSync(join(d.layout.nginxDir, NGINX_FILES.locations), locationsConf(d));
    writeFileSync(join(d.layout.nginxDir, NGINX_FILES.upstream), upstreamConf(d, new Set([0])));
    mkdirSync(join(d.layout.nginxDir, 'temp'));
    const run = spawnSync('/usr/sbin/nginx', ['-t', '-c', join(d.layout.nginxDir, NGINX_FILES.main)], {
      encoding: 'utf8',
    });
    expect(run.stderr).toContain('test is successful');
    expect(run.status).toBe(0);
  });
});

describe('PgBouncer', () => {
  const d = deployment();
  const ini = pgbouncerIni(d);

  it('pools transactions in front of the primary', () => {
    expect(ini).toContain('pool_mode = transaction');
    expect(ini).toMatch(/^xuanli = host=127\.0\.0\.1 port=18711 dbname=xuanli /m);
    expect(ini).toContain('listen_port = 18710');
    expect(ini).toContain('auth_type = scram-sha-256');
    expect(ini).toContain('unix_socket_dir = /srv/run/pgbouncer');
  });

  it("keeps the API's time-outs although it cannot pass them as startup parameters", () => {
    expect(ini).toContain(
      'ignore_startup_parameters = extra_float_digits,statement_timeout,idle_in_transaction_session_timeout',
    );
    expect(ini).toContain(
      `SET statement_timeout = ${SERVER_TIMEOUT_MS}; SET idle_in_transaction_session_timeout = ${SERVER_TIMEOUT_MS}`,
    );
    expect(SERVER_TIMEOUT_MS).toBe(10_000);
  });

  it('drops advisory locks after every transaction, so none strands a server connection', () => {
    expect(ini).toContain('server_reset_query = SELECT pg_advisory_unlock_all()');
    expect(ini).toContain('server_reset_query_always = 1');
  });

  it('lists the application role with its password, quotes doubled', () => {
    expect(pgbouncerUserlist(d)).toBe('"xuanli" "pw""with\'quotes"\n');
  });
});

describe('PostgreSQL', () => {
  const d = deployment();

  it('gives the primary and the replica their own ports and streaming replication', () => {
    const primary = postgresSettings(d, 'primary');
    const replica = postgresSettings(d, 'replica');
    expect(primary).toContain('port = 18711');
    expect(replica).toContain('port = 18712');
    for (const text of [primary, replica]) {
      expect(text).toContain('wal_level = replica');
      expect(text).toContain('hot_standby = on');
      expect(text).toContain("listen_addresses = '127.0.0.1'");
      expect(text).toContain("unix_socket_directories = '/srv/run/pg/sockets'");
    }
  });

  it('lets in the application and the replication roles by SCRAM, postgres only on the socket', () => {
    const hba = hbaConf(d);
    expect(hba).toMatch(/^local\s+all\s+postgres\s+peer$/m);
    expect(hba).toMatch(/^host\s+xuanli\s+xuanli\s+127\.0\.0\.1\/32\s+scram-sha-256$/m);
    expect(hba).toMatch(/^host\s+replication\s+replicator\s+127\.0\.0\.1\/32\s+scram-sha-256$/m);
    expect(hba.split('\n').filter((line) => /^(local|host)/.test(line))).toHaveLength(3);
  });

  it('creates the roles, the database and the slot, quoting passwords', () => {
    const sql = bootstrapSql(d);
    expect(sql[0]).toBe(`CREATE ROLE xuanli LOGIN PASSWORD 'pw"with''quotes'`);
    expect(sql[1]).toContain('REPLICATION');
    expect(sql[2]).toBe("CREATE DATABASE xuanli OWNER xuanli ENCODING 'UTF8' TEMPLATE template0");
    expect(sql[3]).toBe("SELECT pg_create_physical_replication_slot('xuanli_replica')");
    expect(sqlLiteral("a'b")).toBe("'a''b'");
  });

  it('builds URLs with the password encoded', () => {
    expect(postgresUrl(d, 18710)).toBe("postgres://xuanli:pw%22with'quotes@127.0.0.1:18710/xuanli");
  });
});
