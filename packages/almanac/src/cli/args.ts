/**
 * A small argv parser for the `xuanli` CLI: positionals, `--flag`, `--key value` and `--key=value`.
 * Written here rather than node:util's parseArgs so the CLI logic stays runnable in any JS engine.
 */
export interface ParsedArgs {
  positionals: string[];
  flags: Map<string, string | true>;
}

/** Splits `argv` into positionals and options; `valued` names the options that take a value. */
export function parseArgs(argv: readonly string[], valued: readonly string[]): ParsedArgs {
  const positionals: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positionals.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const key = eq > 0 ? arg.slice(2, eq) : arg.slice(2);
    if (eq > 0) flags.set(key, arg.slice(eq + 1));
    else if (valued.includes(key)) {
      const value = argv[i + 1];
      if (value === undefined) throw new UsageError(`--${key} needs a value`);
      flags.set(key, value);
      i++;
    } else flags.set(key, true);
  }
  return { positionals, flags };
}

/** Bad command-line usage: the CLI prints the message on stderr and exits with code 2. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
