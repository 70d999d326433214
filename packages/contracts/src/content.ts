/**
 * Editable content blocks: PRODUCT.md#paths `base/sysapi/label` (e.g. the customer-service card), and the
 * masters (dashi, PRODUCT.md#content; `crm/dashi`, `crm/dashi/list`). Articles are in article.ts.
 */
import { type Static, Type } from 'typebox';
import { RowId } from './common.ts';

/** Body of `POST /api/base/sysapi/label`, e.g. `{model: 'crm', name: '在线客服'}`. */
export const LabelBodySchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.String({ minLength: 1, maxLength: 64 }),
});

/** A label request. */
export type LabelBody = Static<typeof LabelBodySchema>;

/**
 * A label; `content` holds the structured block (for the customer-service card: a master's fields,
 * PRODUCT.md#content).
 */
export const LabelSchema = Type.Object({
  model: Type.String(),
  name: Type.String(),
  title: Type.String(),
  body: Type.String(),
  content: Type.Unknown({ description: 'Structured block, e.g. the customer-service card' }),
});

/** A label answer. */
export type Label = Static<typeof LabelSchema>;

/** PRODUCT.md#content: the nickname shown when a master record has none. */
export const DEFAULT_MASTER_NICKNAME = '七星堂师傅';

/**
 * A master/teacher (dashi, PRODUCT.md#content), shown in the master contact dialog. The customer-service card
 * of `base/sysapi/label` has the same fields without `sellid`.
 */
export const MasterSchema = Type.Object(
  {
    sellid: Type.Integer({
      minimum: 1,
      description: 'Master id (PRODUCT.md#content: the record is keyed by sellid)',
    }),
    avatar: Type.String({
      description: "Picture URL (https or /api/files/…), or '' for the app's default picture",
    }),
    nickname: Type.String({
      description: "Shown name; '七星堂师傅' when the record has none (PRODUCT.md#content)",
    }),
    intro: Type.String({ description: 'A short introduction' }),
    wx: Type.String({
      description: "WeChat ID to copy; '' when there is none (the app then shows 暂无微信号)",
    }),
    qrcode: Type.String({ description: "WeChat QR code picture URL, or ''" }),
  },
  { description: 'A master (dashi, PRODUCT.md#content)' },
);

/** A master. */
export type Master = Static<typeof MasterSchema>;

/** Query of `GET /api/crm/dashi`. */
export const MasterQuerySchema = Type.Object({
  sellid: Type.Optional(
    Type.Union([RowId(), Type.Literal('')], {
      description:
        'Master id; absent or empty = the default master (the first active one in the operators’ order)',
    }),
  ),
});

/** A master request. */
export type MasterQuery = Static<typeof MasterQuerySchema>;

/** `resData` of `GET /api/crm/dashi/list`. */
export const MasterListSchema = Type.Object(
  { list: Type.Array(MasterSchema, { description: 'Active masters, default first' }) },
  { description: 'Every active master' },
);

/** A master list. */
export type MasterList = Static<typeof MasterListSchema>;
