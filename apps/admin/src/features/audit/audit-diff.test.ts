import { describe, expect, it } from 'vitest';
import { diffLines } from './audit-diff';

describe('diffLines', () => {
  it('lists only the changed fields, with Chinese names and values', () => {
    expect(
      diffLines(
        { role: 'support', displayName: '赵客服', disabledAt: null },
        { role: 'editor', displayName: '赵客服', disabledAt: '2026-01-15T05:00:00.000Z' },
      ),
    ).toEqual([
      { field: 'role', label: '角色', before: '客服', after: '内容编辑' },
      { field: 'disabledAt', label: '停用时间', before: '无', after: '2026-01-15 13:00' },
    ]);
  });

  it('lists every field of a created or deleted record on its side only', () => {
    expect(diffLines(null, { date: '2027-10-09', offDay: false })).toEqual([
      { field: 'date', label: '日期', before: null, after: '2027-10-09' },
      { field: 'offDay', label: '类型', before: null, after: '调休上班' },
    ]);
    expect(diffLines({ offDay: true }, null)).toEqual([
      { field: 'offDay', label: '类型', before: '放假', after: null },
    ]);
  });

  it('keeps unknown fields and plain values readable', () => {
    expect(diffLines({ extra: [1, 2] }, { extra: [1, 3] })).toEqual([
      { field: 'extra', label: 'extra', before: '[1,2]', after: '[1,3]' },
    ]);
    expect(diffLines(5, 6)).toEqual([{ field: '值', label: '值', before: '5', after: '6' }]);
    expect(diffLines({ a: 1 }, { a: 1 })).toEqual([]);
  });
});
