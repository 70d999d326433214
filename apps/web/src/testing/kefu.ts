/** 在线客服 as the fake API answers it (`GET base/sysapi/label`, PRODUCT.md#paths). */
import type { Label } from '@xuanli/contracts/content';

/** The customer-service card: a nickname and a WeChat id, no pictures. */
export const KEFU_CARD = { avatar: '', nickname: '小玄', intro: '', wx: 'xuanli-kefu', qrcode: '' };

/** The 在线客服 label, its `content` the card. */
export function kefuLabel(content: unknown = KEFU_CARD): Label {
  return { model: 'crm', name: '在线客服', title: '在线客服', body: '', content };
}
