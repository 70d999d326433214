/**
 * The example customer-service card of a fresh install: who answers, when, and the WeChat ID its QR
 * code adds. The console's 开店清单 shows it as 示例 until an operator saves the real one.
 */
import type { ServiceCardSeed } from '../../src/modules/content/index.ts';

/** The card the seed stores when there is none. */
export const DEMO_SERVICE_CARD: ServiceCardSeed = {
  body: '添加客服微信，VIP 开通与私人定制由客服人工办理。',
  nickname: '玄历客服',
  intro: '工作时间 9:00–21:00，添加微信后请说明需求。',
  wx: 'xuanli_kefu',
};
