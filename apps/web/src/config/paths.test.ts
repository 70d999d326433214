import { describe, expect, it } from 'vitest';
import { isTabPath, paths, tabs, titleOf, toSearch } from './paths';

describe('paths', () => {
  it('builds links with an encoded query and leaves out undefined values', () => {
    expect(paths.courseShow.getHref({ id: 3, from: undefined })).toBe('/pages/ketang/show?id=3');
    expect(paths.almanacDay.getHref()).toBe('/pages/index/day');
    expect(toSearch({ url: 'https://a.b/?c=1&d=2' })).toBe('?url=https%3A%2F%2Fa.b%2F%3Fc%3D1%26d%3D2');
  });

  it('knows the six tab pages, ignoring any query', () => {
    expect(tabs.map((tab) => tab.path)).toEqual([
      paths.calendar.path,
      paths.suan.path,
      paths.dingzhi.path,
      paths.ketang.path,
      paths.shop.path,
      paths.user.path,
    ]);
    expect(isTabPath('/pages/index/shop?from=day')).toBe(true);
    expect(isTabPath('/pages/index/day')).toBe(false);
  });

  it('gives the Chinese title of a path, with / as the calendar', () => {
    expect(titleOf('/')).toBe('中华玄历');
    expect(titleOf('/pages/user/fuli?x=1')).toBe('VIP福利');
    expect(titleOf('/pages/unknown')).toBeUndefined();
  });
});
