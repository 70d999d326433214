/**
 * `npm run admin -- <command>`: the operator's commands (commands.ts), run against the server's own
 * database — the same configuration (DATA_DIR, DATABASE_URL …) the server reads.
 *
 * - PostgreSQL (DATABASE_URL): the command connects itself; any number of servers may be running.
 * - Embedded PGlite with a server running: the server holds the data folder, so the command is sent
 *   to it over the operator channel (channel.ts), and the server runs it.
 * - Embedded PGlite without a server: the command opens the data folder itself (taking its lock, so a
 *   server started meanwhile waits its turn by refusing to start).
 *
 * Exit status: 0 done, 1 refused or failed (the reason is printed), 2 a mistake in the command line.
 */
import { hostname, userInfo } from 'node:os';
import { type Config, ConfigError, loadConfig } from '../config.ts';
import { DataFolderError, isAlive } from '../db/data-folder.ts';
import { isDatabaseUnavailable } from '../db/unavailable.ts';
import { systemClock } from '../shared/clock.ts';
import { AppError } from '../shared/errors.ts';
import { callChannel, readChannel } from './channel.ts';
import { type Command, parseCommand, runCommand, UsageError, usage, withAbsolutePaths } from './commands.ts';

function actorName(): string {
  let user = process.env.USER ?? 'unknown';
  try {
    user = userInfo().username;
  } catch {
    // No passwd entry (a container's random uid): the environment's name stays.
  }
  return `${user}@${hostname()}`;
}

/**
 * All of stdin, for a command that reads a secret from it (`--password-stdin`). A terminal gets a
 * hint on stderr; the text typed is read up to Ctrl-D.
 */
async function readStdin(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('type the password, then press Enter and Ctrl-D\n');
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** Runs the command in this process against the configured database. */
async function runDirectly(
  config: Config,
  command: Command,
  argv: string[],
  actor: string,
  input?: string,
): Promise<string> {
  const { databaseTargetOf, openDatabase } = await import('../db/client.ts');
  const database = await openDatabase(databaseTargetOf(config));
  try {
    // Idempotent; brings a database the server has not opened since an upgrade to the current tables
    // (but a backup copies the database as it is).
    if (command.opens !== 'as-is') await database.migrate();
    return await runCommand({ db: database.db, clock: systemClock, actor, config, input }, argv);
  } finally {
    await database.close();
  }
}

/** The command's output, through the running server when it holds the embedded database. */
async function run(argv: string[], input?: string): Promise<string> {
  const config = loadConfig();
  const actor = actorName();
  const { command, args } = parseCommand(argv);
  const channel = config.databaseUrl ? undefined : readChannel(config.dataDir);
  const serverRuns = channel !== undefined && isAlive(channel.pid);
  if (command.opens === 'folder' && command.runOnFolder) {
    // Never through a server: it must not be running at all (the folder's lock checks that too).
    if (serverRuns) {
      throw new AppError(
        'Conflict',
        `a server (pid ${channel.pid}) holds the data folder ${config.dataDir}: stop it, then run ${command.name.join(' ')}`,
      );
    }
    return command.runOnFolder(config, args, actor);
  }
  if (!config.databaseUrl) {
    if (channel && serverRuns) {
      let reply: Awaited<ReturnType<typeof callChannel>> | undefined;
      try {
        reply = await callChannel(channel, argv, actor, input, command.channelTimeoutMs);
      } catch {
        // Not answering: a server killed without clean-up left its file; open the folder directly
        // (a live holder's lock still refuses that, with a message naming it).
      }
      if (reply?.ok) return reply.output;
      if (reply && !reply.ok) {
        if (reply.kind === 'usage') throw new UsageError(reply.message);
        throw new AppError((reply.code as AppError['code']) ?? 'InternalError', reply.message);
      }
    }
  }
  return runDirectly(config, command, argv, actor, input);
}

async function main(): Promise<number> {
  // What this may create (the data folder, the database's files) is the operator's alone, as the server's.
  process.umask(0o077);
  const argv = process.argv.slice(2);
  if (argv.length === 0 || argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(usage());
    return argv.length === 0 ? 2 : 0;
  }
  try {
    // Refuse a wrong command line before touching any database.
    const { args } = parseCommand(argv);
    const input = args.flags.includes('password-stdin') ? await readStdin() : undefined;
    // A file named on the command line is where the operator typed it (npm runs us at the repository root).
    const absolute = withAbsolutePaths(argv, process.env.INIT_CWD || process.cwd());
    process.stdout.write(`${await run(absolute, input)}\n`);
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      process.stderr.write(`admin: ${error.message}\n\n${usage()}`);
      return 2;
    }
    if (error instanceof AppError || error instanceof ConfigError) {
      process.stderr.write(`admin: ${error.message}\n`);
      return 1;
    }
    if (error instanceof DataFolderError) {
      // Held by a server: one still starting opens its channel in a moment. Damage needs no hint.
      const hint = error.message.includes('is in use by')
        ? '\nA server that is still starting opens its operator channel once ready; try again in a few seconds.'
        : '';
      process.stderr.write(`admin: ${error.message}${hint}\n`);
      return 1;
    }
    if (isDatabaseUnavailable(error)) {
      process.stderr.write(`admin: the database did not answer: ${(error as Error).message}\n`);
      return 1;
    }
    process.stderr.write(
      `admin: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
    return 1;
  }
}

// Exit at once: an idle keep-alive connection of fetch must not hold the operator's shell for seconds.
// (On Linux, writes to a terminal, a file or a pipe are synchronous, so nothing printed is lost.)
process.exit(await main());
