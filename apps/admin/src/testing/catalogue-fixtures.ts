/** Products as the console API sends them (typed by packages/contracts/src/admin-shop.ts), for fakes. */
import type { AdminProductDetail, AdminProductSummary } from '@xuanli/contracts/admin-shop';

/** A product picture the console uploaded. */
export const PRODUCT_COVER = '/api/files/console/images/2026/11111111-1111-4111-8111-111111111111.webp';

/** A goods product of the catalogue as the console lists it: 小叶紫檀手串, off the shelf, one SKU. */
export function aProduct(overrides: Partial<AdminProductSummary> = {}): AdminProductSummary {
  return {
    id: 7,
    kind: 'goods',
    title: '小叶紫檀手串',
    subtitle: '老料手工',
    cover: PRODUCT_COVER,
    categoryId: 1,
    categoryName: '手串',
    onShelf: false,
    sales: 12,
    skuCount: 1,
    lowestPrice: 3_900,
    stock: 3,
    sort: 0,
    ...overrides,
  };
}

/** That product as its drawer and editing dialog load it: one 尺寸 option and its 8mm SKU. */
export function aProductDetail(overrides: Partial<AdminProductDetail> = {}): AdminProductDetail {
  return {
    ...aProduct(),
    images: [],
    description: '<p>老料</p>',
    originalPrice: null,
    courseId: null,
    sellid: null,
    options: [{ name: '尺寸', values: ['8mm'] }],
    skus: [
      {
        id: 70,
        title: '8mm',
        spec: { 尺寸: '8mm' },
        image: '',
        price: 3_900,
        vipPrice: null,
        stock: 3,
        sort: 0,
      },
    ],
    ...overrides,
  };
}
