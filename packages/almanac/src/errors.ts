/**
 * The one error type the engine throws. `code` is stable and machine-readable so that the API can
 * map it to a 400 envelope and the UI to a message beside the field; `message` is the text
 * PRODUCT.md#input-rules gives (e.g. 'wrong solar month', 生日参数错误！).
 */
export type AlmanacErrorCode =
  | 'WRONG_SOLAR_YEAR'
  | 'WRONG_SOLAR_MONTH'
  | 'WRONG_SOLAR_DAY'
  | 'WRONG_HOUR'
  | 'WRONG_MINUTE'
  | 'WRONG_SECOND'
  | 'WRONG_LUNAR_YEAR'
  | 'WRONG_LUNAR_MONTH'
  | 'WRONG_LUNAR_DAY'
  | 'OUT_OF_RANGE'
  | 'WRONG_COUNT'
  | 'WRONG_BIRTH_TEXT'
  | 'WRONG_SEX'
  | 'WRONG_BRANCH_WO'
  | 'WRONG_BRANCH_TA'
  | 'WRONG_OPTION';

/**
 * Messages the original app showed (PRODUCT.md#input-rules, #errors); the rest are ours, in the same style.
 */
export const ALMANAC_ERROR_MESSAGES: Record<AlmanacErrorCode, string> = {
  WRONG_SOLAR_YEAR: 'wrong solar year',
  WRONG_SOLAR_MONTH: 'wrong solar month',
  WRONG_SOLAR_DAY: 'wrong solar day',
  WRONG_HOUR: 'wrong hour',
  WRONG_MINUTE: 'wrong minute',
  WRONG_SECOND: 'wrong second',
  WRONG_LUNAR_YEAR: 'wrong lunar year',
  WRONG_LUNAR_MONTH: 'wrong lunar month',
  WRONG_LUNAR_DAY: 'wrong lunar day',
  OUT_OF_RANGE: 'date out of supported range',
  WRONG_COUNT: 'wrong count',
  WRONG_BIRTH_TEXT: '生日参数错误！',
  WRONG_SEX: '性别参数错误！',
  WRONG_BRANCH_WO: '不是地支(wo)',
  WRONG_BRANCH_TA: '不是地支(ta)',
  WRONG_OPTION: 'wrong option',
};

/** Thrown for every invalid input the engine can be given; never for a bug. */
export class AlmanacError extends Error {
  readonly code: AlmanacErrorCode;

  constructor(code: AlmanacErrorCode, message: string = ALMANAC_ERROR_MESSAGES[code]) {
    super(message);
    this.name = 'AlmanacError';
    this.code = code;
  }
}

/** True when `error` is an {@link AlmanacError}, also across bundle copies of this module. */
export function isAlmanacError(error: unknown): error is AlmanacError {
  return error instanceof Error && error.name === 'AlmanacError' && 'code' in error;
}
