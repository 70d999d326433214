/**
 * The contact card data shared by the master (dashi) and customer-service dialogs (PRODUCT.md#content: both
 * have avatar, nickname, intro, wx, qrcode).
 */
import type { Master } from '@xuanli/contracts/content';

/** What a contact card shows. */
export type ContactInfo = Omit<Master, 'sellid'> & { sellid?: number };

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * A contact card from an answer's block, every field a string ('' when missing): the label's
 * `content` is free-form JSON an operator edits, so nothing in it is trusted to have the right shape.
 */
export function toContactInfo(value: unknown): ContactInfo {
  const record = value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
  const info: ContactInfo = {
    avatar: text(record.avatar),
    nickname: text(record.nickname),
    intro: text(record.intro),
    wx: text(record.wx),
    qrcode: text(record.qrcode),
  };
  if (typeof record.sellid === 'number') info.sellid = record.sellid;
  return info;
}
