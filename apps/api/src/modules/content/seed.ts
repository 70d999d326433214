/**
 * Content every fresh install needs: the customer-service card that SPEC §7 `base/sysapi/label` serves.
 * Inserts only what is missing, so an operator's later edits are never overwritten.
 */
import type { Db } from '../../db/client.ts';
import { content } from './schema.ts';

/** Content key of a label block, as asked for by `{model, name}` in base/sysapi/label. */
export function labelKey(model: string, name: string): string {
  return `${model}/label/${name}`;
}

/** SPEC §7: the customer-service label is requested with model 'crm' and this name. */
export const CUSTOMER_SERVICE_LABEL = { model: 'crm', name: '在线客服' } as const;

/** Inserts the labels that are missing; returns how many rows it wrote. */
export async function seedContent(db: Db): Promise<number> {
  const inserted = await db
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
  return inserted.length;
}
