/**
 * Demo data every fresh install needs to be usable: a demo user, the customer-service card that
 * SPEC §7 `base/sysapi/label` serves and the miji reading texts (seed-readings.ts, which also refreshes
 * readings nobody edited). Idempotent — it runs at every start-up and only inserts what
 * is missing, so an operator's later edits to these rows are never overwritten.
 */
import type { Db } from './client.ts';
import { content, users } from './schema.ts';
import { seedReadings } from './seed-readings.ts';

/** Content key of a label block, as asked for by `{model, name}` in base/sysapi/label. */
export function labelKey(model: string, name: string): string {
  return `${model}/label/${name}`;
}

/** SPEC §7: the customer-service label is requested with model 'crm' and this name. */
export const CUSTOMER_SERVICE_LABEL = { model: 'crm', name: '在线客服' } as const;

/** The demo account's login handle; unique, so the seed can upsert by it. */
export const DEMO_ACCOUNT = 'demo';

/** Inserts the demo rows that are missing; returns how many rows it wrote (0 on a re-run). */
export async function seedDatabase(db: Db): Promise<number> {
  const insertedUsers = await db
    .insert(users)
    .values({ account: DEMO_ACCOUNT, nickname: '玄历示例用户', avatar: '' })
    .onConflictDoNothing({ target: users.account })
    .returning({ id: users.id });
  const insertedContent = await db
    .insert(content)
    .values([
      {
        key: labelKey(CUSTOMER_SERVICE_LABEL.model, CUSTOMER_SERVICE_LABEL.name),
        kind: 'label',
        title: CUSTOMER_SERVICE_LABEL.name,
        body: '添加客服微信，VIP 开通与私人定制由客服人工办理。',
        // Same fields as the master record (SPEC §3): the dialog renders both with one component.
        data: {
          avatar: '',
          nickname: '玄历客服',
          intro: '工作时间 9:00–21:00，添加微信后请说明需求。',
          wx: '',
          qrcode: '',
        },
      },
    ])
    .onConflictDoNothing({ target: content.key })
    .returning({ key: content.key });
  return insertedUsers.length + insertedContent.length + (await seedReadings(db));
}
