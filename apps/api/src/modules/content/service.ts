/**
 * Editable content blocks (the `content` table).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../shared/errors.ts';
import { content } from './schema.ts';
import { labelKey } from './seed.ts';

/** A label as SPEC §7 base/sysapi/label answers it; `content` holds the structured block. */
export interface Label {
  model: string;
  name: string;
  title: string;
  body: string;
  content: unknown;
}

/** Reads the label `name` of `model`; 404 when there is none. */
export async function readLabel(db: Db, model: string, name: string): Promise<Label> {
  const [row] = await db
    .select()
    .from(content)
    .where(eq(content.key, labelKey(model, name)))
    .limit(1);
  if (row?.kind !== 'label') throw new AppError('NotFound', `no label '${name}' in '${model}'`);
  return { model, name, title: row.title, body: row.body, content: row.data ?? {} };
}
