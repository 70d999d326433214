/**
 * Shop answers for the web tests, typed by the wire (`@xuanli/contracts/shop`), so a test cannot pass
 * against a shape the API never sends.
 */
import type { Cart, CartItem, ProductDetail, ProductList, ProductSummary, Sku } from '@xuanli/contracts/shop';

/** A product as the list sends it: one SKU of 128 元 unless overridden. */
export function productSummary(overrides: Partial<ProductSummary> = {}): ProductSummary {
  const id = overrides.id ?? 1;
  return {
    id,
    kind: 'goods',
    title: `商品${id}`,
    subtitle: '',
    cover: `/api/files/shop/${id}.webp`,
    price: 12800,
    vipPrice: null,
    originalPrice: null,
    sales: 0,
    categoryId: 1,
    skus: [{ id: id * 10, price: overrides.price ?? 12800, vipPrice: null, stock: 50 }],
    ...overrides,
  };
}

/** One page of a product list. */
export function productPage(list: ProductSummary[], total = list.length): ProductList {
  return { list, total };
}

/** A SKU of the product page. */
export function sku(overrides: Partial<Sku> & Pick<Sku, 'id'>): Sku {
  return { price: 12800, vipPrice: null, stock: 50, title: '默认', spec: {}, image: '', ...overrides };
}

/**
 * A product page: 紫檀手串 in two sizes and two bead counts — 10mm / 108颗 sold out, 8mm / 54颗 with
 * three left — unless overridden.
 */
export function productDetail(overrides: Partial<ProductDetail> = {}): ProductDetail {
  const skus = overrides.skus ?? [
    sku({ id: 11, price: 12800, stock: 20, title: '8mm / 108颗', spec: { 尺寸: '8mm', 颗数: '108颗' } }),
    sku({ id: 12, price: 9800, stock: 3, title: '8mm / 54颗', spec: { 尺寸: '8mm', 颗数: '54颗' } }),
    sku({ id: 13, price: 16800, stock: 0, title: '10mm / 108颗', spec: { 尺寸: '10mm', 颗数: '108颗' } }),
  ];
  return {
    id: 5,
    kind: 'goods',
    title: '小叶紫檀手串',
    subtitle: '老料密度高，油性足',
    cover: '/api/files/shop/5-a.webp',
    price: Math.min(...skus.map((s) => s.price)),
    vipPrice: null,
    originalPrice: 19800,
    sales: 321,
    categoryId: 2,
    skus,
    images: ['/api/files/shop/5-a.webp', '/api/files/shop/5-b.webp', '/api/files/shop/5-c.webp'],
    description: '<p>每一颗都经手工打磨。</p><img src="/api/files/shop/5-d.webp" alt="细节">',
    options: [
      { name: '尺寸', values: ['8mm', '10mm'] },
      { name: '颗数', values: ['108颗', '54颗'] },
    ],
    courseId: null,
    sellid: null,
    onShelf: true,
    ...overrides,
  };
}

/** A cart line (available, selected, 2 of 128 元) unless overridden. */
export function cartItem(overrides: Partial<CartItem> & Pick<CartItem, 'skuId'>): CartItem {
  return {
    productId: overrides.skuId * 10,
    kind: 'goods',
    title: `商品${overrides.skuId}`,
    skuTitle: '默认',
    cover: '',
    price: overrides.price ?? 12800,
    listPrice: overrides.price ?? 12800,
    qty: 2,
    stock: 50,
    selected: true,
    available: true,
    ...overrides,
  };
}

/** A cart with the server's totals as given (the page must show them, never its own sums). */
export function cart(items: CartItem[], selectedTotal: number, selectedCount: number): Cart {
  return { items, selectedTotal, selectedCount };
}
