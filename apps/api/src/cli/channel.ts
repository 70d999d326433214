/**
 * The operator channel: how `npm run admin` reaches a running server that holds the embedded database
 * (PGlite admits one process, and the server keeps the data folder locked).
 *
 * The server that holds the data-folder lock listens on 127.0.0.1 at a random port and writes
 * `DATA_DIR/admin-channel.json` = {pid, port, secret} (0600, in the 0700 data folder). The CLI reads it
 * and posts `{argv, actor, input?}` to `/run` with the secret in `x-admin-secret`; the server runs the same
 * command function (commands.ts) on its own database and answers the output. Only a local user who can
 * read the data folder — the operator who may stop the server and open the database anyway — can use
 * it; nothing of it is on the public port. On PostgreSQL there is no channel: the CLI connects itself.
 */
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { LOCK_FILE } from '../db/data-folder.ts';
import { AppError } from '../shared/errors.ts';
import { UsageError } from './commands.ts';

/** The channel file inside the data folder. */
export const CHANNEL_FILE = 'admin-channel.json';

/** What the channel file says. */
export interface ChannelInfo {
  pid: number;
  port: number;
  secret: string;
}

/** The answer of `/run`. */
export type ChannelReply =
  | { ok: true; output: string }
  | { ok: false; kind: 'usage' | 'refused' | 'failed'; code?: string; message: string };

/**
 * Runs one command line for `actor`, with what the operator piped to the CLI's stdin (a password);
 * the server's {@link runCommand} over its database.
 */
export type ChannelRunner = (argv: string[], actor: string, input?: string) => Promise<string>;

const MAX_BODY = 64 * 1024;

/** True when this process holds the lock of data folder `dataDir`, i.e. it is the PGlite server there. */
export function holdsDataFolderLock(dataDir: string): boolean {
  try {
    const holder = JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')) as { pid?: unknown };
    return holder.pid === process.pid;
  } catch {
    return false;
  }
}

/** The channel file of `dataDir`, when there is a readable one. */
export function readChannel(dataDir: string): ChannelInfo | undefined {
  try {
    const info = JSON.parse(readFileSync(join(dataDir, CHANNEL_FILE), 'utf8')) as Partial<ChannelInfo>;
    if (Number.isInteger(info.pid) && Number.isInteger(info.port) && typeof info.secret === 'string') {
      return info as ChannelInfo;
    }
  } catch {
    // No server, or not one with a channel.
  }
  return undefined;
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        request.destroy();
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function sameSecret(given: unknown, secret: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** A failure as the channel answers it; only what the operator should read crosses. */
function replyOf(error: unknown): { status: number; reply: ChannelReply } {
  if (error instanceof UsageError)
    return { status: 400, reply: { ok: false, kind: 'usage', message: error.message } };
  if (error instanceof AppError) {
    return {
      status: error.statusCode,
      reply: { ok: false, kind: 'refused', code: error.code, message: error.message },
    };
  }
  return {
    status: 500,
    reply: { ok: false, kind: 'failed', message: 'the command failed; see the server log' },
  };
}

/** A running channel. */
export interface AdminChannel {
  port: number;
  close(): Promise<void>;
}

/**
 * Opens the channel for the server holding `dataDir`'s lock and writes the channel file (atomically:
 * a reader sees the old file or the whole new one). `log` gets failures of commands.
 */
export async function openAdminChannel(options: {
  dataDir: string;
  run: ChannelRunner;
  log: { error(object: object, message: string): void; info(object: object, message: string): void };
}): Promise<AdminChannel> {
  const secret = randomBytes(32).toString('base64url');
  const server: Server = createServer(async (request, response) => {
    const send = (status: number, reply: ChannelReply) => {
      response.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'cache-control': 'no-store',
      });
      response.end(JSON.stringify(reply));
    };
    if (request.method !== 'POST' || request.url !== '/run') {
      return send(404, { ok: false, kind: 'usage', message: 'POST /run only' });
    }
    if (!sameSecret(request.headers['x-admin-secret'], secret)) {
      return send(403, { ok: false, kind: 'refused', message: 'wrong channel secret' });
    }
    let argv: string[];
    let actor: string;
    let input: string | undefined;
    try {
      const body = JSON.parse(await readBody(request)) as {
        argv?: unknown;
        actor?: unknown;
        input?: unknown;
      };
      if (!Array.isArray(body.argv) || !body.argv.every((word) => typeof word === 'string'))
        throw new Error();
      argv = body.argv as string[];
      actor = typeof body.actor === 'string' && body.actor ? body.actor.slice(0, 200) : 'unknown';
      if (body.input !== undefined && typeof body.input !== 'string') throw new Error();
      input = body.input;
    } catch {
      return send(400, {
        ok: false,
        kind: 'usage',
        message: 'body must be {argv: string[], actor: string, input?: string}',
      });
    }
    try {
      // The input (a password) is handed to the command only: never logged, never echoed back.
      const output = await options.run(argv, `${actor} (admin channel)`, input);
      options.log.info({ command: argv.slice(0, 2).join(' '), actor }, 'admin command run');
      send(200, { ok: true, output });
    } catch (error) {
      const { status, reply } = replyOf(error);
      if (status >= 500) options.log.error({ err: error }, 'admin command failed');
      send(status, reply);
    }
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  const file = join(options.dataDir, CHANNEL_FILE);
  const draft = `${file}.${process.pid}.tmp`;
  writeFileSync(draft, `${JSON.stringify({ pid: process.pid, port, secret } satisfies ChannelInfo)}\n`, {
    mode: 0o600,
  });
  renameSync(draft, file);
  return {
    port,
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      // Only our own file: a later server may have written its own meanwhile.
      if (readChannel(options.dataDir)?.secret === secret) {
        try {
          unlinkSync(file);
        } catch {
          // Already gone.
        }
      }
    },
  };
}

/**
 * Posts a command line to the channel `info` names, waiting `timeoutMs` for its answer; rejects when
 * the server cannot be reached. Node's http client rather than fetch: fetch gives up on an answer
 * whose headers take more than five minutes, and a backup of a large database may.
 */
export function callChannel(
  info: ChannelInfo,
  argv: readonly string[],
  actor: string,
  input?: string,
  timeoutMs = 30_000,
): Promise<ChannelReply> {
  const body = JSON.stringify({ argv, actor, input });
  return new Promise((resolve, reject) => {
    const call = request(
      {
        host: '127.0.0.1',
        port: info.port,
        path: '/run',
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          'x-admin-secret': info.secret,
        },
        timeout: timeoutMs,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as ChannelReply);
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    call.on('timeout', () => call.destroy(new Error(`no answer from the server within ${timeoutMs} ms`)));
    call.on('error', reject);
    call.end(body);
  });
}
