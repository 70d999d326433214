/**
 * The 开店清单 of the console's 概览 (role admin): what an operator must set before opening, each
 * `demo` or `set`. The content an install opens with is judged by the seed's `demo` markers (cleared
 * by any save in the console); payments by the channels the pay module actually opened (the sandbox
 * alone is not enough), SMS by the sender the member module was given (the outbox file sends nothing).
 */
import type { SetupCheck, SetupChecklist } from '@xuanli/contracts/admin-dashboard';
import type { SmsProvider } from '../../config.ts';
import { contentSetupState } from '../content/index.ts';
import type { PayService } from '../pay/index.ts';
import type { ConsoleDeps } from './deps.ts';

/** Chinese names of the real payment channels. */
const CHANNEL_NAMES: Record<string, string> = { wechat: '微信支付', alipay: '支付宝' };

/** Chinese names of the real SMS providers. */
const SMS_NAMES: Record<Exclude<SmsProvider, 'outbox'>, string> = {
  aliyun: '阿里云短信',
  tencent: '腾讯云短信',
};

/** What the checklist reads besides the database. */
export interface SetupSources {
  pay: Pick<PayService, 'channels'>;
  smsProvider: SmsProvider;
}

function paymentCheck(pay: SetupSources['pay']): SetupCheck {
  const real = pay.channels.list().filter((channel) => channel.name !== 'sandbox');
  return real.length > 0
    ? {
        item: 'payment',
        state: 'set',
        note: `已接入${real.map((c) => CHANNEL_NAMES[c.name] ?? c.name).join('、')}`,
      }
    : { item: 'payment', state: 'demo', note: '只有模拟支付（沙箱），用户无法真实付款' };
}

function smsCheck(provider: SmsProvider): SetupCheck {
  return provider === 'outbox'
    ? { item: 'sms', state: 'demo', note: '验证码只写入服务器的 outbox 文件，不会发到用户手机' }
    : { item: 'sms', state: 'set', note: `使用${SMS_NAMES[provider]}发送验证码` };
}

/** The titles of `rows` in 《》, joined. */
const titles = (rows: { title?: string; nickname?: string }[]) =>
  rows.map((row) => `《${row.title ?? row.nickname}》`).join('');

/**
 * A check of seeded content: `set` once there are `rows` and none of them is still the seed's example
 * (`demo`); the note says which case holds in the words `notes` gives for it.
 */
function seededCheck<Row extends { demo: boolean }>(
  item: SetupCheck['item'],
  rows: Row[],
  notes: { none: string; demo: (demoRows: Row[]) => string; set: (rows: Row[]) => string },
): SetupCheck {
  const demoRows = rows.filter((row) => row.demo);
  return {
    item,
    state: rows.length > 0 && demoRows.length === 0 ? 'set' : 'demo',
    note: rows.length === 0 ? notes.none : demoRows.length > 0 ? notes.demo(demoRows) : notes.set(rows),
  };
}

/** `GET admin/dashboard/setup`. */
export async function setupChecklist(deps: ConsoleDeps, sources: SetupSources): Promise<SetupChecklist> {
  const content = await contentSetupState(deps.db);
  const card = content.customerService;
  const cardSet = card !== null && !card.demo && (card.wx !== '' || card.qrcode !== '');
  const items: SetupCheck[] = [
    {
      item: 'customerService',
      state: cardSet ? 'set' : 'demo',
      note: cardSet
        ? `客服微信 ${card.wx || '（二维码）'}`
        : card && !card.demo
          ? '客服名片还没有微信号或二维码'
          : '客服名片仍是示例',
    },
    paymentCheck(sources.pay),
    smsCheck(sources.smsProvider),
    seededCheck('agreements', content.agreements, {
      none: '还没有协议文章',
      demo: (demoRows) => `${titles(demoRows)}仍是示例文本`,
      set: (rows) => `${titles(rows)}已修改`,
    }),
    seededCheck('masters', content.masters, {
      none: '还没有在 App 中显示的大师',
      demo: (demoRows) =>
        `${demoRows.length} 位大师仍是示例资料：${demoRows.map((m) => m.nickname).join('、')}`,
      set: (rows) => `${rows.length} 位大师的资料已修改`,
    }),
  ];
  return { items };
}
