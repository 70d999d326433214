/**
 * `npm run admin -- backup|restore` as command functions: the file path the CLI makes absolute before
 * a command travels to a server, the refusals a server itself gives, and PostgreSQL pointed to its own
 * tools. The operator's runs (a live server, restores, an offline folder) are test/process-backup.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { testDatabaseKind } from '../../test/build.ts';
import { useTestApp } from '../../test/suite.ts';
import { AppError } from '../shared/errors.ts';
import { runCommand, UsageError, withAbsolutePaths } from './commands.ts';

describe('withAbsolutePaths', () => {
  it("makes a backup's or restore's file absolute against the operator's folder", () => {
    expect(withAbsolutePaths(['backup', 'nightly.tar.gz'], '/home/ops')).toEqual([
      'backup',
      '/home/ops/nightly.tar.gz',
    ]);
    expect(withAbsolutePaths(['restore', '--force', '../b.tar.gz'], '/home/ops')).toEqual([
      'restore',
      '--force',
      '/home/b.tar.gz',
    ]);
    expect(withAbsolutePaths(['backup', '/srv/b.tar.gz'], '/home/ops')).toEqual(['backup', '/srv/b.tar.gz']);
  });

  it('leaves every other command line as it was', () => {
    const argv = ['order', 'ship', '20260115120000123456', '顺丰', 'SF1234567890'];
    expect(withAbsolutePaths(argv, '/home/ops')).toEqual(argv);
    const reject = ['order', 'refund-reject', '20260115120000123456', '--reason', 'x/y'];
    expect(withAbsolutePaths(reject, '/home/ops')).toEqual(reject);
  });
});

describe('backup and restore run as commands', () => {
  const t = useTestApp();

  const admin = (...argv: string[]) =>
    runCommand({ db: t.database.db, clock: t.clock, actor: 'root@ops', config: t.config }, argv);

  it('take only an absolute file (the CLI makes it so)', async () => {
    await expect(admin('backup', 'relative.tar.gz')).rejects.toThrow(UsageError);
    await expect(admin('backup')).rejects.toThrow('expected backup <file>');
  });

  it('refuse a restore inside a server, which holds the database it would replace', async () => {
    await expect(admin('restore', '/tmp/any.tar.gz')).rejects.toThrow(
      new AppError('Conflict', 'a server holds the data folder: stop it, then run restore'),
    );
  });

  it.runIf(testDatabaseKind() === 'postgres')('point PostgreSQL to pg_dump', async () => {
    await expect(admin('backup', '/tmp/any.tar.gz')).rejects.toThrow(/use pg_dump and pg_restore/);
  });
});
