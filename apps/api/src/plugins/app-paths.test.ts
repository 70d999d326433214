import { describe, expect, it } from 'vitest';
import { caseFoldAppPath } from './app-paths.ts';

describe('caseFoldAppPath', () => {
  it('lower-cases the path of /api/app/ urls in any case, keeping the query', () => {
    expect(caseFoldAppPath('/api/app/bln.Suan/bzdata')).toBe('/api/app/bln.suan/bzdata');
    expect(caseFoldAppPath('/API/APP/BLN.SUAN/JXFEN')).toBe('/api/app/bln.suan/jxfen');
    expect(caseFoldAppPath('/Api/App/bln.Suan/miji?Token=AbC&x=Y')).toBe(
      '/api/app/bln.suan/miji?Token=AbC&x=Y',
    );
  });

  it('leaves every other url as it is', () => {
    for (const url of [
      '/',
      '/api/Calendar/day?date=X',
      '/api/apps/X',
      '/api/ap',
      '/xuanli/Assets/A.js',
      '/api/app',
    ]) {
      expect(caseFoldAppPath(url)).toBe(url);
    }
  });
});
