/**
 * The operator commands of `npm run admin -- <group> <action> …`, as plain data: a name, a usage line
 * and a function over the database. The CLI (admin.ts) runs them against the database it opens, and
 * the admin channel (channel.ts) runs the very same functions inside a running server. A new command
 * (product stock, order ship, operator add …) is one more entry in {@link COMMANDS}.
 */
import type { Db } from '../db/client.ts';
import { grantVip, MAX_VIP_DAYS, revokeVip, showVip, type VipStatus } from '../modules/member/index.ts';
import type { Clock } from '../shared/clock.ts';

/** What a command runs with; `actor` names the operator in the audit trail. */
export interface CommandContext {
  db: Db;
  clock: Clock;
  actor: string;
}

/** The words and `--name value` options after the command's name. */
export interface CommandArgs {
  positional: string[];
  options: Record<string, string>;
}

/** One operator command. */
export interface Command {
  /** e.g. ['vip', 'grant']. */
  name: readonly string[];
  /** Arguments after the name, as printed in the help. */
  usage: string;
  summary: string;
  /** Options it takes (`--reason`); others are refused. */
  options: readonly string[];
  run(context: CommandContext, args: CommandArgs): Promise<string>;
}

/** A mistake in the command line: the help is printed with it and the exit status is 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function vipLine(status: VipStatus): string {
  const state = status.isVip
    ? `VIP until ${status.vipExpire}`
    : status.vipExpire
      ? `not VIP (ended ${status.vipExpire})`
      : 'not VIP';
  return `user ${status.userId} ${status.phone} ${status.nickname}: ${state}`;
}

function onePhone(args: CommandArgs, usage: string): string {
  const [phone, extra] = args.positional;
  if (!phone || extra !== undefined) throw new UsageError(`expected ${usage}`);
  return phone;
}

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [
  {
    name: ['vip', 'grant'],
    usage: '<phone> <days> [--reason <text>]   (or --days <n>)',
    summary: `add 1–${MAX_VIP_DAYS} days of VIP, counted from the later of now and the current end`,
    options: ['days', 'reason'],
    async run(context, args) {
      const [phone, daysText, extra] = args.positional;
      const days = daysText ?? args.options.days;
      if (!phone || days === undefined || extra !== undefined || (daysText && args.options.days)) {
        throw new UsageError('expected vip grant <phone> <days> [--reason <text>]');
      }
      if (!/^\d+$/.test(days)) throw new UsageError(`days must be a whole number, got '${days}'`);
      return vipLine(await grantVip(context, phone, Number(days), args.options.reason));
    },
  },
  {
    name: ['vip', 'revoke'],
    usage: '<phone> [--reason <text>]',
    summary: 'end the VIP membership now',
    options: ['reason'],
    async run(context, args) {
      return vipLine(await revokeVip(context, onePhone(args, 'vip revoke <phone>'), args.options.reason));
    },
  },
  {
    name: ['vip', 'show'],
    usage: '<phone>',
    summary: "print the account's VIP state",
    options: [],
    async run(context, args) {
      return vipLine(await showVip(context, onePhone(args, 'vip show <phone>')));
    },
  },
];

/** The help text. */
export function usage(): string {
  const lines = COMMANDS.map((c) => `  npm run admin -- ${c.name.join(' ')} ${c.usage}\n      ${c.summary}`);
  return `玄历 operator commands:\n${lines.join('\n')}\n`;
}

/** The command `argv` names and its parsed arguments; {@link UsageError} when there is none or an option is wrong. */
export function parseCommand(argv: readonly string[]): { command: Command; args: CommandArgs } {
  const command = COMMANDS.find((c) => c.name.every((word, i) => argv[i] === word));
  if (!command)
    throw new UsageError(argv.length ? `unknown command '${argv.join(' ')}'` : 'no command given');
  const args: CommandArgs = { positional: [], options: {} };
  const rest = argv.slice(command.name.length);
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i];
    if (!word.startsWith('--')) {
      args.positional.push(word);
      continue;
    }
    const [name, inline] = word.slice(2).split(/=(.*)/s, 2);
    if (!command.options.includes(name)) throw new UsageError(`unknown option --${name}`);
    const value = inline ?? rest[++i];
    if (value === undefined) throw new UsageError(`--${name} needs a value`);
    args.options[name] = value;
  }
  return { command, args };
}

/** Parses and runs `argv`; answers the command's output. */
export async function runCommand(context: CommandContext, argv: readonly string[]): Promise<string> {
  const { command, args } = parseCommand(argv);
  return command.run(context, args);
}
