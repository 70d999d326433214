/** The native's sex as PRODUCT.md#bazi writes it: 男 (乾造, male chart) or 女 (坤造, female chart). */
import { AlmanacError } from '../errors.ts';

/** Sex of a chart. */
export type Sex = '男' | '女';

/** Checks a sex value; anything other than '男' or '女' → WRONG_SEX (性别参数错误！, PRODUCT.md#input-rules). */
export function parseSex(value: unknown): Sex {
  if (value === '男' || value === '女') return value;
  throw new AlmanacError('WRONG_SEX');
}

/** 乾造 for 男, 坤造 for 女. */
export function chartLabel(sex: Sex): string {
  return sex === '男' ? '乾造' : '坤造';
}
