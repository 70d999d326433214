import { LunarUtil } from 'lunar-typescript';
import { describe, expect, it } from 'vitest';
import { BRANCHES } from '../ganzhi.ts';
import { hiddenStemNames, hiddenStems } from './hiddenStems.ts';

describe('hiddenStems', () => {
  it('matches lunar-typescript ZHI_HIDE_GAN for all twelve branches, 本气 first', () => {
    for (let b = 0; b < 12; b++) expect(hiddenStemNames(b)).toEqual(LunarUtil.ZHI_HIDE_GAN[BRANCHES[b]]);
  });
  it('wraps indices', () => {
    expect(hiddenStems(-1)).toEqual(hiddenStems(11));
    expect(hiddenStemNames(14)).toEqual(['甲', '丙', '戊']);
  });
});
