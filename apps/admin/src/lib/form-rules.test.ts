import { describe, expect, it } from 'vitest';
import { problemRule } from './form-rules';

describe('problemRule', () => {
  const rule = problemRule((value: unknown) => (value === '' ? '请输入库存' : null));

  it('passes a value its check has nothing against', async () => {
    await expect(rule.validator(undefined, '3')).resolves.toBeUndefined();
  });

  it('fails with the sentence its check returns', async () => {
    await expect(rule.validator(undefined, '')).rejects.toThrow('请输入库存');
  });
});
