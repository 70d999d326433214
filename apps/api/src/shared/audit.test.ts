/**
 * drizzle/0007_audit_append_only.sql, the trail's own migration step (custom SQL, its only copy), on a table as it stood before the console: rows whose
 * change sat as JSON text in `detail` move to `before`/`after` in the writers' current shapes (the
 * reason stays in `detail`), rows already in the new shape are left alone, and afterwards no row can
 * be changed or deleted. Run in a schema of its own inside a transaction that is rolled back. And
 * changeAudited: an operator's change and its audit row stand or fall together.
 */
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/suite.ts';
import { auditLog, changeAudited, writeAudit } from './audit.ts';

const AUDIT_SQL = readFileSync(new URL('../../drizzle/0007_audit_append_only.sql', import.meta.url), 'utf8');

class RolledBack extends Error {}

/** The rows of a raw query's result (PGlite and node-postgres both answer `{rows}`). */
function rowsOf<T>(result: unknown): T[] {
  return (result as { rows: T[] }).rows;
}

interface Row {
  id: number;
  action: string;
  before: unknown;
  after: unknown;
  detail: string;
}

describe('the audit_log migration step', () => {
  const t = useTestApp();

  it('moves legacy JSON details into before/after, keeps the reason, then refuses changes', async () => {
    let rows: Row[] = [];
    let updateError: unknown;
    let deleteError: unknown;
    await t.database.db
      .transaction(async (tx) => {
        await tx.execute(sql.raw('create schema audit_legacy_test'));
        await tx.execute(sql.raw('set local search_path = audit_legacy_test'));
        await tx.execute(
          sql.raw(`create table audit_log (
            id integer generated always as identity primary key, at timestamptz not null, actor text not null,
            operator_id integer, action text not null, target text not null, before jsonb, after jsonb,
            detail text not null default '')`),
        );
        await tx.execute(
          sql.raw(`insert into audit_log (at, actor, action, target, detail, before, after) values
            (now(), 'ops@host', 'vip.grant', 'user:1', '{"days":7,"before":null,"after":"2026-01-22T04:00:00.000Z","reason":"活动赠送"}', null, null),
            (now(), 'ops@host', 'vip.revoke', 'user:1', '{"before":"2026-01-22T04:00:00.000Z","after":null,"reason":null}', null, null),
            (now(), 'ops@host', 'sku.stock', 'sku:5', '{"before":3,"after":25,"reason":"到货"}', null, null),
            (now(), 'ops@host', 'order.ship', 'order:1', '{"before":"paid","after":"shipped","tracking":"顺丰 SF1"}', null, null),
            (now(), 'chief', 'vip.grant', 'user:2', '{想想}', '{"vipExpire":null}', '{"vipExpire":"2027-01-01T00:00:00.000Z","days":30}')`),
        );
        for (const statement of AUDIT_SQL.split('--> statement-breakpoint')) {
          await tx.execute(sql.raw(statement));
        }
        rows = rowsOf<Row>(
          await tx.execute(sql.raw('select id, action, before, after, detail from audit_log order by id')),
        );
        await tx
          .transaction((inner) => inner.execute(sql.raw("update audit_log set detail = 'x' where id = 1")))
          .catch((error: unknown) => {
            updateError = error;
          });
        await tx
          .transaction((inner) => inner.execute(sql.raw('delete from audit_log where id = 1')))
          .catch((error: unknown) => {
            deleteError = error;
          });
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    expect(rows.map(({ action, before, after, detail }) => ({ action, before, after, detail }))).toEqual([
      {
        action: 'vip.grant',
        before: { vipExpire: null },
        after: { vipExpire: '2026-01-22T04:00:00.000Z', days: 7 },
        detail: '活动赠送',
      },
      {
        action: 'vip.revoke',
        before: { vipExpire: '2026-01-22T04:00:00.000Z' },
        after: { vipExpire: null },
        detail: '',
      },
      { action: 'sku.stock', before: { stock: 3 }, after: { stock: 25 }, detail: '到货' },
      {
        action: 'order.ship',
        before: { status: 'paid' },
        after: { status: 'shipped', tracking: '顺丰 SF1' },
        detail: '',
      },
      // Already in the new shape (a reason that merely looks like JSON): untouched.
      {
        action: 'vip.grant',
        before: { vipExpire: null },
        after: { vipExpire: '2027-01-01T00:00:00.000Z', days: 30 },
        detail: '{想想}',
      },
    ]);
    // Drizzle wraps the database's error; the refusal itself is its cause (SQLSTATE 42501).
    for (const error of [updateError, deleteError]) {
      const cause = (error as { cause?: { code?: string; message?: string } } | undefined)?.cause;
      expect(cause?.message).toMatch(/never changed or deleted/);
      expect(cause?.code).toBe('42501');
    }
    // Nothing of the exercise stayed behind.
    const schemas = await t.database.db.execute(
      sql.raw("select 1 from information_schema.schemata where schema_name = 'audit_legacy_test'"),
    );
    expect(rowsOf(schemas)).toEqual([]);
  });
});

describe('changeAudited', () => {
  const t = useTestApp();

  const chief = { actor: 'chief', operatorId: 7 };
  const rowsOfAction = (action: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('records the change before and after under the action and target, at the clock reading the change saw', async () => {
    let seen: Date | undefined;
    const result = await changeAudited(
      { db: t.database.db, clock: t.clock },
      chief,
      'test.audited',
      async (_tx, at) => {
        seen = at;
        return { before: { name: '旧' }, after: { name: '新' }, extra: 1 };
      },
      (change) => `thing:${change.extra}`,
    );
    expect(result).toEqual({ before: { name: '旧' }, after: { name: '新' }, extra: 1 });
    const rows = await rowsOfAction('test.audited');
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: 'chief',
      operatorId: 7,
      target: 'thing:1',
      before: { name: '旧' },
      after: { name: '新' },
      detail: '',
    });
    expect(rows[0].at.getTime()).toBe(seen?.getTime());
    expect(seen?.getTime()).toBe(t.clock.now());
  });

  it('keeps nothing of the change when its audit row cannot be written', async () => {
    await expect(
      changeAudited(
        { db: t.database.db, clock: t.clock },
        chief,
        'test.audited-target',
        async (tx, at) => {
          // Something the change writes in the same transaction.
          await writeAudit(tx, { ...chief, at, action: 'test.audited-inner', target: 'thing:2' });
          return { before: null, after: { n: 2 } };
        },
        () => {
          throw new Error('no target');
        },
      ),
    ).rejects.toThrow('no target');
    expect(await rowsOfAction('test.audited-inner')).toEqual([]);
    expect(await rowsOfAction('test.audited-target')).toEqual([]);
  });
});
