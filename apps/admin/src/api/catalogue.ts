/** The catalogue calls of the console (roles admin and editor; packages/contracts/src/admin-shop.ts). */
import type {
  AdminCategoryList,
  AdminProductBody,
  AdminProductDetail,
  AdminProductList,
  AdminProductQuery,
  AdminSkuBody,
  AdminSkuCreateBody,
  AdminStockBody,
} from '@xuanli/contracts/admin-shop';
import { CONSOLE_ROUTES } from '@xuanli/contracts/routes/paths';
import { api } from '@/lib/api';

/** `GET /api/admin/catalogue/categories`. */
export function listCategories(): Promise<AdminCategoryList> {
  return api.call(CONSOLE_ROUTES.shop.getCatalogueCategories);
}

/** `GET /api/admin/catalogue/products`: every product, on the shelf or not. */
export function listProducts(query: AdminProductQuery): Promise<AdminProductList> {
  return api.call(CONSOLE_ROUTES.shop.getCatalogueProducts, { query });
}

/** `GET /api/admin/catalogue/products/{id}`: the product with its SKUs. */
export function getProduct(id: number): Promise<AdminProductDetail> {
  return api.call(CONSOLE_ROUTES.shop.getCatalogueProductsById, { params: { id } });
}

/** `POST /api/admin/catalogue/products`: a new product, off the shelf. */
export function createProduct(body: AdminProductBody): Promise<AdminProductDetail> {
  return api.call(CONSOLE_ROUTES.shop.postCatalogueProducts, { body });
}

/** `POST /api/admin/catalogue/products/{id}`: saves the product's fields. */
export function updateProduct(id: number, body: AdminProductBody): Promise<AdminProductDetail> {
  return api.call(CONSOLE_ROUTES.shop.postCatalogueProductsById, { params: { id }, body });
}

/** `POST /api/admin/catalogue/products/{id}/shelf`: 上架 or 下架. */
export function setShelf(id: number, onShelf: boolean): Promise<AdminProductDetail> {
  return api.call(CONSOLE_ROUTES.shop.postCatalogueProductsByIdShelf, { params: { id }, body: { onShelf } });
}

/** `POST /api/admin/catalogue/products/{id}/skus`: a new SKU. */
export function createSku(productId: number, body: AdminSkuCreateBody): Promise<AdminProductDetail> {
  return api.call(CONSOLE_ROUTES.shop.postCatalogueProductsByIdSkus, { params: { id: productId }, body });
}

/** `POST /api/admin/catalogue/skus/{id}`: saves a SKU's name, spec, image and price. */
export function updateSku(skuId: number, body: AdminSkuBody): Promise<AdminProductDetail> {
  return api.call(CONSOLE_ROUTES.shop.postCatalogueSkusById, { params: { id: skuId }, body });
}

/** `POST /api/admin/catalogue/skus/{id}/stock`: sets the pieces for sale. */
export function setStock(skuId: number, body: AdminStockBody): Promise<AdminProductDetail> {
  return api.call(CONSOLE_ROUTES.shop.postCatalogueSkusByIdStock, { params: { id: skuId }, body });
}
