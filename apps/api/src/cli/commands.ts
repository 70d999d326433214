/**
 * The operator commands of `npm run admin -- <group> <action> …`, as plain data: a name, a usage line
 * and a function over the database. The CLI (admin.ts) runs them against the database it opens, and
 * the admin channel (channel.ts) runs the very same functions inside a running server. A new command
 * (product stock, order ship, operator add …) is one more entry in {@link COMMANDS}.
 */
import { isAbsolute, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { VIP_GRANT_DAYS_MAX } from '@xuanli/contracts/admin-labels';
import { SKU_STOCK_MAX } from '@xuanli/contracts/admin-shop-labels';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { VipStatus } from '../modules/member/index.ts';
import type { RefundReport } from '../modules/pay/index.ts';
import type { Clock } from '../shared/clock.ts';
import { AppError } from '../shared/errors.ts';

// The modules a command works on are loaded when it runs: the help, a wrong command line and a
// command sent to a running server load none of them (each is about a second of a small machine's CPU).
const adminModule = () => import('../modules/admin/index.ts');
const memberModule = () => import('../modules/member/index.ts');
const payModule = () => import('../modules/pay/index.ts');
const shopModule = () => import('../modules/shop/index.ts');

/** What a command runs with; `actor` names the operator in the audit trail. */
export interface CommandContext {
  db: Db;
  clock: Clock;
  actor: string;
  /** The server's configuration (the payment channels a refund goes back through). */
  config: Config;
  /**
   * What the operator piped to the command's stdin, for a command taking `--password-stdin`: a secret
   * never travels in argv (visible in `ps`) nor reaches a log.
   */
  input?: string;
}

/** The words and `--name value` options after the command's name. */
export interface CommandArgs {
  positional: string[];
  options: Record<string, string>;
  /** The `--name` switches given (options without a value). */
  flags: string[];
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
  /** Switches it takes (`--password-stdin`), which have no value. */
  flags?: readonly string[];
  /**
   * What the CLI opens for the command when it runs it itself (no server holds the embedded
   * database): the database, migrated first (default); the database as it is (a backup copies what is
   * there); or only the data folder (a restore, which no server may hold: {@link runOnFolder}).
   */
  opens?: 'migrated' | 'as-is' | 'folder';
  /**
   * The first word after the name is a file path: the CLI makes it absolute against the operator's
   * working directory before the command may travel to a server that runs elsewhere.
   */
  fileArgument?: boolean;
  /** How long the CLI waits for a server to run it over the operator channel; default 30 s. */
  channelTimeoutMs?: number;
  run(context: CommandContext, args: CommandArgs): Promise<string>;
  /** For `opens: 'folder'`: the command as the CLI runs it on the configured data folder. */
  runOnFolder?(config: Config, args: CommandArgs, actor: string): Promise<string>;
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

/** The one file path of a backup or restore, which the CLI has made absolute. */
function onePath(args: CommandArgs, usage: string): string {
  const [file, extra] = args.positional;
  if (!file || extra !== undefined) throw new UsageError(`expected ${usage}`);
  if (!isAbsolute(file)) throw new UsageError(`${usage}: the file must be an absolute path`);
  return file;
}

/** Every command, in help order. */
export const COMMANDS: readonly Command[] = [
  {
    name: ['vip', 'grant'],
    usage: '<phone> <days> [--reason <text>]   (or --days <n>)',
    summary: `add 1–${VIP_GRANT_DAYS_MAX} days of VIP, counted from the later of now and the current end`,
    options: ['days', 'reason'],
    async run(context, args) {
      const [phone, daysText, extra] = args.positional;
      const days = daysText ?? args.options.days;
      if (!phone || days === undefined || extra !== undefined || (daysText && args.options.days)) {
        throw new UsageError('expected vip grant <phone> <days> [--reason <text>]');
      }
      if (!/^\d+$/.test(days)) throw new UsageError(`days must be a whole number, got '${days}'`);
      const { grantVip } = await memberModule();
      return vipLine(await grantVip(context, phone, Number(days), args.options.reason));
    },
  },
  {
    name: ['vip', 'revoke'],
    usage: '<phone> [--reason <text>]',
    summary: 'end the VIP membership now',
    options: ['reason'],
    async run(context, args) {
      const phone = onePhone(args, 'vip revoke <phone>');
      const { revokeVip } = await memberModule();
      return vipLine(await revokeVip(context, phone, args.options.reason));
    },
  },
  {
    name: ['vip', 'show'],
    usage: '<phone>',
    summary: "print the account's VIP state",
    options: [],
    async run(context, args) {
      const phone = onePhone(args, 'vip show <phone>');
      const { showVip } = await memberModule();
      return vipLine(await showVip(context, phone));
    },
  },
  {
    name: ['product', 'stock'],
    usage: '<skuId> <n> [--reason <text>]',
    summary: `set the pieces of a SKU for sale to 0–${SKU_STOCK_MAX} (pending orders keep what they reserved)`,
    options: ['reason'],
    async run(context, args) {
      const [skuId, stock, extra] = args.positional;
      if (!skuId || stock === undefined || extra !== undefined) {
        throw new UsageError('expected product stock <skuId> <n> [--reason <text>]');
      }
      if (!/^\d+$/.test(skuId)) throw new UsageError(`skuId must be a whole number, got '${skuId}'`);
      if (!/^\d+$/.test(stock)) throw new UsageError(`n must be a whole number, got '${stock}'`);
      const { setSkuStock } = await shopModule();
      const change = await setSkuStock(context, Number(skuId), Number(stock), args.options.reason);
      return `sku ${change.skuId} ${change.title}: stock ${change.before} → ${change.after}`;
    },
  },
  {
    name: ['order', 'ship'],
    usage: '<orderNo> <tracking...>',
    summary: 'mark a paid goods order shipped, with carrier and number (e.g. 顺丰 SF1234567890)',
    options: [],
    async run(context, args) {
      const [orderNo, ...tracking] = args.positional;
      if (!orderNo || tracking.length === 0)
        throw new UsageError('expected order ship <orderNo> <tracking...>');
      const { shipOrder } = await shopModule();
      return `order ${orderNo} shipped: ${await shipOrder(context, orderNo, tracking.join(' '))}`;
    },
  },
  {
    name: ['order', 'show'],
    usage: '<orderNo>',
    summary: 'print an order: buyer, lines, money, address, payment and timeline',
    options: [],
    async run(context, args) {
      const [orderNo, extra] = args.positional;
      if (!orderNo || extra !== undefined) throw new UsageError('expected order show <orderNo>');
      const { showOrder } = await shopModule();
      return showOrder(context, orderNo);
    },
  },
  {
    name: ['order', 'refund'],
    usage: '<orderNo>',
    summary:
      "approve a buyer's refund: what is left of the payment goes back through its channel, and the order becomes refunded once the provider confirms (run again to resend a pending one)",
    options: [],
    async run(context, args) {
      const [orderNo, extra] = args.positional;
      if (!orderNo || extra !== undefined) throw new UsageError('expected order refund <orderNo>');
      const pay = await payServiceOf(context);
      const { fenToYuan, refundOrder } = await payModule();
      try {
        return refundLine(await refundOrder(pay.deps, orderNo, context.actor), fenToYuan);
      } finally {
        await pay.idle();
      }
    },
  },
  {
    name: ['order', 'refund-reject'],
    usage: '<orderNo> [--reason <text>]',
    summary:
      "turn down a buyer's refund request (refunding → where the order came from); refused while a refund is under way",
    options: ['reason'],
    async run(context, args) {
      const [orderNo, extra] = args.positional;
      if (!orderNo || extra !== undefined) {
        throw new UsageError('expected order refund-reject <orderNo> [--reason <text>]');
      }
      const [{ createOrderLedger }, { rejectBuyerRefund }, { writeAudit }] = await Promise.all([
        shopModule(),
        payModule(),
        import('../shared/audit.ts'),
      ]);
      const ledger = createOrderLedger({ clock: context.clock });
      const rejection = {
        at: new Date(context.clock.now()),
        actor: context.actor,
        reason: args.options.reason,
      };
      let back = '';
      await rejectBuyerRefund({ db: context.db, ledger }, orderNo, async (tx) => {
        back = (await ledger.rejectRefund(tx, orderNo, rejection)) ?? '';
        if (!back) return false;
        await writeAudit(tx, {
          at: rejection.at,
          actor: context.actor,
          action: 'order.refund-reject',
          target: `order:${orderNo}`,
          before: { status: 'refunding' },
          after: { status: back },
          reason: rejection.reason,
        });
        return true;
      });
      return `order ${orderNo}: refund refused, the order is ${back} again`;
    },
  },
  {
    name: ['operator', 'add'],
    usage: '<username> --role <admin|editor|support> --password-stdin [--name <display name>]',
    summary:
      'add a console operator; the password (at least 10 characters) is read from stdin, e.g. `printf \'%s\' "$PW" | npm run admin -- …`',
    options: ['role', 'name'],
    flags: ['password-stdin'],
    async run(context, args) {
      const username = oneName(args, 'operator add <username> --role <role> --password-stdin');
      const role = args.options.role;
      if (!role) throw new UsageError('operator add needs --role admin|editor|support');
      const password = passwordOf(context, args);
      const { addOperator } = await adminModule();
      const operator = await addOperator(
        context,
        { username, role, displayName: args.options.name, password },
        { actor: context.actor },
      );
      return `operator ${operator.id} ${operator.username} added as ${operator.role}`;
    },
  },
  {
    name: ['operator', 'list'],
    usage: '',
    summary: 'print every operator: id, username, role, two-step verification, state, last login',
    options: [],
    async run(context, args) {
      if (args.positional.length) throw new UsageError('expected operator list');
      const { listOperators } = await adminModule();
      const list = await listOperators(context);
      if (list.length === 0)
        return 'no operators yet: npm run admin -- operator add <username> --role admin --password-stdin';
      return list
        .map((o) =>
          [
            o.id,
            o.username,
            o.role,
            o.totpEnabled ? 'totp' : 'no-totp',
            o.disabledAt ? `disabled ${o.disabledAt}` : 'active',
            `last login ${o.lastLoginAt ?? 'never'}`,
            o.displayName,
          ].join('\t'),
        )
        .join('\n');
    },
  },
  {
    name: ['operator', 'disable'],
    usage: '<username> [--reason <text>]',
    summary: 'disable an operator: no more logins, and every live one ends now (the last active admin stays)',
    options: ['reason'],
    async run(context, args) {
      const username = oneName(args, 'operator disable <username>');
      const { disableOperator } = await adminModule();
      await disableOperator(context, { username }, { actor: context.actor }, args.options.reason);
      return `operator ${username} disabled; their logins are ended`;
    },
  },
  {
    name: ['operator', 'password'],
    usage: '<username> --password-stdin',
    summary: "set an operator's password (read from stdin, at least 10 characters); their logins end",
    options: [],
    flags: ['password-stdin'],
    async run(context, args) {
      const username = oneName(args, 'operator password <username> --password-stdin');
      const password = passwordOf(context, args);
      const { setOperatorPassword } = await adminModule();
      await setOperatorPassword(context, { username }, password, { actor: context.actor });
      return `operator ${username}: password set; their logins are ended`;
    },
  },
  {
    name: ['operator', 'totp-reset'],
    usage: '<username>',
    summary: "turn off an operator's two-step verification (a lost phone); they enrol again after logging in",
    options: [],
    async run(context, args) {
      const username = oneName(args, 'operator totp-reset <username>');
      const { resetOperatorTotp } = await adminModule();
      await resetOperatorTotp(context, { username }, { actor: context.actor });
      return `operator ${username}: two-step verification off; their logins are ended`;
    },
  },
  {
    name: ['backup'],
    usage: '<file> [--force]',
    summary:
      'write a consistent copy of the embedded database to <file> (.tar.gz), while the server runs too; --force replaces an existing file',
    options: [],
    flags: ['force'],
    opens: 'as-is',
    fileArgument: true,
    // A large database takes minutes to copy; the operator waits for it.
    channelTimeoutMs: 60 * 60_000,
    async run(context, args) {
      const file = onePath(args, 'backup <file>');
      // Loaded when used: the help and the other commands need no PGlite.
      const { backupDatabase } = await import('../db/backup.ts');
      const report = await backupDatabase(context.db, file, {
        force: args.flags.includes('force'),
        actor: context.actor,
        at: new Date(context.clock.now()),
      });
      return `backup written to ${report.file} (${report.bytes} bytes)`;
    },
  },
  {
    name: ['restore'],
    usage: '<file> [--force]',
    summary:
      'make a backup the embedded database, with no server running; --force replaces the database there (kept beside it, renamed)',
    options: [],
    flags: ['force'],
    opens: 'folder',
    fileArgument: true,
    async run() {
      // Reached only inside a running server: the database it serves cannot be swapped under it.
      throw new AppError('Conflict', 'a server holds the data folder: stop it, then run restore');
    },
    async runOnFolder(config, args, actor) {
      const file = onePath(args, 'restore <file>');
      const { restoreDatabase, USE_PG_DUMP } = await import('../db/backup.ts');
      if (config.databaseUrl) throw new AppError('BadRequest', USE_PG_DUMP);
      const report = await restoreDatabase(config.dataDir, file, {
        force: args.flags.includes('force'),
        actor,
        at: new Date(),
      });
      const kept = report.keptAs ? `; the database it replaced is kept as ${report.keptAs}` : '';
      return `restored ${file} into ${report.folder} (${report.users} users, ${report.orders} orders)${kept}`;
    },
  },
];

/**
 * `argv` with the file argument of a command that takes one ({@link Command.fileArgument}) made
 * absolute against `base`; other command lines unchanged.
 */
export function withAbsolutePaths(argv: readonly string[], base: string): string[] {
  const { command, tokens } = commandWords(argv);
  const words = [...argv];
  if (!command.fileArgument) return words;
  const file = tokens.find((token) => token.kind === 'positional');
  if (file) words[command.name.length + file.index] = resolve(base, file.value);
  return words;
}

/** The one username of an operator command. */
function oneName(args: CommandArgs, usage: string): string {
  const [username, extra] = args.positional;
  if (!username || extra !== undefined) throw new UsageError(`expected ${usage}`);
  return username;
}

/**
 * The password piped to the command: `--password-stdin` is required (a password is never taken from
 * argv), and one trailing line break of the input is not part of it.
 */
function passwordOf(context: CommandContext, args: CommandArgs): string {
  if (!args.flags.includes('password-stdin')) {
    throw new UsageError('the password is read from stdin only: add --password-stdin and pipe it in');
  }
  const password = (context.input ?? '').replace(/\r?\n$/, '');
  if (!password) throw new UsageError('no password on stdin');
  return password;
}

/** The pay module over the command's database, with the shop's ledger (as app.ts wires them). */
async function payServiceOf(context: CommandContext) {
  const [{ createPayService }, { createOrderLedger }] = await Promise.all([payModule(), shopModule()]);
  const quiet = { info() {}, warn() {}, error() {} };
  return createPayService({
    db: context.db,
    clock: context.clock,
    log: quiet,
    config: context.config.pay,
    ledger: createOrderLedger({ clock: context.clock }),
  });
}

function refundLine(report: RefundReport, fenToYuan: (fen: number) => string): string {
  const head = `order ${report.orderNo}: refund ${report.outRefundNo} of ¥${fenToYuan(report.amount)}`;
  if (report.status === 'succeeded') return `${head} done; the order is refunded`;
  if (report.status === 'pending') return `${head} sent; waiting for the provider to confirm it`;
  return `${head} failed (${report.failure ?? 'refused'}); the order stays refunding: run order refund again or order refund-reject`;
}

/** The help text. */
export function usage(): string {
  const lines = COMMANDS.map((c) => `  npm run admin -- ${c.name.join(' ')} ${c.usage}\n      ${c.summary}`);
  return `玄历 operator commands:\n${lines.join('\n')}\n`;
}

/**
 * The command `argv` names and `parseArgs`' reading of the words after its name, with the command's
 * options as strings and its switches as booleans; {@link UsageError} when no command is named.
 */
function commandWords(argv: readonly string[]) {
  const command = COMMANDS.find((c) => c.name.every((word, i) => argv[i] === word));
  if (!command)
    throw new UsageError(argv.length ? `unknown command '${argv.join(' ')}'` : 'no command given');
  const options: Record<string, { type: 'string' | 'boolean' }> = {};
  for (const name of command.options) options[name] = { type: 'string' };
  for (const name of command.flags ?? []) options[name] = { type: 'boolean' };
  // Not strict: parseArgs' own refusals name positionals and '--'; ours below name the option alone.
  const { tokens } = parseArgs({
    args: argv.slice(command.name.length),
    options,
    strict: false,
    allowPositionals: true,
    tokens: true,
  });
  return { command, options, tokens };
}

/** The command `argv` names and its parsed arguments; {@link UsageError} when there is none or an option is wrong. */
export function parseCommand(argv: readonly string[]): { command: Command; args: CommandArgs } {
  const { command, options, tokens } = commandWords(argv);
  const args: CommandArgs = { positional: [], options: {}, flags: [] };
  for (const token of tokens) {
    if (token.kind === 'positional') args.positional.push(token.value);
    if (token.kind !== 'option') continue;
    const type = options[token.name]?.type;
    if (type === 'boolean' && token.inlineValue === undefined) args.flags.push(token.name);
    else if (type !== 'string') throw new UsageError(`unknown option ${token.rawName}`);
    else if (token.value === undefined) throw new UsageError(`--${token.name} needs a value`);
    else args.options[token.name] = token.value;
  }
  return { command, args };
}

/** Parses and runs `argv`; answers the command's output. */
export async function runCommand(context: CommandContext, argv: readonly string[]): Promise<string> {
  const { command, args } = parseCommand(argv);
  return command.run(context, args);
}
