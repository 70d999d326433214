import { describe, expect, it } from 'vitest';
import { filledWithin, problemRule } from './form-rules';

describe('problemRule', () => {
  const rule = problemRule((value: unknown) => (value === '' ? '请输入库存' : null));

  it('passes a value its check has nothing against', async () => {
    await expect(rule.validator(undefined, '3')).resolves.toBeUndefined();
  });

  it('fails with the sentence its check returns', async () => {
    await expect(rule.validator(undefined, '')).rejects.toThrow('请输入库存');
  });
});

describe('filledWithin', () => {
  it('asks for the field, not spaces alone, and bounds its length in the words of its name', () => {
    expect(filledWithin(20, '请填写标题', '标题')).toEqual([
      { required: true, whitespace: true, message: '请填写标题' },
      { max: 20, message: '标题最多 20 个字' },
    ]);
  });

  it('says only the bound when the field needs no name beside it', () => {
    expect(filledWithin(50, '请填写课程名称')[1]).toEqual({ max: 50, message: '不超过 50 个字' });
  });
});
