/**
 * The masters every fresh install starts with (dashi, PRODUCT.md#content; sellid 1 is the default master).
 * The studio and the people are fictional; operators replace them in the console. The seed draws each an
 * example avatar and a QR code of their WeChat ID (the content module's contact-pictures.ts), marked 示例 in the console.
 */

import type { MasterSeed } from '../../../src/modules/content/index.ts';

/** The three seeded masters, in the order the app lists them. */
export const MASTER_SEEDS: readonly MasterSeed[] = [
  {
    sellid: 1,
    nickname: '七星堂·张师傅',
    intro:
      '七星堂主理师傅，研习子平八字与传统择日二十余年，擅长结合节气与四柱讲解命局，说话平实，不故弄玄虚。可咨询八字解读、婚嫁与开业择日、黄历用法等问题。添加微信时请注明“玄历”。',
    wx: 'xuanli_zhang',
    sort: 1,
  },
  {
    sellid: 2,
    nickname: '七星堂·李师傅',
    intro:
      '专注家居风水与起名，熟悉传统建筑的朝向、格局讲究，也了解现代住宅的实际情况，常为新居装修、店铺布置和新生儿起名提供参考意见。给出的建议都从日常生活的实用角度出发，不推销任何物件。',
    wx: 'xuanli_li',
    sort: 2,
  },
  {
    sellid: 3,
    nickname: '七星堂·王老师',
    intro:
      '玄历课堂讲师，多年讲授传统历法与民俗文化入门课程，善于把天干地支、二十四节气、老黄历术语讲得通俗易懂。学员在课程学习中遇到看不懂的地方，欢迎添加微信交流，也可以预约一对一答疑。',
    wx: 'xuanli_wang',
    sort: 3,
  },
];
