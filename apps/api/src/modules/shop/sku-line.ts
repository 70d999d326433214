/**
 * What a cart line and checkout's pricing both read of a SKU and its product, as the columns of one
 * select: the query joins `products` to `skus` and adds the columns of its own (the cart's quantity,
 * checkout's course and master).
 */
import { products, skus } from './schema.ts';

/** A SKU with its product: the names and picture a line shows, its two prices in 分, its stock and shelf. */
export const SKU_LINE_COLUMNS = {
  productId: products.id,
  kind: products.kind,
  title: products.title,
  skuTitle: skus.title,
  cover: products.cover,
  skuImage: skus.image,
  price: skus.price,
  vipPrice: skus.vipPrice,
  stock: skus.stock,
  onShelf: products.onShelf,
};
