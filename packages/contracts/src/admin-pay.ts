/**
 * The console's reconciliation wire (`/api/admin/pay-findings…`, roles of the orders area: admin and
 * support): what asking the payment providers found (对账异常), newest first, and marking one handled
 * with a note, which is audited. Dates are ISO instants; money in the detail text is in 元.
 */
import { type Static, Type } from 'typebox';
import {
  PAY_FINDING_KINDS,
  PAY_FINDING_NOTE_MAX,
  PAY_FINDING_NOTE_MIN,
  PAY_FINDING_STATUSES,
} from './admin-pay-labels.ts';
import { DateTime, pageOf, pageQuery, RowId } from './common.ts';
import { PAY_CHANNELS } from './shop-labels.ts';

export {
  PAY_FINDING_KIND_LABELS,
  PAY_FINDING_KINDS,
  PAY_FINDING_NOTE_MAX,
  PAY_FINDING_NOTE_MIN,
  PAY_FINDING_STATUS_LABELS,
  PAY_FINDING_STATUSES,
  type PayFindingKind,
  type PayFindingStatus,
} from './admin-pay-labels.ts';

const NullableText = (description: string) => Type.Union([Type.String(), Type.Null()], { description });

/** Query of `GET /api/admin/pay-findings`: every filter optional; newest findings first. */
export const AdminPayFindingQuerySchema = Type.Object(
  {
    status: Type.Optional(Type.Enum([...PAY_FINDING_STATUSES], { description: 'Open or handled only' })),
    orderNo: Type.Optional(
      Type.String({ pattern: '^\\d{1,20}$', description: 'The order number, or its first digits' }),
    ),
    ...pageQuery(),
  },
  { additionalProperties: false },
);

/** The reconciliation list's filters. */
export type AdminPayFindingQuery = Static<typeof AdminPayFindingQuerySchema>;

/** One finding. */
export const AdminPayFindingSchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  orderNo: Type.String({ description: 'The order the payment attempt was for' }),
  outTradeNo: Type.String({ description: 'The number the provider knows the attempt by' }),
  channel: Type.Enum([...PAY_CHANNELS]),
  kind: Type.Enum([...PAY_FINDING_KINDS], { description: 'What was found (PAY_FINDING_KIND_LABELS)' }),
  detail: Type.String({ description: 'What the provider said and what was done, in Chinese' }),
  foundAt: DateTime('When reconciliation found it'),
  resolvedAt: Type.Union([DateTime('When an operator marked it handled'), Type.Null()]),
  resolvedBy: NullableText('The operator who marked it handled'),
  resolution: NullableText("The operator's note"),
});

/** A finding. */
export type AdminPayFinding = Static<typeof AdminPayFindingSchema>;

/** A page of findings, and how many are still open in all. */
export const AdminPayFindingListSchema = Type.Object({
  ...pageOf(AdminPayFindingSchema),
  open: Type.Integer({ minimum: 0, description: 'Findings not yet handled, whatever the filters' }),
});

/** A page of findings. */
export type AdminPayFindingList = Static<typeof AdminPayFindingListSchema>;

/** Path of one finding's routes. */
export const AdminPayFindingParamsSchema = Type.Object({
  id: RowId(),
});

/** A finding's path. */
export type AdminPayFindingParams = Static<typeof AdminPayFindingParamsSchema>;

/** Body of `POST /api/admin/pay-findings/{id}/resolve`. */
export const AdminPayFindingResolveBodySchema = Type.Object(
  {
    note: Type.String({
      minLength: PAY_FINDING_NOTE_MIN,
      maxLength: PAY_FINDING_NOTE_MAX,
      description: `What was done (${PAY_FINDING_NOTE_MIN}–${PAY_FINDING_NOTE_MAX} characters), kept in the audit log`,
    }),
  },
  { additionalProperties: false },
);

/** Marking a finding handled. */
export type AdminPayFindingResolveBody = Static<typeof AdminPayFindingResolveBodySchema>;
