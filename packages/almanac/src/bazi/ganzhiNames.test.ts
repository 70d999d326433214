import { describe, expect, it } from 'vitest';
import { sexagenaryName } from '../ganzhi.ts';
import { GANZHI_NAMES, ganzhiName } from './ganzhiNames.ts';

describe('ganzhiName', () => {
  it('is sexagenaryName for every index, in and out of 0–59', () => {
    expect(GANZHI_NAMES).toHaveLength(60);
    expect(GANZHI_NAMES[0]).toBe('甲子');
    expect(GANZHI_NAMES[59]).toBe('癸亥');
    for (let i = -130; i < 190; i++) expect(ganzhiName(i)).toBe(sexagenaryName(i));
  });
});
