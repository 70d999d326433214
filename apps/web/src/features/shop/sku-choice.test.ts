import { describe, expect, it } from 'vitest';
import {
  chosenSku,
  initialSelection,
  isValueOffered,
  maxQtyOf,
  missingOption,
  optionsOf,
  priceRange,
  toggleValue,
} from './sku-choice';
import { productDetail, sku } from './testing';

describe('choosing a SKU', () => {
  const bracelet = productDetail();

  it('offers a value only when a SKU in stock has it with the other choices', () => {
    expect(isValueOffered(bracelet, {}, '尺寸', '8mm')).toBe(true);
    expect(isValueOffered(bracelet, {}, '尺寸', '10mm')).toBe(false);
    expect(isValueOffered(bracelet, { 尺寸: '8mm' }, '颗数', '54颗')).toBe(true);
    // 108颗 is in stock as 8mm only; choosing 108颗 first still keeps 8mm offered.
    expect(isValueOffered(bracelet, { 颗数: '108颗' }, '尺寸', '8mm')).toBe(true);
    expect(isValueOffered(bracelet, { 颗数: '54颗' }, '尺寸', '10mm')).toBe(false);
  });

  it('pins a SKU once every option has a value', () => {
    expect(chosenSku(bracelet, { 尺寸: '8mm' })).toBeNull();
    expect(missingOption(bracelet, { 尺寸: '8mm' })).toBe('颗数');
    expect(chosenSku(bracelet, { 尺寸: '8mm', 颗数: '54颗' })?.id).toBe(12);
    expect(missingOption(bracelet, { 尺寸: '8mm', 颗数: '54颗' })).toBeNull();
  });

  it('lets a chosen value go on a second tap and ignores a value not offered', () => {
    expect(toggleValue(bracelet, { 尺寸: '8mm' }, '尺寸', '8mm')).toEqual({});
    expect(toggleValue(bracelet, { 尺寸: '8mm' }, '颗数', '54颗')).toEqual({ 尺寸: '8mm', 颗数: '54颗' });
    expect(toggleValue(bracelet, {}, '尺寸', '10mm')).toEqual({});
  });

  it('starts with what there is to choose from: the one SKU in stock, or single values', () => {
    expect(initialSelection(bracelet)).toEqual({});
    const oneLeft = productDetail({
      skus: [
        sku({ id: 1, stock: 0, spec: { 尺寸: '8mm' }, title: '8mm' }),
        sku({ id: 2, stock: 4, spec: { 尺寸: '10mm' }, title: '10mm' }),
      ],
      options: [{ name: '尺寸', values: ['8mm', '10mm'] }],
    });
    expect(initialSelection(oneLeft)).toEqual({ 尺寸: '10mm' });
    const oneColour = productDetail({
      skus: [
        sku({ id: 1, stock: 4, spec: { 颜色: '红', 尺寸: '8mm' } }),
        sku({ id: 2, stock: 4, spec: { 颜色: '红', 尺寸: '10mm' } }),
      ],
      options: [
        { name: '颜色', values: ['红'] },
        { name: '尺寸', values: ['8mm', '10mm'] },
      ],
    });
    expect(initialSelection(oneColour)).toEqual({ 颜色: '红' });
  });

  it('needs no choice for a product of one SKU, and offers SKUs without options by title', () => {
    const single = productDetail({ options: [], skus: [sku({ id: 9 })] });
    expect(optionsOf(single)).toEqual([]);
    expect(chosenSku(single, {})?.id).toBe(9);
    const untitled = productDetail({
      options: [],
      skus: [sku({ id: 1, title: '大号' }), sku({ id: 2, title: '小号', stock: 0 })],
    });
    expect(optionsOf(untitled)).toEqual([{ name: '规格', values: ['大号', '小号'] }]);
    expect(isValueOffered(untitled, {}, '规格', '小号')).toBe(false);
    expect(chosenSku(untitled, { 规格: '大号' })?.id).toBe(1);
  });

  it('bounds the pieces by the stock and 99, and spans the SKU prices', () => {
    expect(maxQtyOf({ stock: 3 })).toBe(3);
    expect(maxQtyOf({ stock: 500 })).toBe(99);
    expect(maxQtyOf({ stock: 0 })).toBe(0);
    expect(priceRange(bracelet)).toEqual({ low: 9800, high: 16800 });
  });
});
