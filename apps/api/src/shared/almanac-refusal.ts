/**
 * Engine refusals in Chinese for the routes that are ours alone (择日, 拼假, 合婚). The engine keeps the
 * English sentences the original app used for the older routes (PRODUCT.md#input-rules) ('wrong solar
 * month'), which those routes answer as they are; a newer route answers every refusal in Chinese, the
 * sentence a user reads for its code (contracts/errors.ts), keeping the person or field the engine named
 * before it ('新郎：…').
 */
import { ALMANAC_ERROR_MESSAGES, AlmanacError, isAlmanacError } from '@xuanli/almanac/errors';
import { ERROR_MESSAGES_ZH } from '@xuanli/contracts/errors';

/**
 * The result of `compute`; an AlmanacError it throws is thrown again with its English default sentence
 * (if it has one) replaced by the Chinese one, and `prefix` ('开始日期') before it when given. Other errors
 * pass through.
 */
export function inChinese<T>(compute: () => T, prefix?: string): T {
  try {
    return compute();
  } catch (error) {
    if (!isAlmanacError(error)) throw error;
    const sentence = ALMANAC_ERROR_MESSAGES[error.code];
    // The engine's own Chinese sentences (生日参数错误！) stay as they are.
    const english = !/[\u4e00-\u9fff]/.test(sentence);
    const message = english ? error.message.replace(sentence, ERROR_MESSAGES_ZH[error.code]) : error.message;
    throw new AlmanacError(error.code, prefix ? `${prefix}：${message}` : message);
  }
}
