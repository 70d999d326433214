/**
 * Editable content blocks: SPEC §7 `base/sysapi/label` (e.g. the customer-service card).
 */
import { type Static, Type } from 'typebox';

/** Body of `POST /api/base/sysapi/label`, e.g. `{model: 'crm', name: '在线客服'}`. */
export const LabelBodySchema = Type.Object({
  model: Type.String({ minLength: 1, maxLength: 32 }),
  name: Type.String({ minLength: 1, maxLength: 64 }),
});

/** A label request. */
export type LabelBody = Static<typeof LabelBodySchema>;

/** A label; `content` holds the structured block (for the customer-service card: SPEC §3 dashi fields). */
export const LabelSchema = Type.Object({
  model: Type.String(),
  name: Type.String(),
  title: Type.String(),
  body: Type.String(),
  content: Type.Unknown({ description: 'Structured block, e.g. the customer-service card' }),
});

/** A label answer. */
export type Label = Static<typeof LabelSchema>;
