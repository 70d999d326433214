/**
 * The fortune types of 定制 (`yunType`, kept on the phone, default `caiyun`; the original app never
 * listed its options, so these five are ours, PRODUCT.md#dingzhi): 财运, 事业, 感情, 健康, 学业.
 */

/** The fortune types, the default first. */
export const YUN_TYPES = ['caiyun', 'shiye', 'ganqing', 'jiankang', 'xueye'] as const;

/** A fortune type. */
export type YunType = (typeof YUN_TYPES)[number];

/** The default fortune type (PRODUCT.md#dingzhi). */
export const DEFAULT_YUN_TYPE: YunType = 'caiyun';

/** Chinese label of each fortune type. */
export const YUN_TYPE_LABELS: Record<YunType, string> = {
  caiyun: '财运',
  shiye: '事业',
  ganqing: '感情',
  jiankang: '健康',
  xueye: '学业',
};

/** True when `value` is one of {@link YUN_TYPES}. */
export function isYunType(value: unknown): value is YunType {
  return typeof value === 'string' && (YUN_TYPES as readonly string[]).includes(value);
}
